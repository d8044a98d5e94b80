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

package pagecache

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileResidency runs mincore on a real file: residency is within its size
// and a file just read is resident (reading needs no privileges).
func TestFileResidency(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, make([]byte, 3*4096+100), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WarmFiles(dir); err != nil {
		t.Fatal(err)
	}
	resident, total, err := NewKernel().Resident(dir)
	if err != nil {
		t.Fatal(err)
	}
	if total != 3*4096+100 {
		t.Errorf("total %d, want %d", total, 3*4096+100)
	}
	if resident != total {
		t.Errorf("resident %d of %d bytes of a file just read", resident, total)
	}
}

// TestDropCommand checks that a drop command's failure names the command
// and its output, and that a command that succeeds is a drop.
func TestDropCommand(t *testing.T) {
	if err := NewKernelCommand("true").Drop(); err != nil {
		t.Errorf("true: %v", err)
	}
	err := NewKernelCommand("echo sudo: a password is required >&2; exit 1").Drop()
	if err == nil || !strings.Contains(err.Error(), `"echo sudo`) || !strings.Contains(err.Error(), "a password is required") {
		t.Errorf("failing command: %v", err)
	}
}
