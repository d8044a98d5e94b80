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

// resolver loads the record stored at path (one byte per key bit) whose top
// node has the given hash and starts at bit len(path).
type resolver func(path []byte, hash common.Hash) (node, error)

// Tree is an EIP-8297 tree. The zero value is an empty in-memory tree; a tree
// opened by a Trie loads the records of its nodes on first access.
//
// A Tree is not safe for concurrent use, reads included: they keep the
// records they load. Keys and values passed in are retained and must not be
// modified afterwards; values returned by Get must not be modified.
type Tree struct {
	root    node
	resolve resolver // nil for an in-memory tree

	// stale holds the paths of records whose top node was moved or removed
	// since the last commit; the commit deletes those it does not rewrite.
	stale map[string]struct{}
}

// Hash returns the root: the EIP's state_root of the entries, zero for the
// empty tree. Hashes of unchanged subtrees are reused.
func (t *Tree) Hash() common.Hash {
	if t.root == nil {
		return common.Hash{}
	}
	return t.root.hash(0)
}

// Get returns the value of key, or nil if the tree does not hold it.
func (t *Tree) Get(key []byte) ([]byte, error) {
	if h, ok := t.root.(*hashedNode); ok {
		n, err := t.load(h, key, 0)
		if err != nil {
			return nil, err
		}
		t.root = n
	}
	n, start := t.root, 0
	for {
		switch cur := n.(type) {
		case *leafNode:
			if bytes.Equal(cur.key, key) {
				return cur.value, nil
			}
			return nil, nil
		case *branchNode:
			if firstDiff(cur.rep, key, start) < cur.split || len(key)*8 <= cur.split {
				return nil, nil
			}
			b := bitAt(key, cur.split)
			child := cur.child(b)
			if h, ok := child.(*hashedNode); ok {
				loaded, err := t.load(h, key, cur.split+1)
				if err != nil {
					return nil, err
				}
				cur.putChild(b, loaded)
				child = loaded
			}
			n, start = child, cur.split+1
		default:
			return nil, nil
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
	root, _, err := t.insert(t.root, 0, key, value)
	if err != nil {
		return err
	}
	t.root = root
	return nil
}

// Delete removes key; a key the tree does not hold is a no-op. The branch
// left with one child is replaced by it, which restores the canonical form.
func (t *Tree) Delete(key []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	root, _, err := t.remove(t.root, 0, key)
	if err != nil {
		return err
	}
	t.root = root
	return nil
}

func checkKey(key []byte) error {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return fmt.Errorf("%w: %d bytes (1 to %d)", ErrKeyLength, len(key), MaxKeyLength)
	}
	return nil
}

// load reads the record of a subtree on disk. key is a key the subtree holds
// or would hold: its first start bits are the subtree's path.
func (t *Tree) load(h *hashedNode, key []byte, start int) (node, error) {
	if t.resolve == nil {
		return nil, fmt.Errorf("pbt: subtree %x at bit %d is not loaded and the tree has no database", h.h, start)
	}
	return t.resolve(bitPath(key, start), h.h)
}

// resolved returns n, loaded if it is a subtree on disk. key is a key the
// subtree holds or would hold.
func (t *Tree) resolved(n node, key []byte, start int) (node, error) {
	if h, ok := n.(*hashedNode); ok {
		return t.load(h, key, start)
	}
	return n, nil
}

// insert puts key into the subtree n, whose ancestors consumed start bits,
// and returns the subtree's new top node and whether anything changed: a
// value set to what it was changes nothing, so its path stays clean. Errors
// are found before anything is changed.
func (t *Tree) insert(n node, start int, key, value []byte) (node, bool, error) {
	n, err := t.resolved(n, key, start)
	if err != nil {
		return nil, false, err
	}
	switch cur := n.(type) {
	case nil:
		return newLeaf(key, value), true, nil

	case *leafNode:
		if bytes.Equal(cur.key, key) {
			if bytes.Equal(cur.value, value) {
				return cur, false, nil
			}
			cur.value, cur.clean, cur.dirty = value, false, true
			return cur, true, nil
		}
		d := firstDiff(cur.key, key, start)
		if d >= len(key)*8 || d >= len(cur.key)*8 {
			return nil, false, prefixError(key, cur.key)
		}
		return t.fork(d, key, value, cur), true, nil

	case *branchNode:
		d := firstDiff(cur.rep, key, start)
		if d < cur.split {
			if d >= len(key)*8 {
				return nil, false, prefixError(key, cur.rep)
			}
			return t.fork(d, key, value, cur), true, nil
		}
		if len(key)*8 <= cur.split {
			return nil, false, prefixError(key, cur.rep)
		}
		b := bitAt(key, cur.split)
		c, changed, err := t.insert(cur.child(b), cur.split+1, key, value)
		if err != nil {
			return nil, false, err
		}
		if changed {
			cur.setChild(b, c)
		} else {
			cur.putChild(b, c)
		}
		return cur, changed, nil
	}
	panic(fmt.Sprintf("pbt: unknown node %T", n))
}

// fork makes the branch at bit d between a new leaf and the subtree old,
// which moves down to start at d+1.
func (t *Tree) fork(d int, key, value []byte, old node) *branchNode {
	t.moved(old)
	leaf := newLeaf(key, value)
	if bitAt(key, d) == 0 {
		return newBranch(d, key, leaf, old)
	}
	return newBranch(d, key, old, leaf)
}

// remove deletes key from the subtree n and returns its new top node, nil if
// it became empty, and whether the key was there. An error (a record that
// cannot be loaded) leaves the tree as it was, but for the stale marks of
// the records on the way.
func (t *Tree) remove(n node, start int, key []byte) (node, bool, error) {
	n, err := t.resolved(n, key, start)
	if err != nil {
		return nil, false, err
	}
	switch cur := n.(type) {
	case *leafNode:
		if bytes.Equal(cur.key, key) {
			t.dropped(cur)
			return nil, true, nil
		}
	case *branchNode:
		if firstDiff(cur.rep, key, start) < cur.split || len(key)*8 <= cur.split {
			return n, false, nil
		}
		b := bitAt(key, cur.split)
		c, removed, err := t.remove(cur.child(b), cur.split+1, key)
		if err != nil {
			return cur, false, err
		}
		if !removed {
			cur.putChild(b, c) // keep what was loaded
			return cur, false, nil
		}
		if c == nil {
			return t.promote(cur, b^1, key, start)
		}
		cur.setChild(b, c)
		return cur, true, nil
	}
	return n, false, nil
}

// promote replaces the branch n, left with one child (the side of bit b), by
// that child, which moves up to start at the branch's start. key is a key of
// the removed side: its bits before n.split are the child's too.
func (t *Tree) promote(n *branchNode, b byte, key []byte, start int) (node, bool, error) {
	child := n.child(b)
	if h, ok := child.(*hashedNode); ok {
		sibling := bitPath(key, n.split+1)
		sibling[n.split] = b
		loaded, err := t.resolve(sibling, h.h)
		if err != nil {
			return n, false, err
		}
		child = loaded
	}
	t.dropped(n)
	t.moved(child)
	return child, true, nil
}

// moved marks a node that changes position: it is stored again where it
// now is, and its record, if it was a record top, is stale.
func (t *Tree) moved(n node) {
	if s := storedOf(n); s != nil {
		t.dropped(n)
		s.dirty = true
	}
}

// dropped notes that a node no longer heads the record it was stored as.
func (t *Tree) dropped(n node) {
	if s := storedOf(n); s != nil && s.path != "" {
		if t.stale == nil {
			t.stale = make(map[string]struct{})
		}
		t.stale[s.path] = struct{}{}
		s.path = ""
	}
}

// bitPath returns the first n bits of key, one byte per bit: the database
// path of a node whose subtree starts at bit n.
func bitPath(key []byte, n int) []byte {
	path := make([]byte, n)
	for i := range path {
		path[i] = bitAt(key, i)
	}
	return path
}

func prefixError(a, b []byte) error {
	if len(a) > len(b) {
		a, b = b, a
	}
	return fmt.Errorf("%w: %x is a prefix of %x", ErrNotPrefixFree, a, b)
}

// DeletePrefix removes every key that starts with prefix. The records of a
// removed subtree that were never loaded are left on disk: nothing references
// them, and a node stored at one of their paths later overwrites them.
func (t *Tree) DeletePrefix(prefix []byte) error {
	if len(prefix) == 0 {
		return fmt.Errorf("%w: empty prefix", ErrKeyLength)
	}
	root, err := t.removePrefix(t.root, 0, prefix)
	if err != nil {
		return err
	}
	t.root = root
	return nil
}

func (t *Tree) removePrefix(n node, start int, prefix []byte) (node, error) {
	plen := len(prefix) * 8
	if h, ok := n.(*hashedNode); ok {
		if start >= plen { // every key below starts with the prefix
			t.dropPath(bitPath(prefix, start))
			return nil, nil
		}
		loaded, err := t.load(h, prefix, start)
		if err != nil {
			return nil, err
		}
		n = loaded
	}
	switch cur := n.(type) {
	case *leafNode:
		if bytes.HasPrefix(cur.key, prefix) {
			t.dropped(cur)
			return nil, nil
		}
	case *branchNode:
		if d := firstDiff(cur.rep, prefix, start); d < min(cur.split, plen) {
			return cur, nil // the keys below leave the prefix before it ends
		}
		if plen <= cur.split {
			t.dropSubtree(cur)
			return nil, nil
		}
		b := bitAt(prefix, cur.split)
		c, err := t.removePrefix(cur.child(b), cur.split+1, prefix)
		if err != nil {
			return cur, err
		}
		if c == nil {
			n, _, err := t.promote(cur, b^1, prefix, start)
			return n, err
		}
		if c != cur.child(b) {
			cur.setChild(b, c)
		}
		return cur, nil
	}
	return n, nil
}

// dropSubtree marks the records of the loaded nodes of a removed subtree
// stale.
func (t *Tree) dropSubtree(n node) {
	t.dropped(n)
	if b, ok := n.(*branchNode); ok {
		t.dropSubtree(b.left)
		t.dropSubtree(b.right)
	}
}

// dropPath marks the record at path stale.
func (t *Tree) dropPath(path []byte) {
	if t.stale == nil {
		t.stale = make(map[string]struct{})
	}
	t.stale[string(path)] = struct{}{}
}
