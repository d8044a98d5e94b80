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
	"errors"
	"slices"
	"testing"
)

func TestMergeStems(t *testing.T) {
	stem := func(k byte, suffixes ...int) *Stem {
		s := &Stem{Key: [31]byte{k}}
		for _, i := range suffixes {
			s.Values[i] = []byte{byte(i)}
		}
		return s
	}
	a := []*Stem{stem(1, 0), stem(4, 0, 1), stem(9, 3)}
	b := []*Stem{stem(2, 5), stem(4, 64, 65), stem(10, 1)}
	c := []*Stem(nil)
	var got []*Stem
	for s, err := range MergeStems(SliceSeq(a), SliceSeq(b), SliceSeq(c)) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	want := []*Stem{stem(1, 0), stem(2, 5), stem(4, 0, 1, 64, 65), stem(9, 3), stem(10, 1)}
	if len(got) != len(want) {
		t.Fatalf("%d stems, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Key != want[i].Key {
			t.Fatalf("stem %d: key %x, want %x", i, got[i].Key, want[i].Key)
		}
		for j := range want[i].Values {
			if !bytes.Equal(got[i].Values[j], want[i].Values[j]) {
				t.Fatalf("stem %x suffix %d: %x, want %x", got[i].Key, j, got[i].Values[j], want[i].Values[j])
			}
		}
	}
	if a[1].Values[64] != nil {
		t.Fatal("merging changed an input stem")
	}
	failed := errors.New("stream failed")
	broken := func(yield func(*Stem, error) bool) { yield(nil, failed) }
	for _, err := range MergeStems(SliceSeq(a), broken) {
		if !errors.Is(err, failed) {
			t.Fatalf("err = %v, want the stream's", err)
		}
		return
	}
	t.Fatal("a stream's error was not passed on")
}

func TestMergeUniqueKeys(t *testing.T) {
	key := func(s string) []byte { return []byte(s) }
	a := SliceSeq([]string{"a", "d", "e"})
	b := SliceSeq([]string{"b", "c", "f"})
	var got []string
	for s, err := range Merge(key, nil, a, nil, b) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if want := []string{"a", "b", "c", "d", "e", "f"}; !slices.Equal(got, want) {
		t.Errorf("merged %v, want %v", got, want)
	}
	// Stopping early stops the streams.
	got = got[:0]
	for s := range Merge(key, nil, a, b) {
		if got = append(got, s); len(got) == 2 {
			break
		}
	}
	if want := []string{"a", "b"}; !slices.Equal(got, want) {
		t.Errorf("merged %v before stopping, want %v", got, want)
	}
}
