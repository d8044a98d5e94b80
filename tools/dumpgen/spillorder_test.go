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

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"statelab/tools/internal/statekind"
)

// TestSpillOrder checks that an order sorted on disk in buckets is the one
// sorted in memory, for every trie and kind's keys (the binary trie's
// sequential slots share stems: ties that keep their index order), with one
// bucket and with several, and that remove leaves nothing behind.
func TestSpillOrder(t *testing.T) {
	const n = 5000
	for _, trie := range []statekind.Trie{statekind.MPT, statekind.UBT} {
		for k := range numKinds {
			for _, bucket := range []uint64{n, 700} {
				t.Run(fmt.Sprintf("%s-%s-%d", trie, kindNames[k], bucket), func(t *testing.T) {
					key := trieKeyFunc(trie, k, defaultSeed)
					dir := t.TempDir()
					o, err := spillOrder(dir, "order", n, bucket, key)
					if err != nil {
						t.Fatal(err)
					}
					if want := (n + bucket - 1) / bucket; len(o.files) < int(want) {
						t.Fatalf("%d buckets for %d entries, %d a bucket", len(o.files), n, bucket)
					}
					var got entryOrder
					for i, err := range o.all() {
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, i)
					}
					if want := sortByKey(n, key); !slices.Equal(got, want) {
						t.Fatalf("spilled order differs from the in-memory one")
					}
					o.remove()
					if left, _ := os.ReadDir(dir); len(left) != 0 {
						t.Fatalf("%d files left", len(left))
					}
				})
			}
		}
	}
}

// TestSpillOrderBrokenBucket checks that a bucket that cannot be read ends
// the order with an error rather than a shorter order.
func TestSpillOrderBrokenBucket(t *testing.T) {
	dir := t.TempDir()
	o, err := spillOrder(dir, "order", 1000, 100, trieKeyFunc(statekind.MPT, kindAccount, defaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(filepath.Join(o.files[3]), 5); err != nil {
		t.Fatal(err)
	}
	var items int
	var last error
	for _, err := range o.all() {
		items++
		last = err
	}
	if last == nil || items > 1000 {
		t.Fatalf("%d items, last error %v: want the broken bucket's error", items, last)
	}
}
