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
	return Merge(func(s *Stem) []byte { return s.Key[:] }, mergeStemValues, streams...)
}

// mergeStemValues returns a stem with a's values and b's where b has one.
func mergeStemValues(a, b *Stem) *Stem {
	merged := *a
	for i, v := range b.Values {
		if v != nil {
			merged.Values[i] = v
		}
	}
	return &merged
}

// Merge merges streams, each ordered by key, into one ordered by key (nil
// streams are skipped). Items of several streams with equal keys come out
// once, folded with combine in stream order; with a nil combine, keys must be
// unique across the streams. The first error ends the merged stream.
func Merge[T any](key func(T) []byte, combine func(a, b T) T, streams ...iter.Seq2[T, error]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		type head struct {
			next func() (T, error, bool)
			v    T
			ok   bool
		}
		var zero T
		heads := make([]*head, 0, len(streams))
		for _, s := range streams {
			if s == nil {
				continue
			}
			next, stop := iter.Pull2(s)
			defer stop()
			h := &head{next: next}
			var err error
			if h.v, err, h.ok = next(); err != nil {
				yield(zero, err)
				return
			}
			heads = append(heads, h)
		}
		for {
			var least *head
			for _, h := range heads {
				if h.ok && (least == nil || bytes.Compare(key(h.v), key(least.v)) < 0) {
					least = h
				}
			}
			if least == nil {
				return
			}
			out, k := least.v, key(least.v)
			for _, h := range heads {
				if h != least && (combine == nil || !h.ok || !bytes.Equal(key(h.v), k)) {
					continue
				}
				if h != least {
					out = combine(out, h.v)
				}
				var err error
				if h.v, err, h.ok = h.next(); err != nil {
					yield(zero, err)
					return
				}
			}
			if !yield(out, nil) {
				return
			}
		}
	}
}
