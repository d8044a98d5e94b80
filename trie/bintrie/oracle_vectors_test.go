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
	"encoding/hex"
	"encoding/json"
	"math/rand"
	"os"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie"
)

// oracleEntries draws n keys: stems shared by several suffixes, stems that
// share long prefixes with another, and random ones, with random values.
func oracleEntries(seed int64, n int) ([][]byte, [][]byte) {
	rng := rand.New(rand.NewSource(seed))
	var keys, vals [][]byte
	for len(keys) < n {
		k := make([]byte, HashSize)
		rng.Read(k)
		switch rng.Intn(4) {
		case 0: // same stem as an earlier key, other suffix
			if len(keys) > 0 {
				copy(k, keys[rng.Intn(len(keys))][:StemSize])
			}
		case 1: // share a prefix of 1-240 bits with an earlier key (the reference
			// implementation asserts on a third insert below two stems that
			// differ only in their last bit)
			if len(keys) > 0 {
				prev := keys[rng.Intn(len(keys))]
				bits := 1 + rng.Intn(240)
				copy(k, prev[:bits/8])
				mask := byte(0xff) << (8 - bits%8)
				k[bits/8] = prev[bits/8]&mask | k[bits/8]&^mask
			}
		}
		v := make([]byte, HashSize)
		rng.Read(v)
		keys, vals = append(keys, k), append(vals, v)
	}
	return keys, vals
}

// TestOracleVectors builds one state at every group depth in two commits
// (the second on a trie reopened from the first's nodes, so that its
// updates resolve stored nodes) and checks that the roots agree. With
// BINTRIE_ORACLE_OUT set it writes the final key-value set and root as JSON,
// for an independent implementation of EIP-7864 to recompute.
func TestOracleVectors(t *testing.T) {
	type vector struct {
		Seed    int64       `json:"seed"`
		Entries [][2]string `json:"entries"`
		Root    string      `json:"root"`
	}
	var out []vector
	for _, seed := range []int64{1, 2, 3} {
		keys, vals := oracleEntries(seed, 3000)
		half := len(keys) / 2
		var roots []common.Hash
		for gd := 1; gd <= 8; gd++ {
			tr := &BinaryTrie{store: newNodeStore(), tracer: trie.NewPrevalueTracer(), groupDepth: gd}
			for i := 0; i < half; i++ {
				if err := tr.store.Insert(keys[i], vals[i], nil); err != nil {
					t.Fatal(err)
				}
			}
			root, set := tr.Commit(false)
			db := make(memNodeDB)
			for path, node := range set.Nodes {
				db[path] = node.Blob
			}
			tr2, err := NewBinaryTrie(root, db, gd)
			if err != nil {
				t.Fatal(err)
			}
			for i := half; i < len(keys); i++ {
				if err := tr2.store.Insert(keys[i], vals[i], tr2.nodeResolver); err != nil {
					t.Fatal(err)
				}
			}
			roots = append(roots, tr2.Hash())
			if roots[gd-1] != roots[0] {
				t.Fatalf("seed %d: root at group depth %d %x, at 1 %x", seed, gd, roots[gd-1], roots[0])
			}
		}
		final := make(map[string]string)
		for i := range keys {
			final[hex.EncodeToString(keys[i])] = hex.EncodeToString(vals[i])
		}
		v := vector{Seed: seed, Root: roots[0].Hex()}
		for k, val := range final {
			v.Entries = append(v.Entries, [2]string{k, val})
		}
		out = append(out, v)
	}
	if path := os.Getenv("BINTRIE_ORACLE_OUT"); path != "" {
		blob, _ := json.Marshal(out)
		if err := os.WriteFile(path, blob, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
