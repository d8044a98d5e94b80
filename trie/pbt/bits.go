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

import "math/bits"

// Keys are read as bit strings, most significant bit of the first byte first,
// as the EIP's _bytes_to_bits does. A position counts bits from the start of
// the key.

// bitAt returns the bit of key at position pos. pos must be below 8*len(key).
func bitAt(key []byte, pos int) byte {
	return (key[pos>>3] >> (7 - uint(pos&7))) & 1
}

// firstDiff returns the first position at or after from where a and b differ.
// If they agree on every bit both have, it returns the bit length of the
// shorter one: one is then a prefix of the other, or they are equal.
func firstDiff(a, b []byte, from int) int {
	n := min(len(a), len(b))
	i := from >> 3
	if i >= n {
		return n * 8
	}
	if x := (a[i] ^ b[i]) & (0xff >> uint(from&7)); x != 0 {
		return i*8 + bits.LeadingZeros8(x)
	}
	for i++; i < n; i++ {
		if x := a[i] ^ b[i]; x != 0 {
			return i*8 + bits.LeadingZeros8(x)
		}
	}
	return n * 8
}

// appendBitPrefix appends encode_bit_prefix of the bits [start, end) of key:
// the bit count as two big-endian bytes, then the bits packed from the most
// significant bit on, zero-padded to a byte boundary.
func appendBitPrefix(dst, key []byte, start, end int) []byte {
	count := end - start
	dst = append(dst, byte(count>>8), byte(count))
	shift := uint(start & 7)
	for pos := start; pos < end; pos += 8 {
		i := pos >> 3
		b := key[i] << shift
		if shift != 0 && i+1 < len(key) {
			b |= key[i+1] >> (8 - shift)
		}
		if rest := end - pos; rest < 8 {
			b &= 0xff << uint(8-rest)
		}
		dst = append(dst, b)
	}
	return dst
}
