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
		if err := run(args, io.Discard, io.Discard); err != nil {
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
	if err := run([]string{"convert", "--in", js, "--out", t1, "--type", "1"}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	f, err := balsidecar.Load(t1)
	if err != nil || f.Type != 1 || len(f.Blocks[0].Accounts[0].Values) != 0 {
		t.Fatalf("type-1 conversion: %v %+v", err, f)
	}
	if err := run([]string{"convert", "--in", t1, "--out", filepath.Join(dir, "up.bal"), "--type", "3"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "cannot be converted up") {
		t.Fatalf("converting type 1 up to 3: %v", err)
	}
}

// TestUsageErrors checks that bad arguments are refused with an error that
// names the problem, before any work.
func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "a.bal.json")
	if err := writeFile(js, "", sampleFile(), io.Discard); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no command given"},
		{[]string{"nope"}, `unknown command "nope"`},
		{[]string{"online", "--rpc", "http://127.0.0.1:1", "--from", "5", "--to", "4", "--out", out}, "invalid block range --from 5 --to 4"},
		{[]string{"online", "--rpc", "http://127.0.0.1:1", "--from", "1", "--to", "1", "--out", out, "--type", "2"}, "invalid --type 2: BAL type must be 1, 3 or 4"},
		{[]string{"online", "--from", "1", "--to", "1", "--out", out}, `"rpc" not set`},
		{[]string{"offline", "--datadir", dir, "--dump", "d.rlp", "--out", out}, "is not a geth datadir"},
		{[]string{"offline", "--datadir", dir, "--dump", "d.rlp", "--out", out, "--type", "x"}, "invalid --type x"},
		{[]string{"convert", "--in", filepath.Join(dir, "missing"), "--out", out}, "no such file"},
		{[]string{"convert", "--in", js, "--out", out, "--to", "yaml"}, `invalid --to "yaml" (want json or binary)`},
		{[]string{"convert", "--in", js, "--out", out, "--type", "5"}, "invalid --type 5"},
		{[]string{"convert", "--in", js, out}, `"out" not set`},
		{[]string{"convert", "--in", js, "--out", out, "stray", "--to", "json"}, `unexpected arguments "stray --to json"`},
		{[]string{"eip7928", "--in", js, "--out", out, "--type", "9"}, "invalid --type 9: BAL type must be 1, 3 or 4"},
	} {
		err := run(c.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command wrote its output")
	}
}

// TestGethBinary checks where offline looks for geth: --geth, else geth in
// --bin, whose default STATELAB_BIN replaces.
func TestGethBinary(t *testing.T) {
	datadir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(datadir, "geth", "chaindata"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"offline", "--datadir", datadir, "--dump", "d.rlp", "--out", filepath.Join(t.TempDir(), "x")}
	for _, c := range []struct {
		env   string
		extra []string
		want  string
	}{
		{"", nil, filepath.Join("build", "bin", "geth")},
		{"/from/env", nil, "/from/env/geth"},
		{"/from/env", []string{"--bin", "/from/flag"}, "/from/flag/geth"},
		{"/from/env", []string{"--geth", "/my/geth"}, "/my/geth"},
	} {
		t.Setenv("STATELAB_BIN", c.env)
		if c.env == "" {
			os.Unsetenv("STATELAB_BIN")
		}
		err := run(append(args, c.extra...), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "geth binary: stat "+c.want+":") {
			t.Errorf("STATELAB_BIN=%q %v: error %v, want geth looked for at %s", c.env, c.extra, err, c.want)
		}
	}
}
