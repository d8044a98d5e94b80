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
package bintrie

import "math/bits"

// stemValues holds the values of one stem node sparsely: a bitmap of the
// suffixes present and their values in suffix order. A stem has 256 value
// slots but usually holds a handful (an account header, or the few storage
// slots of a contract that share a stem), and a dense [256][]byte is 6 KiB
// that is zeroed on every allocation and scanned by the garbage collector
// as 256 pointers.
//
// A nil value means absent, as in the dense form: set(i, nil) removes slot
// i. stemValues is not safe for concurrent mutation; readers may share it
// while nobody writes, as with the rest of the node store.
type stemValues struct {
	present [StemNodeWidth / 64]uint64
	vals    [][]byte // one per set bit of present, in suffix order
}

// index returns the position of suffix in vals, and whether it is present.
func (v *stemValues) index(suffix byte) (int, bool) {
	w, b := suffix/64, suffix%64
	n := bits.OnesCount64(v.present[w] & (1<<b - 1))
	for i := byte(0); i < w; i++ {
		n += bits.OnesCount64(v.present[i])
	}
	return n, v.present[w]&(1<<b) != 0
}

// get returns the value at suffix, nil if absent.
func (v *stemValues) get(suffix byte) []byte {
	if i, ok := v.index(suffix); ok {
		return v.vals[i]
	}
	return nil
}

// has reports whether a value is present at suffix.
func (v *stemValues) has(suffix byte) bool {
	return v.present[suffix/64]&(1<<(suffix%64)) != 0
}

// set stores value at suffix; a nil value removes it.
func (v *stemValues) set(suffix byte, value []byte) {
	i, ok := v.index(suffix)
	switch {
	case ok && value != nil:
		v.vals[i] = value
	case ok:
		v.vals = append(v.vals[:i], v.vals[i+1:]...)
		v.present[suffix/64] &^= 1 << (suffix % 64)
	case value != nil:
		v.vals = append(v.vals, nil)
		copy(v.vals[i+1:], v.vals[i:])
		v.vals[i] = value
		v.present[suffix/64] |= 1 << (suffix % 64)
	}
}

// appendLoaded adds value at suffix, which must be above every suffix
// present: the decoding path, which reads slots in increasing order.
func (v *stemValues) appendLoaded(suffix byte, value []byte) {
	v.vals = append(v.vals, value)
	v.present[suffix/64] |= 1 << (suffix % 64)
}

// values yields the suffix and value of every slot present, in suffix order.
// Loops written for the dense array, for i, v := range sn.values, keep
// working unchanged: they see the present slots only.
func (sn *StemNode) values(yield func(int, []byte) bool) {
	sn.slots.values(yield)
}

// values yields the suffix and value of every slot present, in suffix order.
func (v *stemValues) values(yield func(suffix int, value []byte) bool) {
	k := 0
	for w, word := range v.present {
		for ; word != 0; word &= word - 1 {
			if !yield(w*64+bits.TrailingZeros64(word), v.vals[k]) {
				return
			}
			k++
		}
	}
}

// all returns the 256 slots as a dense slice, nil where absent. It allocates;
// hot paths use get.
func (v *stemValues) all() [][]byte {
	out := make([][]byte, StemNodeWidth)
	for i, value := range v.values {
		out[i] = value
	}
	return out
}

// clone returns a deep copy: the values may alias a serialized buffer.
func (v *stemValues) clone() stemValues {
	c := stemValues{present: v.present}
	if len(v.vals) > 0 {
		c.vals = make([][]byte, len(v.vals))
		for i, value := range v.vals {
			c.vals[i] = make([]byte, len(value))
			copy(c.vals[i], value)
		}
	}
	return c
}
