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

// node is a node of the tree: a *leafNode or a *branchNode. The empty tree
// is the nil node.
//
// Nodes do not store their position. The walks pass down start, the number
// of key bits the ancestors consumed: a branch's prefix (the EIP's
// BranchNode.prefix) is then the bits [start, split) of any key below it.
// Keeping it implicit is what makes deletion's merge free: when a branch
// loses a child, the surviving sibling moves up, its start becomes the
// removed branch's, and its prefix grows by exactly the bits the EIP says
// the merged prefix holds.
type node interface {
	// hash returns the node's EIP-8297 hash at the given start.
	hash(start int) common.Hash
}

// leafNode is the EIP's LeafNode: a complete key and its 32-byte value. A
// leaf commits its whole key, so its hash does not depend on its position.
type leafNode struct {
	key   []byte
	value []byte

	cached common.Hash
	clean  bool // cached holds the hash of key and value
}

// branchNode is the EIP's BranchNode. Every key below it agrees on the bits
// before split and its two subtrees differ at bit split: keys with a 0 there
// are on the left. Both children are non-nil.
type branchNode struct {
	split int
	rep   []byte // a key below the branch; its bits before split are the branch's
	left  node
	right node

	cached   common.Hash
	cachedAt int // the start cached was computed at; -1 when a child changed
}

func newBranch(split int, rep []byte, zero, one node) *branchNode {
	return &branchNode{split: split, rep: rep, left: zero, right: one, cachedAt: -1}
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

// child returns the subtree a key with bit b at split belongs to.
func (n *branchNode) child(b byte) node {
	if b == 0 {
		return n.left
	}
	return n.right
}

// setChild replaces the subtree of bit b and drops the cached hash.
func (n *branchNode) setChild(b byte, c node) {
	if b == 0 {
		n.left = c
	} else {
		n.right = c
	}
	n.cachedAt = -1
}
