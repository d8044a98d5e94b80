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

package trie

// HashWork reports the rehash work pending in the trie: nodes is the number of
// modified nodes whose hash is not cached, each of which the next Hash runs
// through the hasher. It walks only modified nodes, so its cost is that of the
// modification, not of the trie. It is meant for telemetry.
func (t *Trie) HashWork() (nodes int) {
	return countUnhashed(t.root)
}

// HashedWork reports, after Hash, how many modified nodes were hashed with
// keccak256: nodes whose encoding is shorter than 32 bytes are embedded in
// their parent and not hashed on their own. Committed nodes are not counted.
func (t *Trie) HashedWork() (ops int) {
	return countHashedDirty(t.root)
}

func countUnhashed(n node) int {
	switch n := n.(type) {
	case *shortNode:
		if n.flags.hash != nil {
			return 0
		}
		return 1 + countUnhashed(n.Val)
	case *fullNode:
		if n.flags.hash != nil {
			return 0
		}
		count := 1
		for _, child := range n.Children[:16] {
			count += countUnhashed(child)
		}
		return count
	default:
		return 0
	}
}

func countHashedDirty(n node) int {
	switch n := n.(type) {
	case *shortNode:
		if !n.flags.dirty {
			return 0
		}
		return boolInt(n.flags.hash != nil) + countHashedDirty(n.Val)
	case *fullNode:
		if !n.flags.dirty {
			return 0
		}
		count := boolInt(n.flags.hash != nil)
		for _, child := range n.Children[:16] {
			count += countHashedDirty(child)
		}
		return count
	default:
		return 0
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// HashWork is Trie.HashWork for the secure trie.
func (t *StateTrie) HashWork() (nodes int) {
	return t.trie.HashWork()
}

// HashedWork is Trie.HashedWork for the secure trie.
func (t *StateTrie) HashedWork() (ops int) {
	return t.trie.HashedWork()
}
