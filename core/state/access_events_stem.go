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

package state

import "math/bits"

// stemAccess is what the access events know of one stem (an account and tree
// index, a branch in EIP-4762's terms): how the stem itself was accessed and,
// for each of its 256 leaves (chunks), whether it was read and whether it was
// written. A leaf is never written without being read, and a stem holds no
// leaf bit unless the stem was accessed, so one map entry per stem carries
// what a branch map and a chunk map held between them.
//
// stemAccess is a value: copying it copies the record. It is not safe for
// concurrent use, like the AccessEvents that hold it.
type stemAccess struct {
	mode  mode      // how the stem was accessed; 0 if not at all
	read  [4]uint64 // bit i: leaf i was accessed (read or written)
	write [4]uint64 // bit i: leaf i was written
}

// leafRead reports whether leaf i of the stem was accessed.
func (s *stemAccess) leafRead(i byte) bool {
	return s.read[i>>6]&(1<<(i&63)) != 0
}

// leafWritten reports whether leaf i of the stem was written.
func (s *stemAccess) leafWritten(i byte) bool {
	return s.write[i>>6]&(1<<(i&63)) != 0
}

// markLeafRead records an access of leaf i.
func (s *stemAccess) markLeafRead(i byte) {
	s.read[i>>6] |= 1 << (i & 63)
}

// markLeafWritten records a write of leaf i.
func (s *stemAccess) markLeafWritten(i byte) {
	s.write[i>>6] |= 1 << (i & 63)
}

// merge adds other's accesses to s.
func (s *stemAccess) merge(other *stemAccess) {
	s.mode |= other.mode
	for w := range s.read {
		s.read[w] |= other.read[w]
		s.write[w] |= other.write[w]
	}
}

// leaves returns the number of leaves of the stem that were accessed.
func (s *stemAccess) leaves() int {
	var n int
	for _, w := range s.read {
		n += bits.OnesCount64(w)
	}
	return n
}

// forEachLeaf calls fn with every accessed leaf of the stem, in ascending
// order.
func (s *stemAccess) forEachLeaf(fn func(leaf byte)) {
	for w, word := range s.read {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			fn(byte(w<<6 | b))
			word &= word - 1
		}
	}
}
