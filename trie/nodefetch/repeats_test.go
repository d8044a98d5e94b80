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

package nodefetch

import (
	"encoding/binary"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func TestNodeSetRepeats(t *testing.T) {
	var (
		s     = newNodeSet()
		owner = common.HexToHash("0x01")
		hash  = common.HexToHash("0xaa")
	)
	for i, c := range []struct {
		owner  common.Hash
		path   []byte
		hash   common.Hash
		repeat bool
	}{
		{owner, []byte{1, 2}, hash, false},
		{owner, []byte{1, 2}, hash, true},                      // the same node
		{common.Hash{}, []byte{1, 2}, hash, false},             // another trie
		{owner, []byte{1, 2, 3}, hash, false},                  // another path
		{owner, []byte{1, 2}, common.HexToHash("0xbb"), false}, // another node at the path (after a commit)
		{owner, []byte{1, 2}, common.HexToHash("0xbb"), true},  // ...fetched again
		{owner, nil, hash, false},                              // the root
		{owner, []byte{}, hash, true},                          // ...again: nil and empty are one path
	} {
		repeat, tracked := s.add(c.owner, c.path, c.hash)
		if repeat != c.repeat || !tracked {
			t.Errorf("fetch %d: repeat %v tracked %v, want repeat %v tracked", i, repeat, tracked, c.repeat)
		}
	}
}

// TestNodeSetBound checks that the set stops remembering new nodes at
// MaxTrackedNodes and says so, while still telling repeats of those it holds.
func TestNodeSetBound(t *testing.T) {
	s := newNodeSet()
	path := make([]byte, 8)
	for i := range MaxTrackedNodes {
		binary.BigEndian.PutUint64(path, uint64(i))
		if _, tracked := s.add(common.Hash{}, path, common.Hash{}); !tracked {
			t.Fatalf("node %d untracked below the bound", i)
		}
	}
	binary.BigEndian.PutUint64(path, MaxTrackedNodes)
	if repeat, tracked := s.add(common.Hash{}, path, common.Hash{}); repeat || tracked {
		t.Errorf("new node beyond the bound: repeat %v tracked %v, want neither", repeat, tracked)
	}
	binary.BigEndian.PutUint64(path, 7)
	if repeat, tracked := s.add(common.Hash{}, path, common.Hash{}); !repeat || !tracked {
		t.Errorf("remembered node beyond the bound: repeat %v tracked %v, want both", repeat, tracked)
	}
}

// TestNodeSetConcurrent checks that goroutines fetching overlapping nodes
// count every fetch but the first of each node as a repeat.
func TestNodeSetConcurrent(t *testing.T) {
	var (
		s       = newNodeSet()
		mu      sync.Mutex
		repeats int
		wg      sync.WaitGroup
	)
	for range 8 {
		wg.Go(func() {
			n := 0
			for i := range 1000 {
				if repeat, _ := s.add(common.Hash{}, []byte{byte(i >> 8), byte(i)}, common.Hash{}); repeat {
					n++
				}
			}
			mu.Lock()
			repeats += n
			mu.Unlock()
		})
	}
	wg.Wait()
	if repeats != 7000 {
		t.Errorf("%d repeats, want 7000 (8 goroutines fetching the same 1000 nodes)", repeats)
	}
}

// BenchmarkNodeSet measures telling a repeat for a block-sized set of fetches
// (20,000 distinct nodes, each fetched twice), per fetch and with the set's
// allocations amortized over the block.
func BenchmarkNodeSet(b *testing.B) {
	const nodes = 20000
	paths := make([][]byte, nodes)
	for i := range paths {
		paths[i] = binary.BigEndian.AppendUint32(make([]byte, 0, 6), uint32(i))
	}
	owner, hash := common.HexToHash("0x01"), common.HexToHash("0x02")
	b.ReportAllocs()
	for b.Loop() {
		s := newNodeSet()
		for range 2 {
			for _, p := range paths {
				s.add(owner, p, hash)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2*nodes), "ns/fetch")
}
