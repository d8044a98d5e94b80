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

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
)

// Records: how the tree is stored.
//
// The tree is stored as records keyed by the path of their top node (its
// first start key bits, one byte per bit). A node is the top of a record if
// it is the root or its start is a multiple of the group depth; a record
// holds its top and, inline, every node below down to the next tops, which
// it references by hash. Where the tree is dense, nodes start one bit below
// their parent and a record holds groupDepth levels, 2^groupDepth-1 branches,
// as EIP-7864's grouped records do. Whether a node is a top depends only on
// its own start, so a change rewrites the records on its path, and a node
// that moves (a split above it, or a merge when its sibling goes) changes
// record only itself.
//
// A record is its nodes in preorder:
//
//	leaf:    0x00 || uvarint(len(key)) || key || value
//	branch:  0x01 || encode_bit_prefix(prefix) || left || right
//	ref:     0x02 || hash                  (a record top below)
//
// A branch's prefix is the EIP's, the bits from its start to its split, so a
// record holds every hash preimage of its nodes.
const (
	recordLeaf   = 0x00
	recordBranch = 0x01
	recordRef    = 0x02
)

// MaxGroupDepth is the deepest group depth records are cut at.
const MaxGroupDepth = 8

var errRecord = errors.New("pbt: malformed record")

// isTop reports whether a node starting at bit start heads a record.
func isTop(start, groupDepth int) bool {
	return start%groupDepth == 0
}

// commit writes a record for every record top whose subtree changed, calls
// remove for the stale records it did not rewrite, and marks the tree clean.
// The tree must have been hashed.
func (t *Tree) commit(groupDepth int, write func(path []byte, hash common.Hash, blob []byte), remove func(path []byte)) {
	written := make(map[string]struct{})
	if t.root != nil {
		t.commitRecord(t.root, nil, 0, groupDepth, written, write)
	}
	for path := range t.stale {
		if _, ok := written[path]; !ok {
			remove([]byte(path))
		}
	}
	t.stale = nil
}

// pendingTop is a changed record top found while encoding its parent record.
type pendingTop struct {
	n     node
	path  []byte
	start int
}

func (t *Tree) commitRecord(top node, path []byte, start, groupDepth int, written map[string]struct{}, write func([]byte, common.Hash, []byte)) {
	s := storedOf(top)
	if s == nil || !s.dirty {
		return
	}
	var below []pendingTop
	blob := encodeMember(nil, top, start, groupDepth, &below)
	write(path, top.hash(start), blob)
	s.path = string(path)
	written[s.path] = struct{}{}
	for _, p := range below {
		t.commitRecord(p.n, p.path, p.start, groupDepth, written, write)
	}
}

// encodeMember appends node n, starting at bit start, and its members, and
// collects the changed record tops below. It marks what it encodes clean.
func encodeMember(dst []byte, n node, start, groupDepth int, below *[]pendingTop) []byte {
	switch n := n.(type) {
	case *leafNode:
		dst = append(dst, recordLeaf)
		dst = binary.AppendUvarint(dst, uint64(len(n.key)))
		dst = append(dst, n.key...)
		dst = append(dst, n.value...)
		n.dirty = false
		return dst
	case *branchNode:
		dst = append(dst, recordBranch)
		dst = appendBitPrefix(dst, n.rep, start, n.split)
		for b, c := range [2]node{n.left, n.right} {
			childStart := n.split + 1
			if _, unloaded := c.(*hashedNode); unloaded || isTop(childStart, groupDepth) {
				dst = append(dst, recordRef)
				h := c.hash(childStart)
				dst = append(dst, h[:]...)
				if s := storedOf(c); s != nil && s.dirty {
					path := bitPath(n.rep, childStart)
					path[n.split] = byte(b)
					*below = append(*below, pendingTop{c, path, childStart})
				}
				continue
			}
			if s := storedOf(c); s != nil {
				s.path = "" // an inline member heads no record
			}
			dst = encodeMember(dst, c, childStart, groupDepth, below)
		}
		n.dirty = false
		return dst
	}
	panic(fmt.Sprintf("pbt: encoding %T", n))
}

