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
	"errors"
	"iter"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// numbers yields 0 to n-1, then err if set.
func numbers(n int, err error) iter.Seq2[int, error] {
	return func(yield func(int, error) bool) {
		for i := range n {
			if !yield(i, nil) {
				return
			}
		}
		if err != nil {
			yield(0, err)
		}
	}
}

// TestPrefetch checks that a prefetched stream yields the same items in the
// same order across chunk boundaries, ends at the first error, and that
// stop ends a producer the consumer left early.
func TestPrefetch(t *testing.T) {
	for _, n := range []int{0, 1, prefetchChunk, 3*prefetchChunk*prefetchChunks + 7} {
		out, stop := prefetch(numbers(n, nil))
		var got []int
		for v, err := range out {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		stop()
		if len(got) != n || !slices.IsSorted(got) || (n > 0 && got[n-1] != n-1) {
			t.Fatalf("n=%d: got %d items", n, len(got))
		}
	}
	failed := errors.New("source failed")
	out, stop := prefetch(numbers(prefetchChunk+5, failed))
	var items int
	var last error
	for _, err := range out {
		items++
		last = err
	}
	stop()
	if items != prefetchChunk+6 || !errors.Is(last, failed) {
		t.Fatalf("%d items, last error %v: want %d and the source's error", items, last, prefetchChunk+6)
	}
	// A consumer that stops early: the producer, blocked on a full
	// channel, must end with stop.
	out, stop = prefetch(numbers(100*prefetchChunk, nil))
	for v := range out {
		if v == 10 {
			break
		}
	}
	stop()
	stop() // a second stop is harmless
}

// TestPrefetchAccounts checks that accounts come through the prefetcher
// with their storage, also when the consumer reads only part of an
// account's storage or none of it, and that a storage error ends the
// stream.
func TestPrefetchAccounts(t *testing.T) {
	slots := func(n int, err error) iter.Seq2[Slot, error] {
		return func(yield func(Slot, error) bool) {
			for i := range n {
				if !yield(Slot{Hash: common.Hash{byte(i)}, Value: []byte{byte(i + 1)}}, nil) {
					return
				}
			}
			if err != nil {
				yield(Slot{}, err)
			}
		}
	}
	accounts := []*HashedAccount{
		{Hash: common.Hash{1}, Storage: slots(3*prefetchChunk, nil)},
		{Hash: common.Hash{2}},
		{Hash: common.Hash{3}, Storage: slots(10, nil)}, // read in part
		{Hash: common.Hash{4}, Storage: slots(10, nil)}, // not read
		{Hash: common.Hash{5}, Storage: slots(2, nil)},
	}
	out, stop := prefetchAccounts(SliceSeq(accounts))
	defer stop()
	var got []string
	for a, err := range out {
		if err != nil {
			t.Fatal(err)
		}
		read := 0
		if a.Storage != nil && a.Hash != (common.Hash{4}) {
			for s, err := range a.Storage {
				if err != nil || s.Value[0] != byte(read+1) {
					t.Fatalf("account %x slot %d: %x, %v", a.Hash[0], read, s.Value, err)
				}
				if read++; a.Hash == (common.Hash{3}) && read == 4 {
					break
				}
			}
		}
		got = append(got, string(rune('0'+a.Hash[0]))+":"+string(rune('0'+read%10)))
	}
	if want := []string{"1:" + string(rune('0'+(3*prefetchChunk)%10)), "2:0", "3:4", "4:0", "5:2"}; !slices.Equal(got, want) {
		t.Fatalf("accounts:slots read %v, want %v", got, want)
	}

	failed := errors.New("storage failed")
	out, stop = prefetchAccounts(SliceSeq([]*HashedAccount{{Hash: common.Hash{1}, Storage: slots(5, failed)}, {Hash: common.Hash{2}}}))
	defer stop()
	var seen error
	for a, err := range out {
		if err != nil {
			t.Fatalf("account error %v", err)
		}
		for _, err := range a.Storage {
			seen = err
		}
		if a.Hash != (common.Hash{1}) {
			t.Fatalf("account %x after a storage error", a.Hash)
		}
	}
	if !errors.Is(seen, failed) {
		t.Fatalf("storage error %v, want the source's", seen)
	}
}
