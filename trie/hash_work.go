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

// HashCached reports whether the trie's root hash is cached, so that the next
// Hash does no work. It is meant for telemetry.
func (t *Trie) HashCached() bool {
	if t.root == nil {
		return true
	}
	hash, _ := t.root.cache()
	return hash != nil
}

// HashedWork reports, after Hash, the rehash work done on the trie's modified
// nodes: nodes is the number of modified nodes (each one was run through the
// hasher), ops the number of them hashed with keccak256 (nodes whose encoding
// is shorter than 32 bytes are embedded in their parent and not hashed on
// their own). It walks only modified nodes, which the hasher has just walked
// too; committed nodes are not counted. It is meant for telemetry, to be
// called outside the timed hashing.
func (t *Trie) HashedWork() (nodes, ops int) {
	return countHashedDirty(t.root)
}

func countHashedDirty(n node) (nodes, ops int) {
	switch n := n.(type) {
	case *shortNode:
		if !n.flags.dirty {
			return 0, 0
		}
		cn, co := countHashedDirty(n.Val)
		return 1 + cn, boolInt(n.flags.hash != nil) + co
	case *fullNode:
		if !n.flags.dirty {
			return 0, 0
		}
		nodes, ops = 1, boolInt(n.flags.hash != nil)
		for _, child := range n.Children[:16] {
			cn, co := countHashedDirty(child)
			nodes, ops = nodes+cn, ops+co
		}
		return nodes, ops
	default:
		return 0, 0
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// HashCached is Trie.HashCached for the secure trie.
func (t *StateTrie) HashCached() bool {
	return t.trie.HashCached()
}

// HashedWork is Trie.HashedWork for the secure trie.
func (t *StateTrie) HashedWork() (nodes, ops int) {
	return t.trie.HashedWork()
}
