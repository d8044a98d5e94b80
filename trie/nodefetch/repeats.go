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
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
)

// MaxTrackedNodes bounds the distinct nodes a Recorder remembers to tell
// repeated fetches, about 16 bytes each. A block that fetches more has its
// further new nodes counted as untracked: a repeat of one of them is missed.
const MaxTrackedNodes = 1 << 19

// nodeSetShards is the number of independently locked parts of a nodeSet, so
// that the prefetcher's workers, execution and the hashers do not contend.
const nodeSetShards = 16

// nodeSet is the set of trie nodes one block has fetched, to tell a repeated
// fetch of the same node. A node is its owner, path and hash (a path holds
// another node after the block's commit, the new root for one), remembered as
// a 64-bit hash of the three: two nodes of a block share one with probability
// about n²/2^65, 10^-8 for a million nodes, which would count a false repeat.
// It is safe for concurrent use.
type nodeSet struct {
	seed   maphash.Seed
	size   atomic.Int64 // nodes remembered, at most MaxTrackedNodes
	shards [nodeSetShards]nodeShard
}

// nodeID is the fixed-size part of a node's identity, hashed apart from its
// path (an odd multiplier keeps the two parts' hashes from cancelling).
type nodeID struct {
	owner, hash common.Hash
}

type nodeShard struct {
	mu    sync.Mutex
	nodes map[uint64]struct{}
	_     [48]byte // keep shards on their own cache lines
}

func newNodeSet() *nodeSet {
	return &nodeSet{seed: maphash.MakeSeed()}
}

// add remembers a fetched node. It reports whether the node was fetched
// before (repeat), and whether the set could tell: a node it has not seen
// when it is full is neither remembered nor a repeat (tracked is false).
func (s *nodeSet) add(owner common.Hash, path []byte, hash common.Hash) (repeat bool, tracked bool) {
	key := maphash.Comparable(s.seed, nodeID{owner, hash}) ^ maphash.Bytes(s.seed, path)*0x9e3779b97f4a7c15

	sh := &s.shards[key%nodeSetShards]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if _, ok := sh.nodes[key]; ok {
		return true, true
	}
	if s.size.Load() >= MaxTrackedNodes {
		return false, false
	}
	if sh.nodes == nil {
		sh.nodes = make(map[uint64]struct{})
	}
	sh.nodes[key] = struct{}{}
	s.size.Add(1)
	return false, true
}
