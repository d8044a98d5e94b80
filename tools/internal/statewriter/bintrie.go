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

package statewriter

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/bits"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie/bintrie"
)

// Stem is one stem of the binary trie (EIP-7864) with its values: the first
// 31 bytes of the tree keys it holds, and the 32-byte values at the suffixes
// present (nil: absent).
type Stem struct {
	Key    [bintrie.StemSize]byte
	Values [bintrie.StemNodeWidth][]byte
}

// NodeFunc receives a node of a trie as the path scheme stores it: its path in
// the database encoding (for the binary trie bintrie.BitArray.KeyBytes, the
// root's is empty) and its blob. The blob is only valid during the call.
type NodeFunc func(path, blob []byte) error

// BuildBinTrie builds the binary trie of the stems that next returns, in
// strictly ascending key order (next returns nil at the end), and passes every
// node blob to write, serialized with the given group depth as geth's
// bintrie.BinaryTrie commits it: a stem node at the depth where its prefix
// becomes unique, an internal node where its depth is a multiple of the group
// depth, with the hashes of its group's bottom in its blob. It returns the
// root hash (zero for no stems).
//
// It holds one stem ahead and one group blob a level of the tree, so its
// memory does not grow with the number of stems; nodes are written
// children first, each once.
func BuildBinTrie(groupDepth int, next func() (*Stem, error), write NodeFunc) (common.Hash, error) {
	if groupDepth < 1 || groupDepth > bintrie.MaxGroupDepth {
		return common.Hash{}, fmt.Errorf("group depth %d is outside 1..%d", groupDepth, bintrie.MaxGroupDepth)
	}
	b := &binBuilder{g: groupDepth, pull: next, write: write}
	if err := b.advance(); err != nil { // the lookahead
		return common.Hash{}, err
	}
	if err := b.advance(); err != nil {
		return common.Hash{}, err
	}
	if b.cur == nil {
		return common.Hash{}, nil
	}
	return b.node(0, nil, 0, 0)
}

// ErrStemOrder is returned when stems do not arrive in strictly ascending order.
var ErrStemOrder = errors.New("stems out of order")

// binBuilder is the state of one BuildBinTrie call.
type binBuilder struct {
	g         int
	pull      func() (*Stem, error)
	write     NodeFunc
	cur, next *Stem // the stem being placed and the one after it
	blob      []byte
}

// advance moves to the next stem, checking the order.
func (b *binBuilder) advance() error {
	s, err := b.pull()
	if err != nil {
		return err
	}
	if s != nil && b.next != nil && bytes.Compare(b.next.Key[:], s.Key[:]) >= 0 {
		return fmt.Errorf("%w: %x after %x", ErrStemOrder, s.Key, b.next.Key)
	}
	b.cur, b.next = b.next, s
	return nil
}

// group collects the entries of one group blob: the hashes at its bottom and
// of the stems that end above it, by position in the group's bitmap.
type group struct {
	bitmap [1 << bintrie.MaxGroupDepth / 8]byte
	depths []uint8 // depth offset of each hash, 1..g
	hashes []common.Hash
}

func (gr *group) add(pos int, depth int, h common.Hash) {
	gr.bitmap[pos/8] |= 1 << (7 - pos%8)
	gr.depths = append(gr.depths, uint8(depth))
	gr.hashes = append(gr.hashes, h)
}

// node places the subtree at depth d whose stems all share the current stem's
// first d bits, writes its nodes and returns its hash. gr is the group that
// the node is inside of (nil above the root), rel its depth in that group
// and pos its position there.
func (b *binBuilder) node(d int, gr *group, rel, pos int) (common.Hash, error) {
	if b.next == nil || commonPrefixBits(&b.cur.Key, &b.next.Key) < d {
		return b.stem(d, gr, rel, pos)
	}
	if d%b.g != 0 {
		return b.internal(d, gr, rel, pos)
	}
	// A group root: its own blob, and one entry at the bottom of its parent's.
	prefix := b.cur.Key
	mine := new(group)
	h, err := b.internal(d, mine, 0, 0)
	if err != nil {
		return h, err
	}
	if err := b.write(pathKey(&prefix, d), b.groupBlob(mine)); err != nil {
		return h, err
	}
	if gr != nil {
		gr.add(pos, b.g, h)
	}
	return h, nil
}

// internal places an internal node at depth d: its left subtree, the stems
// whose bit d is 0, then its right one.
func (b *binBuilder) internal(d int, gr *group, rel, pos int) (common.Hash, error) {
	prefix := b.cur.Key
	var in [2 * bintrie.HashSize]byte
	if bitAt(&b.cur.Key, d) == 0 {
		h, err := b.node(d+1, gr, rel+1, 2*pos)
		if err != nil {
			return h, err
		}
		copy(in[:bintrie.HashSize], h[:])
	}
	if b.cur != nil && commonPrefixBits(&prefix, &b.cur.Key) >= d && bitAt(&b.cur.Key, d) == 1 {
		h, err := b.node(d+1, gr, rel+1, 2*pos+1)
		if err != nil {
			return h, err
		}
		copy(in[bintrie.HashSize:], h[:])
	}
	return sha256.Sum256(in[:]), nil
}

