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
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestGeneratedEIP4762LaneUpToDate asserts that the committed
// interpreter_gen_eip4762.go is what the generator produces.
func TestGeneratedEIP4762LaneUpToDate(t *testing.T) {
	got, err := generateEIP4762()
	if err != nil {
		t.Fatalf("running generator: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(vmDir(), eip4762File))
	if err != nil {
		t.Fatalf("reading committed %s: %v", eip4762File, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date; run `go generate ./core/vm/...` and commit the result.\n"+
			"First difference (- committed, + generated):\n%s", eip4762File, firstDiff(want, got))
	}
}

// TestEIP4762Detours checks the detour set against what EIP-4762 is known to
// repoint among the opcodes with cases: every PUSH with data and CODECOPY go
// through the table, and opcodes it leaves alone keep their case.
func TestEIP4762Detours(t *testing.T) {
	g := &generator{buf: new(bytes.Buffer)}
	g.deriveSpecs(genForks())
	detours := g.eip4762Detours(vm.GenEIP4762Fork())
	for _, op := range []vm.OpCode{vm.PUSH1, vm.PUSH2, vm.PUSH20, vm.PUSH32, vm.CODECOPY} {
		if !detours[op] {
			t.Errorf("%s keeps its case under EIP-4762, whose table repoints it", op)
		}
	}
	for _, op := range []vm.OpCode{vm.ADD, vm.PUSH0, vm.DUP1, vm.SWAP16, vm.MLOAD, vm.KECCAK256, vm.JUMPI} {
		if detours[op] {
			t.Errorf("%s detours through the table, but EIP-4762 does not change it", op)
		}
	}
	for code, d := range detours {
		if d && g.tierOf(byte(code)) == tierTable {
			t.Errorf("%s detours but has no case to detour from", vm.OpCode(code))
		}
	}
}
