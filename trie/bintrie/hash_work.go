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

import "math/bits"

// HashWork reports the rehash work pending in the trie, for telemetry: nodes
// is the number of internal and stem nodes whose hash must be recomputed, and
// ops the number of sha256 invocations the next Hash performs for them (one
// per internal node; for a stem, one per present value, one per non-empty
// pair in its 8-level subtree, and one for the stem itself). It walks only
// nodes that must be recomputed.
func (t *BinaryTrie) HashWork() (nodes, ops int) {
	return t.store.hashWork(t.store.root)
}

func (s *nodeStore) hashWork(ref nodeRef) (nodes, ops int) {
	switch ref.Kind() {
	case kindInternal:
		node := s.getInternal(ref.Index())
		if !node.mustRecompute {
			return 0, 0
		}
		ln, lo := s.hashWork(node.left)
		rn, ro := s.hashWork(node.right)
		return 1 + ln + rn, 1 + lo + ro
	case kindStem:
		sn := s.getStem(ref.Index())
		if !sn.mustRecompute {
			return 0, 0
		}
		return 1, stemHashOps(sn)
	default:
		return 0, 0
	}
}

// stemHashOps counts the sha256 calls StemNode.Hash makes: one per present
// value, one per subtree of the stem's 8-level tree with a present value
// below it, and one for the stem. It works on a bitmap of the present values
// so that counting costs a small fraction of the hashing it describes.
func stemHashOps(sn *StemNode) int {
	var present [StemNodeWidth / 64]uint64
	for i, v := range sn.values {
		if v != nil {
			present[i/64] |= 1 << (i % 64)
		}
	}
	ops := 1 // the stem hash itself
	for _, w := range present {
		ops += bits.OnesCount64(w)
		// After the step of level l, bit j (j a multiple of 2^l) is set if
		// any of the 2^l values from j on is present: the subtrees of level l
		// within the word.
		for l, mask := range subtreeMasks {
			w |= w >> (1 << l)
			ops += bits.OnesCount64(w & mask)
		}
	}
	// Levels 7 and 8 span words: two subtrees of 128 values, then the root.
	if present[0]|present[1] != 0 {
		ops++
	}
	if present[2]|present[3] != 0 {
		ops++
	}
	if present != [len(present)]uint64{} {
		ops++
	}
	return ops
}

// subtreeMasks selects, for the levels 1 to 6 of a stem's tree, the first bit
// of each subtree within a 64-value word.
var subtreeMasks = [6]uint64{
	0x5555555555555555,
	0x1111111111111111,
	0x0101010101010101,
	0x0001000100010001,
	0x0000000100000001,
	0x0000000000000001,
}
