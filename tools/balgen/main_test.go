// Copyright 2026 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"

	"statelab/core/balsidecar"
)

func sampleFile() *balsidecar.File {
	return &balsidecar.File{Type: 4, Blocks: []*balsidecar.Block{{
		Number: 7,
		Hash:   common.Hash{7},
		Accounts: []*balsidecar.Account{
			{Address: common.Address{1}, Nonce: 2, Balance: uint256.NewInt(3), CodeHash: common.Hash{4}, StorageRoot: common.Hash{5},
				Slots: []common.Hash{{6}}, Values: []common.Hash{{8}}},
			{Address: common.Address{2}, Absent: true},
		},
	}}}
}

// TestConvert converts JSON to binary and back, and down to Type 1.
func TestConvert(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "a.bal.json")
	if err := writeFile(js, "", sampleFile(), io.Discard); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "a.bal")
	back := filepath.Join(dir, "b.bal.json")
	for _, args := range [][]string{
		{"convert", "--in", js, "--out", bin},
		{"convert", "--in", bin, "--out", back},
	} {
		if err := run(args, io.Discard); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	a, _ := os.ReadFile(js)
	b, _ := os.ReadFile(back)
	if !bytes.Equal(a, b) {
		t.Fatalf("JSON -> binary -> JSON changed the file:\n%s\n%s", a, b)
	}
	if raw, _ := os.ReadFile(bin); !bytes.HasPrefix(raw, []byte(balsidecar.Magic)) {
		t.Fatal("binary output lacks the magic")
	}
	t1 := filepath.Join(dir, "t1.bal")
	if err := run([]string{"convert", "--in", js, "--out", t1, "--type", "1"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	f, err := balsidecar.Load(t1)
	if err != nil || f.Type != 1 || len(f.Blocks[0].Accounts[0].Values) != 0 {
		t.Fatalf("type-1 conversion: %v %+v", err, f)
	}
	if err := run([]string{"convert", "--in", t1, "--out", filepath.Join(dir, "up.bal"), "--type", "3"}, io.Discard); err == nil || !strings.Contains(err.Error(), "cannot be converted up") {
		t.Fatalf("converting type 1 up to 3: %v", err)
	}
}

// TestUsageErrors checks that bad arguments are refused before any work.
func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"nope"},
		{"online", "--rpc", "http://127.0.0.1:1", "--from", "5", "--to", "4", "--out", "x"},
		{"online", "--rpc", "http://127.0.0.1:1", "--from", "1", "--to", "1", "--out", "x", "--type", "2"},
		{"offline", "--datadir", dir, "--dump", "d.rlp", "--out", "x"},
		{"convert", "--in", filepath.Join(dir, "missing"), "--out", "x"},
		{"convert", "--in", "a", "--out", "x", "--to", "yaml"},
	} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
	if _, err := os.Stat("x"); err == nil {
		t.Error("a refused command wrote its output")
	}
}
