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

package pbt

import (
	"encoding/binary"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// benchKeys returns n keys as a population of accounts makes them: each
// account its basic data and code hash leaves, every fourth one a slot in its
// header and one in its storage bucket.
func benchKeys(n int) [][]byte {
	keys := make([][]byte, 0, n)
	for i := 0; len(keys) < n; i++ {
		var a common.Address
		binary.BigEndian.PutUint64(a[12:], uint64(i))
		keys = append(keys, BasicDataKey(a), CodeHashKey(a))
		if i%4 == 0 {
			keys = append(keys, StorageSlotKey(a, common.Hash{31: 3}), StorageSlotKey(a, common.Hash{30: 1, 31: 7}))
		}
	}
	return keys[:n]
}

// BenchmarkInsertHash builds a tree of 10,000 entries and hashes it.
func BenchmarkInsertHash(b *testing.B) {
	keys, value := benchKeys(10000), make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		var tree Tree
		for _, k := range keys {
			tree.Insert(k, value)
		}
		tree.Hash()
	}
}

// BenchmarkUpdateRehash changes 100 values of a 100,000-entry tree and
// hashes it again: the work a block does on a warm tree.
func BenchmarkUpdateRehash(b *testing.B) {
	keys, value := benchKeys(100000), make([]byte, 32)
	var tree Tree
	for _, k := range keys {
		tree.Insert(k, value)
	}
	tree.Hash()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := 0; j < 100; j++ {
			v := make([]byte, 32)
			binary.BigEndian.PutUint64(v, uint64(i))
			tree.Insert(keys[(i*7919)%len(keys)], v)
			i++
		}
		tree.Hash()
	}
}

// BenchmarkGet reads from a 100,000-entry tree.
func BenchmarkGet(b *testing.B) {
	keys, value := benchKeys(100000), make([]byte, 32)
	var tree Tree
	for _, k := range keys {
		tree.Insert(k, value)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		tree.Get(keys[i%len(keys)])
		i++
	}
}

// BenchmarkStorageSlotKey derives a storage zone key.
func BenchmarkStorageSlotKey(b *testing.B) {
	var a common.Address
	slot := common.Hash{30: 1, 31: 7}
	b.ReportAllocs()
	for b.Loop() {
		StorageSlotKey(a, slot)
	}
}