// decodeRecord decodes the record stored at path. Its top gets hash as its
// cached hash, unless hash is zero.
func decodeRecord(blob, path []byte, hash common.Hash) (node, error) {
	start := len(path)
	above := make([]byte, start/8+1)
	for i, b := range path {
		if b > 1 {
			return nil, fmt.Errorf("%w: path byte %d is %d", errRecord, i, b)
		}
		above[i>>3] |= b << (7 - uint(i&7))
	}
	n, rest, err := decodeMember(blob, above, start)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the record", errRecord, len(rest))
	}
	if s := storedOf(n); s != nil {
		s.path = string(path)
	}
	if hash != (common.Hash{}) {
		switch n := n.(type) {
		case *leafNode:
			n.cached, n.clean = hash, true
		case *branchNode:
			n.cached, n.cachedAt = hash, start
		}
	}
	return n, nil
}

// decodeMember decodes the node at the head of blob, which starts at bit
// start; the first start bits of above are the bits every key below it
// starts with. Only a branch reads them, to make its rep.
func decodeMember(blob, above []byte, start int) (node, []byte, error) {
	if len(blob) == 0 {
		return nil, nil, fmt.Errorf("%w: truncated", errRecord)
	}
	tag, blob := blob[0], blob[1:]
	switch tag {
	case recordLeaf:
		size, n := binary.Uvarint(blob)
		if n <= 0 || size == 0 || size > MaxKeyLength || uint64(len(blob)-n) < size+32 {
			return nil, nil, fmt.Errorf("%w: leaf", errRecord)
		}
		blob = blob[n:]
		key, value := blob[:size:size], blob[size:size+32:size+32]
		if int(size)*8 < start {
			return nil, nil, fmt.Errorf("%w: leaf key of %d bytes at bit %d", errRecord, size, start)
		}
		return &leafNode{key: key, value: value}, blob[size+32:], nil

	case recordBranch:
		if len(blob) < 2 {
			return nil, nil, fmt.Errorf("%w: branch", errRecord)
		}
		count := int(binary.BigEndian.Uint16(blob))
		packed := (count + 7) / 8
		if len(blob) < 2+packed {
			return nil, nil, fmt.Errorf("%w: branch prefix", errRecord)
		}
		split := start + count
		if split >= MaxKeyLength*8 {
			return nil, nil, fmt.Errorf("%w: branch splits at bit %d", errRecord, split)
		}
		// rep holds the split bits shared below and the bit after them,
		// which the children overwrite with their side before decoding.
		rep := make([]byte, split/8+1)
		copyBits(rep, above, start)
		orBits(rep, start, blob[2:2+packed])
		blob = blob[2+packed:]
		n := &branchNode{split: split, rep: rep, cachedAt: -1}
		for b := range 2 {
			setBit(rep, split, byte(b))
			var (
				c   node
				err error
			)
			c, blob, err = decodeMember(blob, rep, split+1)
			if err != nil {
				return nil, nil, err
			}
			n.putChild(byte(b), c)
		}
		return n, blob, nil

	case recordRef:
		if len(blob) < common.HashLength {
			return nil, nil, fmt.Errorf("%w: reference", errRecord)
		}
		return &hashedNode{h: common.BytesToHash(blob[:common.HashLength])}, blob[common.HashLength:], nil
	}
	return nil, nil, fmt.Errorf("%w: tag %#x", errRecord, tag)
}

// RecordHash returns the hash of the root record blob: the state root it
// stores. It is the path database's node hasher for this tree.
func RecordHash(blob []byte) (common.Hash, error) {
	if len(blob) == 0 {
		return common.Hash{}, nil
	}
	n, err := decodeRecord(blob, nil, common.Hash{})
	if err != nil {
		return common.Hash{}, err
	}
	// The record holds the preimages of its nodes and the hashes of the
	// records below: all the root's hash needs.
	return n.hash(0), nil
}

func setBit(dst []byte, pos int, b byte) {
	mask := byte(1) << (7 - uint(pos&7))
	if b != 0 {
		dst[pos>>3] |= mask
	} else {
		dst[pos>>3] &^= mask
	}
}

// orBits ors the bits of src into dst from bit pos on. The bits of dst it
// covers must be zero.
func orBits(dst []byte, pos int, src []byte) {
	i, shift := pos>>3, uint(pos&7)
	for _, v := range src {
		dst[i] |= v >> shift
		if shift != 0 && i+1 < len(dst) {
			dst[i+1] |= v << (8 - shift)
		}
		i++
	}
}

// copyBits copies the first n bits of src into dst.
func copyBits(dst, src []byte, n int) {
	copy(dst, src[:n/8])
	if r := n % 8; r != 0 {
		keep := byte(0xff) << uint(8-r)
		dst[n/8] = dst[n/8]&^keep | src[n/8]&keep
	}
}
