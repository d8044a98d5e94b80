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
	"math/rand"
	"testing"
)

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

// stemHashOpsByLevel counts StemNode.Hash's sha256 calls level by level, as
// Hash itself goes: the reference for stemHashOps.
func stemHashOpsByLevel(sn *StemNode) int {
	var present [StemNodeWidth]bool
	ops := 1
	for i, v := range sn.values {
		if v != nil {
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

// randomStem returns a stem whose values are present with probability p.
func randomStem(rng *rand.Rand, p float64) *StemNode {
	sn := new(StemNode)
	for i := range sn.values {
		if rng.Float64() < p {
			sn.values[i] = []byte{byte(i)}
		}
	}
	return sn
}

func TestStemHashOps(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var empty StemNode
	if got := stemHashOps(&empty); got != 1 {
		t.Fatalf("empty stem: %d ops, want 1", got)
	}
	for _, i := range []int{0, 63, 64, 127, 128, 255} {
		var sn StemNode
		sn.values[i] = []byte{}
		if got := stemHashOps(&sn); got != 1+1+8 {
			t.Fatalf("value %d alone: %d ops, want 10", i, got)
		}
	}
	for n := 0; n < 2000; n++ {
		sn := randomStem(rng, []float64{0.005, 0.05, 0.5, 0.95}[n%4])
		if got, want := stemHashOps(sn), stemHashOpsByLevel(sn); got != want {
			t.Fatalf("stem %d: %d ops, want %d", n, got, want)
		}
	}
}

// BenchmarkStemHashOps compares counting a stem's hash work with hashing it:
// the count is paid for every rehashed stem of a traced block.
func BenchmarkStemHashOps(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	sn := randomStem(rng, 0.02)
	b.Run("bitmap", func(b *testing.B) {
		for b.Loop() {
			stemHashOps(sn)
		}
	})
	b.Run("by-level", func(b *testing.B) {
		for b.Loop() {
			stemHashOpsByLevel(sn)
		}
	})
	b.Run("hash", func(b *testing.B) {
		for b.Loop() {
			sn.mustRecompute = true
			sn.Hash()
		}
	})
}
