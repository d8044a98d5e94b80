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
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie/trienode"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// recordDB is a node database holding one state: records by path.
type recordDB struct {
	records map[string][]byte
	reads   int
}

func (db *recordDB) NodeReader(common.Hash) (database.NodeReader, error) { return db, nil }

func (db *recordDB) Node(_ common.Hash, path []byte, _ common.Hash) ([]byte, error) {
	db.reads++
	return db.records[string(path)], nil
}

func (db *recordDB) apply(t *testing.T, set *trienode.NodeSet) {
	t.Helper()
	for path, n := range set.Nodes {
		if n.IsDeleted() {
			if _, ok := db.records[path]; !ok {
				t.Fatalf("deletes record at path of %d bits, which is not stored", len(path))
			}
			delete(db.records, path)
			continue
		}
		db.records[path] = n.Blob
	}
}

// reachable returns the paths of the records the tree at root references.
func (db *recordDB) reachable(t *testing.T, root common.Hash, depth int) map[string]bool {
	t.Helper()
	seen := make(map[string]bool)
	if root == (common.Hash{}) {
		return seen
	}
	var walk func(path []byte, h common.Hash)
	walk = func(path []byte, h common.Hash) {
		blob, ok := db.records[string(path)]
		if !ok {
			t.Fatalf("record at path of %d bits is missing", len(path))
		}
		seen[string(path)] = true
		n, err := decodeRecord(blob, path, common.Hash{})
		if err != nil {
			t.Fatal(err)
		}
		if got := n.hash(len(path)); got != h {
			t.Fatalf("record at path of %d bits hashes to %x, its parent references %x", len(path), got, h)
		}
		var refs func(n node, start int, rep []byte)
		refs = func(n node, start int, rep []byte) {
			b, ok := n.(*branchNode)
			if !ok {
				return
			}
			for bit, c := range [2]node{b.left, b.right} {
				if h, ok := c.(*hashedNode); ok {
					p := bitPath(b.rep, b.split+1)
					p[b.split] = byte(bit)
					if !isTop(b.split+1, depth) {
						t.Fatalf("reference to a record at bit %d, not a multiple of %d", b.split+1, depth)
					}
					walk(p, h.h)
					continue
				}
				refs(c, b.split+1, b.rep)
			}
		}
		refs(n, len(path), nil)
	}
	walk(nil, root)
	return seen
}

func openTrie(t *testing.T, db *recordDB, root common.Hash, depth int) *Trie {
	t.Helper()
	tr, err := New(root, db, depth)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestRecordsRoundTrip commits random changes at every group depth, reopens
// the tree from its records after each commit and compares it with an
// in-memory model: the root, every value, and that the stored records are
// exactly those the root references (none left stale).
func TestRecordsRoundTrip(t *testing.T) {
	for depth := 1; depth <= MaxGroupDepth; depth++ {
		t.Run(fmt.Sprintf("depth-%d", depth), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(depth)))
			db := &recordDB{records: make(map[string][]byte)}
			entries := make(map[string][]byte)
			var keys [][]byte
			root := common.Hash{}
			for round := 0; round < 12; round++ {
				tr := openTrie(t, db, root, depth)
				for step := 0; step < 150; step++ {
					if r := rng.Intn(10); r < 6 || len(keys) == 0 {
						k := randomKey(rng, keys)
						if _, ok := entries[string(k)]; !ok {
							keys = append(keys, k)
						}
						v := make([]byte, 32)
						rng.Read(v)
						if err := tr.tree.Insert(k, v); err != nil {
							t.Fatal(err)
						}
						entries[string(k)] = v
					} else {
						i := rng.Intn(len(keys))
						if err := tr.tree.Delete(keys[i]); err != nil {
							t.Fatal(err)
						}
						delete(entries, string(keys[i]))
						keys = append(keys[:i], keys[i+1:]...)
					}
				}
				var set *trienode.NodeSet
				root, set = tr.Commit(false)
				if want := referenceRoot(entries); root != want {
					t.Fatalf("round %d: root %x, want %x", round, root, want)
				}
				db.apply(t, set)
				reach := db.reachable(t, root, depth)
				if len(reach) != len(db.records) {
					t.Fatalf("round %d: %d records stored, %d reachable", round, len(db.records), len(reach))
				}
				// A second commit without changes writes nothing.
				if _, set := tr.Commit(false); len(set.Nodes) != 0 {
					t.Fatalf("round %d: a clean commit writes %d records", round, len(set.Nodes))
				}
				reopened := openTrie(t, db, root, depth)
				for k, v := range entries {
					got, err := reopened.tree.Get([]byte(k))
					if err != nil || !bytes.Equal(got, v) {
						t.Fatalf("round %d: reopened get %x = %x, %v; want %x", round, k, got, err, v)
					}
				}
				if got := reopened.Hash(); got != root {
					t.Fatalf("round %d: reopened root %x, want %x", round, got, root)
				}
			}
		})
	}
}

