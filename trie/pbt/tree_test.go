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

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// referenceRoot is the EIP's state_root, rebuilt from scratch: binarize the
// entry set, then merkelize it. It shares only the two hash functions with
// the incremental tree.
func referenceRoot(entries map[string][]byte) common.Hash {
	if len(entries) == 0 {
		return common.Hash{}
	}
	keys := make([][]byte, 0, len(entries))
	for k := range entries {
		keys = append(keys, []byte(k))
	}
	return binarize(keys, entries, 0)
}

func binarize(keys [][]byte, entries map[string][]byte, depth int) common.Hash {
	if len(keys) == 1 {
		return leafHash(keys[0], entries[string(keys[0])])
	}
	split := depth
	for ; ; split++ {
		var seen [2]bool
		for _, k := range keys {
			seen[bitAt(k, split)] = true
		}
		if seen[0] && seen[1] {
			break
		}
	}
	var left, right [][]byte
	for _, k := range keys {
		if bitAt(k, split) == 0 {
			left = append(left, k)
		} else {
			right = append(right, k)
		}
	}
	return branchHash(keys[0], depth, split, binarize(left, entries, split+1), binarize(right, entries, split+1))
}

// randomKey returns a key of the embedding's shapes (account, code and
// storage zone keys) or, with shared prefixes, keys of the account zone that
// agree on long runs, which exercise long branch prefixes.
func randomKey(rng *rand.Rand, pool [][]byte) []byte {
	switch rng.Intn(4) {
	case 0:
		var a common.Address
		rng.Read(a[:])
		return HeaderKey(a, byte(rng.Intn(3)))
	case 1:
		var a common.Address
		a[0] = byte(rng.Intn(4)) // few accounts, so storage buckets are shared
		var slot common.Hash
		slot[31], slot[30] = byte(rng.Intn(256)), byte(rng.Intn(3))
		return StorageSlotKey(a, slot)
	case 2:
		var h common.Hash
		h[0] = byte(rng.Intn(3))
		return CodeChunkKey(h, uint64(rng.Intn(600)))
	default:
		if len(pool) == 0 {
			return randomKey(rng, nil)
		}
		k := bytes.Clone(pool[rng.Intn(len(pool))])
		pos := rng.Intn(len(k)*8-8) + 8
		k[pos/8] ^= 1 << (7 - uint(pos%8)) // differs from an existing key at one bit
		return k
	}
}

// TestTreeAgainstReference applies random inserts, updates and deletes and
// compares the root with the reference after each step, and every value.
func TestTreeAgainstReference(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		var (
			tree    Tree
			entries = make(map[string][]byte)
			keys    [][]byte
		)
		for step := 0; step < 300; step++ {
			switch r := rng.Intn(10); {
			case r < 6 || len(keys) == 0:
				k := randomKey(rng, keys)
				if len(k) != AccountKeyLength && len(k) != StorageKeyLength {
					t.Fatalf("key of %d bytes", len(k))
				}
				if _, ok := entries[string(k)]; !ok {
					keys = append(keys, k)
				}
				v := make([]byte, 32)
				rng.Read(v)
				if err := tree.Insert(k, v); err != nil {
					t.Fatal(err)
				}
				entries[string(k)] = v
			case r < 8:
				i := rng.Intn(len(keys))
				v := make([]byte, 32)
				rng.Read(v)
				if err := tree.Insert(keys[i], v); err != nil {
					t.Fatal(err)
				}
				entries[string(keys[i])] = v
			default:
				i := rng.Intn(len(keys))
				if err := tree.Delete(keys[i]); err != nil {
					t.Fatal(err)
				}
				delete(entries, string(keys[i]))
				keys = append(keys[:i], keys[i+1:]...)
			}
			if rng.Intn(3) == 0 { // hash at some steps only, so caches span several changes
				if got, want := tree.Hash(), referenceRoot(entries); got != want {
					t.Fatalf("seed %d step %d: root %x, want %x", seed, step, got, want)
				}
			}
		}
		if got, want := tree.Hash(), referenceRoot(entries); got != want {
			t.Fatalf("seed %d: root %x, want %x", seed, got, want)
		}
		for k, v := range entries {
			if got, _ := tree.Get([]byte(k)); !bytes.Equal(got, v) {
				t.Fatalf("seed %d: get %x = %x, want %x", seed, k, got, v)
			}
		}
		var absent common.Address
		absent[19] = 0xfe
		if got, _ := tree.Get(BasicDataKey(absent)); got != nil {
			t.Fatalf("absent key reads %x", got)
		}
	}
}

