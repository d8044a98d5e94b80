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

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestStemValuesAgainstDense applies random sets and removals to a stemValues
// and to a dense [256][]byte, and checks that every read agrees.
func TestStemValuesAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 50; round++ {
		var (
			sparse stemValues
			dense  [StemNodeWidth][]byte
		)
		// Some rounds use few suffixes (many replacements), some all of them.
		span := 1 + rng.Intn(StemNodeWidth)
		for op := 0; op < 600; op++ {
			suffix := byte(rng.Intn(span))
			var value []byte
			switch r := rng.Intn(10); {
			case r < 3:
				value = nil // remove
			case r == 3:
				value = []byte{} // present, empty
			default:
				value = []byte{byte(op), byte(op >> 8), byte(round)}
			}
			sparse.set(suffix, value)
			dense[suffix] = value
		}
		count := 0
		for i := range StemNodeWidth {
			got, want := sparse.get(byte(i)), dense[i]
			if (got == nil) != (want == nil) || !bytes.Equal(got, want) || sparse.has(byte(i)) != (want != nil) {
				t.Fatalf("round %d suffix %d: got %x (has %v), want %x", round, i, got, sparse.has(byte(i)), want)
			}
			if want != nil {
				count++
			}
		}
		if len(sparse.vals) != count {
			t.Fatalf("round %d: %d values, want %d", round, len(sparse.vals), count)
		}
		last, seen := -1, 0
		sn := &StemNode{slots: sparse}
		for i, v := range sn.values {
			if i <= last || !bytes.Equal(v, dense[i]) || v == nil {
				t.Fatalf("round %d: values gave suffix %d after %d, value %x, want %x", round, i, last, v, dense[i])
			}
			last = i
			seen++
			if seen == count/2+1 {
				break // an early exit must stop the iteration
			}
		}
		if want := min(count, count/2+1); seen != want {
			t.Fatalf("round %d: values gave %d slots, want %d", round, seen, want)
		}
		all := sparse.all()
		for i := range StemNodeWidth {
			if (all[i] == nil) != (dense[i] == nil) || !bytes.Equal(all[i], dense[i]) {
				t.Fatalf("round %d: all()[%d] = %x, want %x", round, i, all[i], dense[i])
			}
		}
		// A clone is equal and shares no bytes.
		clone := sparse.clone()
		for i := range StemNodeWidth {
			if v := clone.get(byte(i)); (v == nil) != (dense[i] == nil) || !bytes.Equal(v, dense[i]) {
				t.Fatalf("round %d: clone[%d] = %x, want %x", round, i, v, dense[i])
			}
		}
		for i := range clone.vals {
			if len(clone.vals[i]) > 0 {
				clone.vals[i][0] ^= 0xff
				if bytes.Equal(clone.vals[i], sparse.vals[i]) {
					t.Fatalf("round %d: clone shares value bytes", round)
				}
			}
		}
	}
}

// TestStemValuesLoaded checks the decoding path's appends against set.
func TestStemValuesLoaded(t *testing.T) {
	var loaded, set stemValues
	for _, i := range []int{0, 1, 63, 64, 65, 127, 128, 200, 255} {
		v := []byte{byte(i)}
		loaded.appendLoaded(byte(i), v)
		set.set(byte(i), v)
	}
	if loaded.present != set.present || len(loaded.vals) != len(set.vals) {
		t.Fatalf("loaded %v (%d values), set %v (%d values)", loaded.present, len(loaded.vals), set.present, len(set.vals))
	}
	for i := range loaded.vals {
		if !bytes.Equal(loaded.vals[i], set.vals[i]) {
			t.Fatalf("value %d: loaded %x, set %x", i, loaded.vals[i], set.vals[i])
		}
	}
}