// TestRecordGrouping checks the size of records in the dense top of a tree:
// at depth d the root record holds 2^d-1 branches.
func TestRecordGrouping(t *testing.T) {
	for _, depth := range []int{1, 4, 6} {
		db := &recordDB{records: make(map[string][]byte)}
		tr := openTrie(t, db, common.Hash{}, depth)
		for i := range 20000 { // uniform keys: the tree is dense from its root
			k := keyHash([]byte{byte(i), byte(i >> 8)})
			tr.tree.Insert(k[:], bytes.Repeat([]byte{1}, 32))
		}
		_, set := tr.Commit(false)
		db.apply(t, set)
		root, err := decodeRecord(db.records[""], nil, common.Hash{})
		if err != nil {
			t.Fatal(err)
		}
		var branches func(n node) int
		branches = func(n node) int {
			if b, ok := n.(*branchNode); ok {
				return 1 + branches(b.left) + branches(b.right)
			}
			return 0
		}
		if got, want := branches(root), 1<<depth-1; got != want {
			t.Errorf("depth %d: root record holds %d branches, want %d", depth, got, want)
		}
	}
}

// TestRecordHash checks the path database's hasher: the root record alone
// gives the state root.
func TestRecordHash(t *testing.T) {
	db := &recordDB{records: make(map[string][]byte)}
	tr := openTrie(t, db, common.Hash{}, 3)
	for _, k := range benchKeys(500) {
		tr.tree.Insert(k, bytes.Repeat([]byte{2}, 32))
	}
	root, set := tr.Commit(false)
	db.apply(t, set)
	got, err := RecordHash(db.records[""])
	if err != nil || got != root {
		t.Fatalf("RecordHash = %x, %v; want %x", got, err, root)
	}
	for _, bad := range [][]byte{{0x07}, {recordBranch, 0, 3}, {recordLeaf, 40, 1}, append(bytes.Clone(db.records[""]), 0)} {
		if _, err := RecordHash(bad); err == nil {
			t.Errorf("record %x decodes", bad)
		}
	}
}

// TestLoadsOnlyThePath checks that a read loads the records on its key's
// path, not the tree.
func TestLoadsOnlyThePath(t *testing.T) {
	db := &recordDB{records: make(map[string][]byte)}
	tr := openTrie(t, db, common.Hash{}, 4)
	keys := benchKeys(20000)
	for _, k := range keys {
		tr.tree.Insert(k, bytes.Repeat([]byte{3}, 32))
	}
	root, set := tr.Commit(false)
	db.apply(t, set)
	reopened := openTrie(t, db, root, 4)
	db.reads = 0
	if v, err := reopened.tree.Get(keys[777]); err != nil || v == nil {
		t.Fatalf("get: %x, %v", v, err)
	}
	// 20,000 keys: a path of about 15 dense levels and a few sparse ones.
	if db.reads < 3 || db.reads > 8 {
		t.Fatalf("a read loaded %d records", db.reads)
	}
}

// BenchmarkCommit changes 100 values of a 100,000-entry tree stored at group
// depth 6 and commits it: the records a block rewrites.
func BenchmarkCommit(b *testing.B) {
	keys := benchKeys(100000)
	db := &recordDB{records: make(map[string][]byte)}
	tr, _ := New(common.Hash{}, db, 6)
	for _, k := range keys {
		tr.tree.Insert(k, bytes.Repeat([]byte{1}, 32))
	}
	tr.Commit(false)
	b.ReportAllocs()
	i, records := 0, 0
	for b.Loop() {
		for j := 0; j < 100; j++ {
			v := make([]byte, 32)
			v[0], v[1] = byte(i), byte(i>>8)
			tr.tree.Insert(keys[(i*7919)%len(keys)], v)
			i++
		}
		_, set := tr.Commit(false)
		records += len(set.Nodes)
	}
	b.ReportMetric(float64(records)/float64(b.N), "records/op")
}
