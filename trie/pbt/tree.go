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

// Package pbt implements the partitioned binary tree of EIP-8297: a binary
// tree over variable-length, prefix-free keys whose branches carry the run of
// bits their keys share, merkelized with BLAKE3, and the embedding that maps
// accounts, storage slots and code chunks into its zones.
package pbt

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
)

// MaxKeyLength is the EIP's MAX_KEY_LENGTH: the longest key whose shared run
// with another key fits the two-byte bit count of a branch prefix.
const MaxKeyLength = 8192

var (
	// ErrKeyLength is returned for an empty key or one over MaxKeyLength.
	ErrKeyLength = errors.New("pbt: key length out of range")

	// ErrValueLength is returned for a value that is not 32 bytes.
	ErrValueLength = errors.New("pbt: value is not 32 bytes")

	// ErrNotPrefixFree is returned when a key is a proper prefix of a key in
	// the tree, or has one in it.
	ErrNotPrefixFree = errors.New("pbt: keys are not prefix-free")
)

// Tree is an in-memory EIP-8297 tree. The zero value is the empty tree.
//
// A Tree is not safe for concurrent use. Keys and values passed in are
// retained and must not be modified afterwards; values returned by Get must
// not be modified.
type Tree struct {
	root node
	size int
}

// Len returns the number of entries.
func (t *Tree) Len() int { return t.size }

// Hash returns the root: the EIP's state_root of the entries, zero for the
// empty tree. Hashes of unchanged subtrees are reused.
func (t *Tree) Hash() common.Hash {
	if t.root == nil {
		return common.Hash{}
	}
	return t.root.hash(0)
}

// Get returns the value of key, or nil if the tree does not hold it.
func (t *Tree) Get(key []byte) []byte {
	n, start := t.root, 0
	for {
		switch cur := n.(type) {
		case *leafNode:
			if bytes.Equal(cur.key, key) {
				return cur.value
			}
			return nil
		case *branchNode:
			if firstDiff(cur.rep, key, start) < cur.split || len(key)*8 <= cur.split {
				return nil
			}
			n, start = cur.child(bitAt(key, cur.split)), cur.split+1
		default:
			return nil
		}
	}
}

// Insert sets the value of key. On error the tree is unchanged.
func (t *Tree) Insert(key, value []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if len(value) != 32 {
		return fmt.Errorf("%w: key %x has %d bytes", ErrValueLength, key, len(value))
	}
	root, added, err := insert(t.root, 0, key, value)
	if err != nil {
		return err
	}
	t.root = root
	if added {
		t.size++
	}
	return nil
}

// Delete removes key; a key the tree does not hold is a no-op. The branch
// left with one child is replaced by it, which restores the canonical form.
func (t *Tree) Delete(key []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	root, removed := remove(t.root, 0, key)
	if removed {
		t.root = root
		t.size--
	}
	return nil
}

func checkKey(key []byte) error {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return fmt.Errorf("%w: %d bytes (1 to %d)", ErrKeyLength, len(key), MaxKeyLength)
	}
	return nil
}

// insert puts key into the subtree n, whose ancestors consumed start bits,
// and returns the subtree's new top node. It reports whether the key is new.
// Errors are found before anything is changed.
func insert(n node, start int, key, value []byte) (node, bool, error) {
	switch cur := n.(type) {
	case nil:
		return &leafNode{key: key, value: value}, true, nil

	case *leafNode:
		if bytes.Equal(cur.key, key) {
			cur.value, cur.clean = value, false
			return cur, false, nil
		}
		d := firstDiff(cur.key, key, start)
		if d >= len(key)*8 || d >= len(cur.key)*8 {
			return nil, false, prefixError(key, cur.key)
		}
		return fork(d, key, value, cur), true, nil

	case *branchNode:
		d := firstDiff(cur.rep, key, start)
		if d < cur.split {
			if d >= len(key)*8 {
				return nil, false, prefixError(key, cur.rep)
			}
			return fork(d, key, value, cur), true, nil
		}
		if len(key)*8 <= cur.split {
			return nil, false, prefixError(key, cur.rep)
		}
		b := bitAt(key, cur.split)
		c, added, err := insert(cur.child(b), cur.split+1, key, value)
		if err != nil {
			return nil, false, err
		}
		cur.setChild(b, c)
		return cur, added, nil
	}
	panic(fmt.Sprintf("pbt: unknown node %T", n))
}

// fork makes the branch at bit d between a new leaf and the subtree old.
func fork(d int, key, value []byte, old node) *branchNode {
	leaf := &leafNode{key: key, value: value}
	if bitAt(key, d) == 0 {
		return newBranch(d, key, leaf, old)
	}
	return newBranch(d, key, old, leaf)
}

// remove deletes key from the subtree n and returns its new top node, nil if
// it became empty, and whether the key was there.
func remove(n node, start int, key []byte) (node, bool) {
	switch cur := n.(type) {
	case *leafNode:
		if bytes.Equal(cur.key, key) {
			return nil, true
		}
	case *branchNode:
		if firstDiff(cur.rep, key, start) < cur.split || len(key)*8 <= cur.split {
			return n, false
		}
		b := bitAt(key, cur.split)
		c, removed := remove(cur.child(b), cur.split+1, key)
		if !removed {
			return n, false
		}
		if c == nil {
			return cur.child(b ^ 1), true
		}
		cur.setChild(b, c)
		return cur, true
	}
	return n, false
}

func prefixError(a, b []byte) error {
	if len(a) > len(b) {
		a, b = b, a
	}
	return fmt.Errorf("%w: %x is a prefix of %x", ErrNotPrefixFree, a, b)
}
