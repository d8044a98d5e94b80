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

package rawdb

import (
	"bytes"
	"slices"
	"testing"
)

func TestPebbleBlockSizeRecord(t *testing.T) {
	db := NewMemoryDatabase()
	if size, ok, err := ReadPebbleBlockSize(db); ok || size != 0 || err != nil {
		t.Fatalf("empty database: have %d %v %v, want no record", size, ok, err)
	}
	for _, size := range []int{1 << 10, 4 << 10, 64 << 10, 3000} {
		WritePebbleBlockSize(db, size)
		have, ok, err := ReadPebbleBlockSize(db)
		if !ok || have != size || err != nil {
			t.Fatalf("have %d %v %v, want %d", have, ok, err, size)
		}
	}
	if err := db.Put(pebbleBlockSizeKey, []byte{0x40, 0x00}); err != nil {
		t.Fatal(err)
	}
	if size, ok, err := ReadPebbleBlockSize(db); err == nil {
		t.Fatalf("a 2-byte record: have %d %v, want an error", size, ok)
	}
}

// TestPebbleBlockSizeKeyKnown checks that the database inspector counts the
// block size record as metadata, not as unaccounted data.
func TestPebbleBlockSizeKeyKnown(t *testing.T) {
	if !slices.ContainsFunc(knownMetadataKeys, func(k []byte) bool { return bytes.Equal(k, pebbleBlockSizeKey) }) {
		t.Fatalf("%q is not among the inspector's metadata keys", pebbleBlockSizeKey)
	}
}
