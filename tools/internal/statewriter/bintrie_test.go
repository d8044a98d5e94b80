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
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/trie/bintrie"
)

// randomStems returns n distinct stems in ascending order, each with a few
// values. A third share long prefixes with another stem (pairs that part
// deep in the tree), so that chains of internal nodes and stems ending at
// every depth offset in a group occur.
func randomStems(rng *rand.Rand, n int) []*Stem {
	seen := map[[bintrie.StemSize]byte]bool{}
	var stems []*Stem
	for len(stems) < n {
		s := new(Stem)
		if len(stems) > 0 && rng.IntN(3) == 0 {
			// a sibling of an earlier stem, parting at a random bit
			s.Key = stems[rng.IntN(len(stems))].Key
			bit := rng.IntN(8 * bintrie.StemSize)
			s.Key[bit/8] ^= 1 << (7 - bit%8)
		} else {
			for i := range s.Key {
				s.Key[i] = byte(rng.Uint32())
			}
		}
		if seen[s.Key] {
			continue
		}
		seen[s.Key] = true
		for range 1 + rng.IntN(4) {
			v := make([]byte, 32)
			for i := range v {
				v[i] = byte(rng.Uint32())
			}
			if rng.IntN(5) == 0 {
				clear(v) // a present zero value is a leaf too
			}
			s.Values[rng.IntN(bintrie.StemNodeWidth)] = v
		}
		stems = append(stems, s)
	}
	slices.SortFunc(stems, func(a, b *Stem) int { return bytes.Compare(a.Key[:], b.Key[:]) })
	return stems
}

// build runs BuildBinTrie over stems and returns its root and nodes by path.
func build(t *testing.T, groupDepth int, stems []*Stem) (common.Hash, map[string][]byte) {
	t.Helper()
	nodes := map[string][]byte{}
	i := 0
	root, err := BuildBinTrie(groupDepth, func() (*Stem, error) {
		if i == len(stems) {
			return nil, nil
		}
		i++
		return stems[i-1], nil
	}, func(path, blob []byte) error {
		if _, ok := nodes[string(path)]; ok {
			t.Fatalf("path %x written twice", path)
		}
		nodes[string(path)] = bytes.Clone(blob)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return root, nodes
}

// commitBinTrie inserts stems into geth's binary trie and returns the root
// and the nodes its commit writes.
func commitBinTrie(t *testing.T, groupDepth int, stems []*Stem) (common.Hash, map[string][]byte) {
	t.Helper()
	tr, err := bintrie.NewBinaryTrie(types.EmptyBinaryHash, nil, groupDepth)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stems {
		key := append(s.Key[:], 0)
		if err := tr.UpdateStem(key, s.Values[:]); err != nil {
			t.Fatal(err)
		}
	}
	root, set := tr.Commit(false)
	nodes := map[string][]byte{}
	for path, n := range set.Nodes {
		nodes[path] = n.Blob
	}
	return root, nodes
}

func TestBuildBinTrieMatchesGeth(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 17, 400} {
		stems := randomStems(rng, n)
		for g := 1; g <= bintrie.MaxGroupDepth; g++ {
			t.Run(fmt.Sprintf("stems=%d/gd=%d", n, g), func(t *testing.T) {
				wantRoot, want := commitBinTrie(t, g, stems)
				root, got := build(t, g, stems)
				if root != wantRoot {
					t.Fatalf("root %x, geth's %x", root, wantRoot)
				}
				if len(got) != len(want) {
					t.Errorf("%d nodes, geth commits %d", len(got), len(want))
				}
				for path, blob := range want {
					if !bytes.Equal(got[path], blob) {
						t.Fatalf("node at %x:\n got  %x\n geth %x", path, got[path], blob)
					}
				}
			})
		}
	}
}

func TestBuildBinTrieRootsAgreeAcrossDepths(t *testing.T) {
	stems := randomStems(rand.New(rand.NewPCG(3, 4)), 500)
	first, _ := build(t, 1, stems)
	for g := 2; g <= bintrie.MaxGroupDepth; g++ {
		if root, _ := build(t, g, stems); root != first {
			t.Fatalf("group depth %d: root %x, at 1 %x", g, root, first)
		}
	}
}

func TestBuildBinTrieRefuses(t *testing.T) {
	stems := randomStems(rand.New(rand.NewPCG(5, 6)), 3)
	feed := func(s ...*Stem) func() (*Stem, error) {
		return func() (*Stem, error) {
			if len(s) == 0 {
				return nil, nil
			}
			next := s[0]
			s = s[1:]
			return next, nil
		}
	}
	nowhere := func([]byte, []byte) error { return nil }
	if _, err := BuildBinTrie(6, feed(stems[1], stems[0]), nowhere); !errors.Is(err, ErrStemOrder) {
		t.Errorf("descending stems: %v, want ErrStemOrder", err)
	}
	if _, err := BuildBinTrie(6, feed(stems[0], stems[0]), nowhere); !errors.Is(err, ErrStemOrder) {
		t.Errorf("a stem twice: %v, want ErrStemOrder", err)
	}
	for _, g := range []int{0, 9} {
		if _, err := BuildBinTrie(g, feed(stems...), nowhere); err == nil {
			t.Errorf("group depth %d accepted", g)
		}
	}
	failed := errors.New("disk full")
	if _, err := BuildBinTrie(6, feed(stems...), func([]byte, []byte) error { return failed }); !errors.Is(err, failed) {
		t.Errorf("write error: %v, want it returned", err)
	}
}

// TestStemHashMatchesGeth checks the stem hash on dense and edge patterns
// of values: every suffix, siblings, the first and the last alone.
func TestStemHashMatchesGeth(t *testing.T) {
	value := func(i int) []byte { return bytes.Repeat([]byte{byte(i + 1)}, 32) }
	patterns := map[string][]int{"first": {0}, "last": {255}, "siblings": {6, 7}, "cousins": {5, 6}, "header": {0, 1, 64, 65, 127, 128}}
	var all []int
	for i := range bintrie.StemNodeWidth {
		all = append(all, i)
	}
	patterns["all"] = all
	for name, suffixes := range patterns {
		s := &Stem{Key: [bintrie.StemSize]byte{0xab, 0xcd}}
		for _, i := range suffixes {
			s.Values[i] = value(i)
		}
		want, _ := commitBinTrie(t, 5, []*Stem{s})
		if got := stemHash(s); got != want {
			t.Errorf("%s: %x, geth's %x", name, got, want)
		}
	}
}