// TestDeleteRestoresRoot checks that deleting what was inserted gives back
// the earlier root, and deleting everything gives the empty root.
func TestDeleteRestoresRoot(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var tree Tree
	var base [][]byte
	for i := 0; i < 200; i++ {
		k := randomKey(rng, base)
		base = append(base, k)
		tree.Insert(k, bytes.Repeat([]byte{byte(i)}, 32))
	}
	before := tree.Hash()
	var added [][]byte
	for i := 0; i < 100; i++ {
		k := randomKey(rng, base)
		if v, _ := tree.Get(k); v != nil {
			continue
		}
		added = append(added, k)
		tree.Insert(k, bytes.Repeat([]byte{0xee}, 32))
		tree.Hash()
	}
	for _, k := range added {
		tree.Delete(k)
	}
	if got := tree.Hash(); got != before {
		t.Fatalf("root after deleting the additions %x, want %x", got, before)
	}
	for _, k := range base {
		tree.Delete(k)
	}
	if got := tree.Hash(); got != (common.Hash{}) || tree.root != nil {
		t.Fatalf("emptied tree: root %x", got)
	}
}

// TestInsertRefusals checks the key and value constraints and that a refused
// insert leaves the tree unchanged.
func TestInsertRefusals(t *testing.T) {
	var tree Tree
	value := make([]byte, 32)
	if err := tree.Insert([]byte{0x12, 0x34, 0x56}, value); err != nil {
		t.Fatal(err)
	}
	if err := tree.Insert([]byte{0x12, 0x35}, value); err != nil {
		t.Fatal(err)
	}
	root := tree.Hash()
	for _, tc := range []struct {
		key, value []byte
		err        error
	}{
		{[]byte{0x12, 0x34}, value, ErrNotPrefixFree},             // prefix of a leaf
		{[]byte{0x12, 0x34, 0x56, 0x78}, value, ErrNotPrefixFree}, // extends a leaf
		{[]byte{0x12}, value, ErrNotPrefixFree},                   // prefix of a branch
		{nil, value, ErrKeyLength},
		{make([]byte, MaxKeyLength+1), value, ErrKeyLength},
		{[]byte{0x99}, make([]byte, 31), ErrValueLength},
	} {
		if err := tree.Insert(tc.key, tc.value); !errors.Is(err, tc.err) {
			t.Errorf("insert %x: error %v, want %v", tc.key, err, tc.err)
		}
	}
	if tree.Hash() != root {
		t.Fatal("a refused insert changed the tree")
	}
	long := bytes.Repeat([]byte{0xaa}, MaxKeyLength)
	long2 := bytes.Clone(long)
	long2[MaxKeyLength-1] ^= 1 // shares 65535 bits, the most a prefix can encode
	for _, k := range [][]byte{long, long2} {
		if err := tree.Insert(k, value); err != nil {
			t.Fatalf("key of MaxKeyLength bytes: %v", err)
		}
	}
	entries := map[string][]byte{"\x12\x34\x56": value, "\x12\x35": value, string(long): value, string(long2): value}
	if got, want := tree.Hash(), referenceRoot(entries); got != want {
		t.Fatalf("root with maximal keys %x, want %x", got, want)
	}
}

func TestBasicDataBalanceRange(t *testing.T) {
	if _, err := BasicData(0, 0, new(uint256.Int).Lsh(uint256.NewInt(1), 128)); !errors.Is(err, ErrBalanceRange) {
		t.Fatalf("2^128 balance: error %v", err)
	}
}
