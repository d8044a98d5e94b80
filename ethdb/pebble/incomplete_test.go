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

package pebble

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckComplete checks the refusal of a database whose creation was
// interrupted: one that lost its OPTIONS file and format version marker, as a
// kill between pebble's first manifest and its OPTIONS file leaves it.
func TestCheckComplete(t *testing.T) {
	dir := t.TempDir()
	if err := CheckComplete(filepath.Join(dir, "missing")); err != nil {
		t.Fatalf("a missing database: %v", err)
	}
	if err := CheckComplete(dir); err != nil {
		t.Fatalf("an empty directory: %v", err)
	}
	db, err := New(dir, 16, 16, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Put([]byte("key"), []byte("value")); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := CheckComplete(dir); err != nil {
		t.Fatalf("a complete database: %v", err)
	}
	// Take it back to where an interrupted creation stops.
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasPrefix(f.Name(), "OPTIONS-") || strings.HasPrefix(f.Name(), "marker.format-version.") {
			if err := os.Remove(filepath.Join(dir, f.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	err = CheckComplete(dir)
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), dir) {
		t.Fatalf("an interrupted creation: %v", err)
	}
	if !NeedsV1(dir) {
		t.Log("pebble no longer takes an interrupted creation for a v1 database")
	}
}
