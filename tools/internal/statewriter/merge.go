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
	"iter"
)

// MergeStems merges streams of stems, each in key order, into one in key
// order. A stem that several streams hold (an account's header stem holds
// its basic data and its first storage slots, which can come from different
// streams) comes out once, with the values of all of them. The streams
// must yield a new Stem each time: the merged stream hands theirs on.
func MergeStems(streams ...iter.Seq2[*Stem, error]) iter.Seq2[*Stem, error] {
	return func(yield func(*Stem, error) bool) {
		type head struct {
			next func() (*Stem, error, bool)
			stem *Stem
		}
		heads := make([]*head, 0, len(streams))
		for _, s := range streams {
			next, stop := iter.Pull2(s)
			defer stop()
			heads = append(heads, &head{next: next})
		}
		advance := func(h *head) error {
			s, err, ok := h.next()
			if !ok {
				s = nil
			}
			h.stem = s
			return err
		}
		for _, h := range heads {
			if err := advance(h); err != nil {
				yield(nil, err)
				return
			}
		}
		for {
			var least *Stem
			for _, h := range heads {
				if h.stem != nil && (least == nil || bytes.Compare(h.stem.Key[:], least.Key[:]) < 0) {
					least = h.stem
				}
			}
			if least == nil {
				return
			}
			key, out := least.Key, least
			for _, h := range heads {
				if h.stem == nil || h.stem.Key != key {
					continue
				}
				if h.stem != out {
					merged := *out
					for i, v := range h.stem.Values {
						if v != nil {
							merged.Values[i] = v
						}
					}
					out = &merged
				}
				if err := advance(h); err != nil {
					yield(nil, err)
					return
				}
			}
			if !yield(out, nil) {
				return
			}
		}
	}
}
