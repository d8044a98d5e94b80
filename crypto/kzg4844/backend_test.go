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

package kzg4844

import (
	"os"
	"os/exec"
	"testing"
)

// TestSelectCKZGDefersInit checks, in a fresh process (other tests of this
// package initialize the library), that SelectCKZG leaves the trusted setup
// unloaded and that the first operation loads it.
func TestSelectCKZGDefersInit(t *testing.T) {
	if os.Getenv("KZG4844_SELECT_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSelectCKZGDefersInit$", "-test.v")
		cmd.Env = append(os.Environ(), "KZG4844_SELECT_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("child process: %v\n%s", err, out)
		}
		return
	}
	if err := SelectCKZG(false); err != nil {
		t.Fatal(err)
	}
	if context != nil {
		t.Fatal("SelectCKZG loaded the trusted setup")
	}
	blob := new(Blob)
	if _, err := BlobToCommitment(blob); err != nil {
		t.Fatal(err)
	}
	if context == nil {
		t.Fatal("the first operation did not load the trusted setup")
	}
}
