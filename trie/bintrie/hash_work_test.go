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

package bintrie

import "testing"

func TestHashWork(t *testing.T) {
	tr := newEmptyTestTrie(t)
	value := make([]byte, HashSize)
	value[0] = 1

	// One stem with one value: the value's hash, one pair hash per level of
	// the stem's 8-level subtree, and the stem hash.
	var stemA [StemSize]byte
	values := make([][]byte, StemNodeWidth)
	values[0] = value
	if err := tr.UpdateStem(stemA[:], values); err != nil {
		t.Fatal(err)
	}
	if nodes, ops := tr.HashWork(); nodes != 1 || ops != 1+8+1 {
		t.Fatalf("one stem: HashWork = %d nodes, %d ops; want 1, 10", nodes, ops)
	}
	// A second stem that differs in the first bit: an internal root above the
	// two stems.
	stemB := stemA
	stemB[0] = 0x80
	if err := tr.UpdateStem(stemB[:], values); err != nil {
		t.Fatal(err)
	}
	if nodes, ops := tr.HashWork(); nodes != 3 || ops != 1+10+10 {
		t.Fatalf("two stems: HashWork = %d nodes, %d ops; want 3, 21", nodes, ops)
	}
	tr.Hash()
	if nodes, ops := tr.HashWork(); nodes != 0 || ops != 0 {
		t.Errorf("after Hash: HashWork = %d nodes, %d ops; want none", nodes, ops)
	}
}
