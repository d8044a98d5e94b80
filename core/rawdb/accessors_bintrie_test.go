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

func TestBinTrieGroupDepthRecord(t *testing.T) {
	db := NewMemoryDatabase()
	if depth, ok := ReadBinTrieGroupDepth(db); ok || depth != 0 {
		t.Fatalf("empty database: have %d %v, want no record", depth, ok)
	}
	for _, depth := range []int{1, 5, 8} {
		WriteBinTrieGroupDepth(db, depth)
		have, ok := ReadBinTrieGroupDepth(db)
		if !ok || have != depth {
			t.Fatalf("have %d %v, want %d", have, ok, depth)
		}
	}
}

// TestBinTrieGroupDepthKeyKnown checks that the database inspector counts the
// group depth record as metadata, not as unaccounted data.
func TestBinTrieGroupDepthKeyKnown(t *testing.T) {
	if !slices.ContainsFunc(knownMetadataKeys, func(k []byte) bool { return bytes.Equal(k, binTrieGroupDepthKey) }) {
		t.Fatalf("%q is not among the inspector's metadata keys", binTrieGroupDepthKey)
	}
}
