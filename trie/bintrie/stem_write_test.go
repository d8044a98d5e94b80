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

import (
	"encoding/binary"
	"testing"
)

// BenchmarkOpenWriteHash opens a trie on a committed state of 20,000 stems,
// writes k keys, half of them new stems (which split an existing one) and
// half updates of existing values, and hashes: the write path of a block on
// the binary trie, where nearly every written stem is resolved from the
// database or created.
func BenchmarkOpenWriteHash(b *testing.B) {
	keys, root, db := committedTrie(b, 20_000, 6)
	var v [HashSize]byte
	benchmarkOpenAndTouch(b, root, db, keys, []int{100, 2000}, func(tr *BinaryTrie, key [HashSize]byte, seq int) error {
		if seq%2 == 1 {
			binary.BigEndian.PutUint64(key[16:24], uint64(seq+1)*0x165667b19e3779f9)
		}
		binary.BigEndian.PutUint64(v[24:], uint64(seq+1))
		return tr.store.Insert(key[:], v[:], tr.nodeResolver)
	}, func(tr *BinaryTrie) { tr.Hash() })
}
