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

import "github.com/ethereum/go-ethereum/common"

// node is a node of the tree: a *leafNode, a *branchNode or, for a subtree
// still on disk, a *hashedNode. The empty tree is the nil node.
//
// Nodes do not store their position. The walks pass down start, the number
// of key bits the ancestors consumed: a branch's prefix (the EIP's
// BranchNode.prefix) is then the bits [start, split) of any key below it.
// Keeping it implicit is what makes deletion's merge cheap: when a branch
// loses a child, the surviving sibling moves up, its start becomes the
// removed branch's, and its prefix grows by exactly the bits the EIP says
// the merged prefix holds. Only the moved node changes; its descendants keep
// their positions.
type node interface {
	// hash returns the node's EIP-8297 hash at the given start.
	hash(start int) common.Hash
}

// stored is the state every resolved node keeps for persistence.
type stored struct {
	// dirty is set when the node or a node below it changed, or the node moved,
	// since it was loaded or last committed. Changes mark every ancestor too,
	// so a clean node heads an unchanged subtree.
	dirty bool

	// path is where the node is stored as the top of a record, "" if it is not
	// (yet) stored as one.
	path string
}

// leafNode is the EIP's LeafNode: a complete key and its 32-byte value. A
// leaf commits its whole key, so its hash does not depend on its position.
type leafNode struct {
	stored
	key   []byte
	value []byte

	cached common.Hash
	clean  bool // cached holds the hash of key and value
}

// branchNode is the EIP's BranchNode. Every key below it agrees on the bits
// before split and its two subtrees differ at bit split: keys with a 0 there
// are on the left. Both children are non-nil.
type branchNode struct {
	stored
	split int
	rep   []byte // holds at least split bits, the ones every key below starts with
	left  node
	right node

	cached   common.Hash
	cachedAt int // the start cached was computed at; -1 when a child changed
}

// hashedNode is a subtree on disk: the top of a record not loaded yet. Its
// hash holds only at the position it was stored at, so a walk loads it
// before moving it.
type hashedNode struct {
	h common.Hash
}

func newLeaf(key, value []byte) *leafNode {
	return &leafNode{stored: stored{dirty: true}, key: key, value: value}
}

func newBranch(split int, rep []byte, zero, one node) *branchNode {
	return &branchNode{stored: stored{dirty: true}, split: split, rep: rep, left: zero, right: one, cachedAt: -1}
}

func (n *leafNode) hash(int) common.Hash {
	if !n.clean {
		n.cached, n.clean = leafHash(n.key, n.value), true
	}
	return n.cached
}

func (n *branchNode) hash(start int) common.Hash {
	if n.cachedAt != start {
		left, right := n.left.hash(n.split+1), n.right.hash(n.split+1)
		n.cached, n.cachedAt = branchHash(n.rep, start, n.split, left, right), start
	}
	return n.cached
}

func (n *hashedNode) hash(int) common.Hash { return n.h }

// child returns the subtree a key with bit b at split belongs to.
func (n *branchNode) child(b byte) node {
	if b == 0 {
		return n.left
	}
	return n.right
}

// setChild replaces the subtree of bit b, drops the cached hash and marks the
// branch dirty.
func (n *branchNode) setChild(b byte, c node) {
	n.putChild(b, c)
	n.cachedAt, n.dirty = -1, true
}

// putChild replaces the subtree of bit b with the same subtree loaded.
func (n *branchNode) putChild(b byte, c node) {
	if b == 0 {
		n.left = c
	} else {
		n.right = c
	}
}

// storedOf returns the persistence state of a resolved node.
func storedOf(n node) *stored {
	switch n := n.(type) {
	case *leafNode:
		return &n.stored
	case *branchNode:
		return &n.stored
	}
	return nil
}

// copyNode deep-copies the resolved nodes of a subtree. Keys, values and
// hashed nodes are immutable and shared.
func copyNode(n node) node {
	switch n := n.(type) {
	case *leafNode:
		c := *n
		return &c
	case *branchNode:
		c := *n
		c.left, c.right = copyNode(n.left), copyNode(n.right)
		return &c
	}
	return n
}
