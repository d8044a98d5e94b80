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
	"os"
	"path/filepath"
	"testing"
)

// TestVMDirFrom checks how a -trimpath build finds core/vm from the working
// directory of go test (core/vm/gen) and of go generate (core/vm).
func TestVMDirFrom(t *testing.T) {
	root := filepath.Join("/src", "go-ethereum")
	vm := filepath.Join(root, "core", "vm")
	for _, wd := range []string{vm, filepath.Join(vm, "gen")} {
		if got, err := vmDirFrom(wd); err != nil || got != vm {
			t.Errorf("from %s: %q, %v; want %s", wd, got, err, vm)
		}
	}
	for _, wd := range []string{root, filepath.Join(root, "gen"), filepath.Join(root, "core")} {
		if got, err := vmDirFrom(wd); err == nil {
			t.Errorf("from %s: %s, want an error", wd, got)
		}
	}
}

// TestVMDirHoldsDispatch checks that vmDir, however it resolved, is the
// directory holding the generated dispatch.
func TestVMDirHoldsDispatch(t *testing.T) {
	if _, err := os.Stat(filepath.Join(vmDir(), generatedFile)); err != nil {
		t.Fatal(err)
	}
}
