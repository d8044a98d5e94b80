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
	mrand "math/rand"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie"
)

func TestHashWithWork(t *testing.T) {
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
	want := tr.Copy().Hash()
	if root, w := tr.HashWithWork(); root != want || w.Nodes != 1 || w.Ops != 1+8+1 {
		t.Fatalf("one stem: HashWithWork = %x, %+v; want %x, 1 node, 10 ops", root, w, want)
	}
	// A second stem that differs in the first bit: an internal root above the
	// two stems. The first stem's hash is cached: only the new stem and the
	// root are rehashed.
	stemB := stemA
	stemB[0] = 0x80
	if err := tr.UpdateStem(stemB[:], values); err != nil {
		t.Fatal(err)
	}
	if _, w := tr.HashWithWork(); w.Nodes != 2 || w.Ops != 1+10 {
		t.Fatalf("second stem: HashWithWork = %+v; want 2 nodes, 11 ops", w)
	}
	if _, w := tr.HashWithWork(); w != (HashWork{}) {
		t.Errorf("nothing changed: HashWithWork = %+v; want none", w)
	}
}

// TestHashWithWorkAgainstWalk checks the counts made while hashing, on random
// tries deep enough for hashInternal's parallel levels, against a walk of the
// nodes that must be recomputed made before hashing.
func TestHashWithWorkAgainstWalk(t *testing.T) {
	rng := mrand.New(mrand.NewSource(1))
	tr := newEmptyTestTrie(t)
	for round := 0; round < 4; round++ {
		for i := 0; i < 300; i++ {
			updateRandomStem(tr, rng)
		}
		wantNodes, wantOps := tr.store.hashWorkByWalk(tr.store.root)
		want := tr.Copy().Hash()
		root, w := tr.HashWithWork()
		if root != want {
			t.Fatalf("round %d: root %x, want %x", round, root, want)
		}
		if w.Nodes != wantNodes || w.Ops != wantOps {
			t.Fatalf("round %d: HashWithWork counted %+v; the walk %d nodes, %d ops", round, w, wantNodes, wantOps)
		}
	}
}

// updateRandomStem writes one to a few values to a random stem: mostly new
// stems, sometimes an existing one.
func updateRandomStem(tr *BinaryTrie, rng *mrand.Rand) {
	stem := make([]byte, StemSize)
	rng.Read(stem[:2])
	if rng.Intn(4) > 0 {
		rng.Read(stem)
	}
	values := make([][]byte, StemNodeWidth)
	for n := rng.Intn(4) + 1; n > 0; n-- {
		values[rng.Intn(StemNodeWidth)] = common.Hash{byte(rng.Intn(255) + 1)}.Bytes()
	}
	if err := tr.UpdateStem(stem, values); err != nil {
		panic(err)
	}
}

// hashWorkByWalk counts the rehash work pending below ref by walking the
// nodes that must be recomputed: the reference for HashWithWork.
func (s *nodeStore) hashWorkByWalk(ref nodeRef) (nodes, ops int) {
	switch ref.Kind() {
	case kindInternal:
		node := s.getInternal(ref.Index())
		if !node.mustRecompute {
			return 0, 0
		}
		ln, lo := s.hashWorkByWalk(node.left)
		rn, ro := s.hashWorkByWalk(node.right)
		return 1 + ln + rn, 1 + lo + ro
	case kindStem:
		sn := s.getStem(ref.Index())
		if !sn.mustRecompute {
			return 0, 0
		}
		return 1, stemHashOpsByLevel(sn)
	default:
		return 0, 0
	}
}

// stemHashOpsByLevel counts StemNode.Hash's sha256 calls level by level.
func stemHashOpsByLevel(sn *StemNode) int {
	var present [StemNodeWidth]bool
	ops := 1
	for i := range StemNodeWidth {
		if sn.hasValue(byte(i)) {
			present[i] = true
			ops++
		}
	}
	for level := 1; level <= 8; level++ {
		for i := range StemNodeWidth / (1 << level) {
			present[i] = present[i*2] || present[i*2+1]
			if present[i] {
				ops++
			}
		}
	}
	return ops
}

// BenchmarkHashWithWork compares rehashing a trie of 20,000 stems after 200
// of them changed, with and without counting the work.
func BenchmarkHashWithWork(b *testing.B) {
	rng := mrand.New(mrand.NewSource(1))
	tr := &BinaryTrie{store: newNodeStore(), tracer: trie.NewPrevalueTracer()}
	stems := make([][]byte, 20000)
	values := make([][]byte, StemNodeWidth)
	for i := range stems {
		stems[i] = make([]byte, StemSize)
		rng.Read(stems[i])
		values[0] = common.Hash{1}.Bytes()
		if err := tr.UpdateStem(stems[i], values); err != nil {
			b.Fatal(err)
		}
	}
	tr.Hash()
	run := func(b *testing.B, hash func()) {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			for range 200 {
				values := make([][]byte, StemNodeWidth)
				values[0] = common.Hash{byte(i), 1}.Bytes()
				if err := tr.UpdateStem(stems[rng.Intn(len(stems))], values); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
			hash()
		}
	}
	b.Run("hash", func(b *testing.B) { run(b, func() { tr.Hash() }) })
	b.Run("with-work", func(b *testing.B) { run(b, func() { tr.HashWithWork() }) })
}
