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
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// memNodeDB serves the nodes of one committed trie by path.
type memNodeDB map[string][]byte

func (db memNodeDB) NodeReader(common.Hash) (database.NodeReader, error) { return db, nil }

func (db memNodeDB) Node(_ common.Hash, path []byte, _ common.Hash) ([]byte, error) {
	return db[string(path)], nil
}

// committedTrie commits n stems with one value each, at group depth gd, and
// returns their keys, the root and the nodes by path.
func committedTrie(tb testing.TB, n, gd int) ([][HashSize]byte, common.Hash, memNodeDB) {
	tb.Helper()
	tr := &BinaryTrie{store: newNodeStore(), tracer: trie.NewPrevalueTracer(), groupDepth: gd}
	keys := make([][HashSize]byte, n)
	for i := range keys {
		binary.BigEndian.PutUint64(keys[i][:8], uint64(i+1)*0x9e3779b97f4a7c15)
		binary.BigEndian.PutUint64(keys[i][8:16], uint64(i+1)*0xc2b2ae3d27d4eb4f)
		var v [HashSize]byte
		binary.BigEndian.PutUint64(v[24:], uint64(i+1))
		if err := tr.store.Insert(keys[i][:], v[:], nil); err != nil {
			tb.Fatal(err)
		}
	}
	root, set := tr.Commit(false)
	db := make(memNodeDB)
	for path, node := range set.Nodes {
		db[path] = node.Blob
	}
	return keys, root, db
}

// BenchmarkOpenAndRead opens a trie on a committed state and reads k keys,
// what a state reader, a prefetcher or one of its warming copies does for a
// block: most of what it resolves is new to it.
func BenchmarkOpenAndRead(b *testing.B) {
	keys, root, db := committedTrie(b, 20_000, 6)
	benchmarkOpenAndTouch(b, root, db, keys, []int{1, 100, 2000}, func(tr *BinaryTrie, key [HashSize]byte, _ int) error {
		_, err := tr.store.Get(key[:], tr.nodeResolver)
		return err
	}, nil)
}

// benchmarkOpenAndTouch runs one sub-benchmark per k in ks. Each iteration
// opens a trie on root at group depth 6, calls touch on k of keys, spread by
// a stride, with a sequence number distinct across iterations, and then
// finish, if not nil.
func benchmarkOpenAndTouch(b *testing.B, root common.Hash, db memNodeDB, keys [][HashSize]byte, ks []int,
	touch func(tr *BinaryTrie, key [HashSize]byte, seq int) error, finish func(tr *BinaryTrie)) {
	for _, k := range ks {
		b.Run(fmt.Sprintf("keys=%d", k), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				tr, err := NewBinaryTrie(root, db, 6)
				if err != nil {
					b.Fatal(err)
				}
				for j := 0; j < k; j++ {
					if err := touch(tr, keys[(i*k+j*7919)%len(keys)], i*k+j); err != nil {
						b.Fatal(err)
					}
				}
				if finish != nil {
					finish(tr)
				}
			}
		})
	}
}

// TestOpenAndReadValues checks what the benchmark reads.
func TestOpenAndReadValues(t *testing.T) {
	keys, root, db := committedTrie(t, 500, 6)
	tr, err := NewBinaryTrie(root, db, 6)
	if err != nil {
		t.Fatal(err)
	}
	for i, key := range keys {
		v, err := tr.store.Get(key[:], tr.nodeResolver)
		if err != nil {
			t.Fatal(err)
		}
		if got := binary.BigEndian.Uint64(v[24:]); got != uint64(i+1) {
			t.Fatalf("key %d: value %d", i, got)
		}
	}
}