// stem places the current stem at depth d, writes its blob and moves on.
func (b *binBuilder) stem(d int, gr *group, rel, pos int) (common.Hash, error) {
	s := b.cur
	h := stemHash(s)
	if err := b.write(pathKey(&s.Key, d), b.stemBlob(s)); err != nil {
		return h, err
	}
	if gr != nil {
		gr.add(pos<<(b.g-rel), rel, h)
	}
	return h, b.advance()
}

// stemHash is bintrie.StemNode's hash: the stem and the root of a binary
// tree over the 256 values' hashes, where a pair of zeros stays zero. Only
// the paths above the values present are hashed: a stem holds a few values.
func stemHash(s *Stem) common.Hash {
	var (
		level   [bintrie.StemNodeWidth]common.Hash
		present [bintrie.StemNodeWidth]int // positions at the current level that are not zero, ascending
		n       int
	)
	for i, v := range s.Values {
		if v != nil {
			level[i] = sha256.Sum256(v)
			present[n] = i
			n++
		}
	}
	var pair [2 * bintrie.HashSize]byte
	for range 8 {
		m := 0
		for j := 0; j < n; j++ {
			i := present[j]
			clear(pair[:])
			if i%2 == 0 {
				copy(pair[:bintrie.HashSize], level[i][:])
				if j+1 < n && present[j+1] == i+1 {
					copy(pair[bintrie.HashSize:], level[i+1][:])
					j++
				}
			} else {
				copy(pair[bintrie.HashSize:], level[i][:])
			}
			level[i/2] = sha256.Sum256(pair[:])
			present[m] = i / 2
			m++
		}
		n = m
	}
	var final [bintrie.StemSize + 1 + bintrie.HashSize]byte
	copy(final[:], s.Key[:])
	if n > 0 {
		copy(final[bintrie.StemSize+1:], level[0][:])
	}
	return sha256.Sum256(final[:])
}

// Node type bytes of the binary trie's serialization.
const (
	binNodeStem     = 1
	binNodeInternal = 2
)

// stemBlob serializes a stem node: type, stem, the bitmap of the values
// present and the values in suffix order.
func (b *binBuilder) stemBlob(s *Stem) []byte {
	blob := append(b.blob[:0], binNodeStem)
	blob = append(blob, s.Key[:]...)
	start := len(blob)
	blob = append(blob, make([]byte, bintrie.StemBitmapSize)...)
	for i, v := range s.Values {
		if v != nil {
			blob[start+i/8] |= 1 << (7 - i%8)
			blob = append(blob, v...)
		}
	}
	b.blob = blob
	return blob
}

// groupBlob serializes a group: type, group depth, the bitmap of its bottom
// positions taken, each entry's depth offset less one in 3 bits, then the
// entries' hashes.
func (b *binBuilder) groupBlob(gr *group) []byte {
	bitmapSize := 1
	if b.g > 3 {
		bitmapSize = 1 << (b.g - 3)
	}
	blob := append(b.blob[:0], binNodeInternal, byte(b.g))
	blob = append(blob, gr.bitmap[:bitmapSize]...)
	start := len(blob)
	blob = append(blob, make([]byte, (3*len(gr.depths)+7)/8)...)
	for i, d := range gr.depths {
		for j := range 3 {
			if (d-1)>>(2-j)&1 == 1 {
				p := 3*i + j
				blob[start+p/8] |= 1 << (7 - p%8)
			}
		}
	}
	for _, h := range gr.hashes {
		blob = append(blob, h[:]...)
	}
	b.blob = blob
	return blob
}

// pathKey is the database path of the node at depth d on the way to key: its
// first d bits packed MSB first, then d in a byte; nothing for the root.
func pathKey(key *[bintrie.StemSize]byte, d int) []byte {
	if d == 0 {
		return nil
	}
	n := (d + 7) / 8
	p := make([]byte, n+1)
	copy(p, key[:n])
	if d%8 != 0 {
		p[n-1] &= 0xff << (8 - d%8)
	}
	p[n] = byte(d)
	return p
}

// bitAt returns bit d of key, MSB first.
func bitAt(key *[bintrie.StemSize]byte, d int) byte {
	return key[d/8] >> (7 - d%8) & 1
}

// commonPrefixBits returns how many leading bits a and b share.
func commonPrefixBits(a, b *[bintrie.StemSize]byte) int {
	for i := range a {
		if x := a[i] ^ b[i]; x != 0 {
			return 8*i + bits.LeadingZeros8(x)
		}
	}
	return 8 * bintrie.StemSize
}
