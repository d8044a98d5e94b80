// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.
package main

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"
)

// TestImportFailureExitStatus checks that every failed import exits non-zero and
// names the file, with and without --nocompaction.
func TestImportFailureExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()

	// A block whose parent the database does not have.
	orphan := filepath.Join(dir, "orphan.rlp")
	block := types.NewBlockWithHeader(&types.Header{
		ParentHash: common.HexToHash("0x01"),
		Number:     big.NewInt(1),
		Difficulty: common.Big0,
		GasLimit:   5_000_000,
		Time:       10,
	})
	enc, err := rlp.EncodeToBytes(block)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(orphan, enc, 0o644); err != nil {
		t.Fatal(err)
	}
	// A file that is not an RLP block stream.
	garbage := filepath.Join(dir, "garbage.rlp")
	if err := os.WriteFile(garbage, []byte("this is not a chain"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.rlp")

	cases := []struct {
		file, want string
	}{
		{orphan, "unknown ancestor"},
		{garbage, "at block 0"},
		{missing, "no such file"},
	}
	for _, c := range cases {
		for _, extra := range [][]string{nil, {"--nocompaction"}} {
			args := append([]string{"--datadir", initGeth(t), "import"}, extra...)
			args = append(args, c.file)
			geth := runGeth(t, args...)
			geth.WaitExit()
			stderr := geth.StderrText()
			if geth.ExitStatus() == 0 {
				t.Errorf("geth %s: exit status 0 for a failed import", strings.Join(args[2:], " "))
			}
			if !strings.Contains(stderr, c.want) || !strings.Contains(stderr, c.file) {
				t.Errorf("geth %s: error does not say %q and name the file:\n%s", strings.Join(args[2:], " "), c.want, stderr)
			}
		}
	}
}
