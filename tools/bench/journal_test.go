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

func TestJournalBytes(t *testing.T) {
	dir := t.TempDir()
	if n := journalBytes(dir); n != 0 {
		t.Errorf("datadir without a journal: %d bytes", n)
	}
	triedb := filepath.Join(dir, "geth", "triedb")
	if err := os.MkdirAll(triedb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(triedb, "verkle.journal"), make([]byte, 1234), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := journalBytes(dir); n != 1234 {
		t.Errorf("journal of %d bytes, want 1234", n)
	}
}
