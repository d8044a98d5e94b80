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

// stemHashOps counts the sha256 calls StemNode.Hash makes.
func stemHashOps(sn *StemNode) int {
	var present [StemNodeWidth]bool
	ops := 1 // the stem hash itself
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
