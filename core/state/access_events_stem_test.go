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

package state

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/holiman/uint256"
)

// pairAccessEvents is the record EIP-4762 describes and the access events
// kept before stemAccess: one map of branches, one of chunks. The tests
// check the stem map against it.
type pairAccessEvents struct {
	branches map[branchAccessKey]mode
	chunks   map[pairChunkKey]mode
}

type pairChunkKey struct {
	branchAccessKey
	leaf byte
}

func newPairAccessEvents() *pairAccessEvents {
	return &pairAccessEvents{branches: map[branchAccessKey]mode{}, chunks: map[pairChunkKey]mode{}}
}

func (ae *pairAccessEvents) touch(addr common.Address, treeIndex uint256.Int, leaf byte, isWrite bool, availableGas uint64) (uint64, uint64) {
	bk := newBranchAccessKey(addr, treeIndex)
	ck := pairChunkKey{bk, leaf}
	_, hasBranch := ae.branches[bk]
	_, hasChunk := ae.chunks[ck]
	branchWrite := isWrite && ae.branches[bk]&AccessWitnessWriteFlag == 0
	chunkWrite := isWrite && ae.chunks[ck]&AccessWitnessWriteFlag == 0
	var gas uint64
	if !hasBranch {
		gas += params.WitnessBranchReadCost
	}
	if !hasChunk {
		gas += params.WitnessChunkReadCost
	}
	if branchWrite {
		gas += params.WitnessBranchWriteCost
	}
	if chunkWrite {
		gas += params.WitnessChunkWriteCost
	}
	if availableGas < gas {
		return availableGas, gas
	}
	if !hasBranch {
		ae.branches[bk] = AccessWitnessReadFlag
	}
	if branchWrite {
		ae.branches[bk] |= AccessWitnessWriteFlag
	}
	if !hasChunk {
		ae.chunks[ck] = AccessWitnessReadFlag
	}
	if chunkWrite {
		ae.chunks[ck] |= AccessWitnessWriteFlag
	}
	return gas, gas
}

func (ae *pairAccessEvents) merge(other *pairAccessEvents) {
	for k, m := range other.branches {
		ae.branches[k] |= m
	}
	for k, m := range other.chunks {
		ae.chunks[k] |= m
	}
}

func (ae *pairAccessEvents) keys() [][]byte {
	var keys [][]byte
	for ck := range ae.chunks {
		var offset [32]byte
		b := ck.treeIndex.Bytes32()
		copy(offset[:31], b[1:])
		offset[31] = ck.leaf
		keys = append(keys, bintrie.GetBinaryTreeKey(ck.addr, offset[:]))
	}
	return keys
}

func sortedKeys(keys [][]byte) [][]byte {
	keys = slices.Clone(keys)
	slices.SortFunc(keys, bytes.Compare)
	return keys
}

// TestStemAccessMatchesPairRecord drives the stem map and the two-map record
// with the same random touches (few accounts and tree indices, so that stems
// and leaves repeat; reads and writes; gas that sometimes runs out) across
// transactions merged into a block, and checks every charge, the block's keys
// and a copy's keys.
func TestStemAccessMatchesPairRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	addrs := []common.Address{{1}, {2}, {3}}
	for block := 0; block < 20; block++ {
		stems, pairs := NewAccessEvents(), newPairAccessEvents()
		tx := NewAccessEvents()
		for txn := 0; txn < 5; txn++ {
			txPairs := newPairAccessEvents()
			for i := 0; i < 400; i++ {
				addr := addrs[rng.IntN(len(addrs))]
				treeIndex := *uint256.NewInt(uint64(rng.IntN(3)))
				leaf := byte(rng.IntN(256))
				if rng.IntN(4) == 0 {
					leaf = byte(rng.IntN(3)) // the account header's leaves, often hit
				}
				isWrite := rng.IntN(3) == 0
				gas := uint64(1 << 40)
				if rng.IntN(10) == 0 {
					gas = uint64(rng.IntN(4000)) // sometimes too little
				}
				c1, e1 := tx.touchAddressAndChargeGas(addr, treeIndex, leaf, isWrite, gas)
				c2, e2 := txPairs.touch(addr, treeIndex, leaf, isWrite, gas)
				if c1 != c2 || e1 != e2 {
					t.Fatalf("block %d tx %d touch %d (%x, %v, leaf %d, write %v, gas %d): charged (%d, %d), want (%d, %d)",
						block, txn, i, addr[:1], treeIndex.Uint64(), leaf, isWrite, gas, c1, e1, c2, e2)
				}
			}
			if got, want := sortedKeys(tx.Keys()), sortedKeys(txPairs.keys()); !slices.EqualFunc(got, want, bytes.Equal) {
				t.Fatalf("block %d tx %d: %d keys, want %d", block, txn, len(got), len(want))
			}
			stems.Merge(tx)
			pairs.merge(txPairs)
			tx.Reset()
		}
		want := sortedKeys(pairs.keys())
		if got := sortedKeys(stems.Keys()); !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("block %d: %d keys after merging, want %d", block, len(got), len(want))
		}
		if got := sortedKeys(stems.Copy().Keys()); !slices.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("block %d: the copy has %d keys, want %d", block, len(got), len(want))
		}
	}
}

// TestStemAccessLeaves checks the leaf bits at the edges of their words.
func TestStemAccessLeaves(t *testing.T) {
	var s stemAccess
	leaves := []byte{0, 1, 63, 64, 127, 128, 200, 255}
	for _, l := range leaves {
		s.markLeafRead(l)
	}
	s.markLeafWritten(255)
	var got []byte
	s.forEachLeaf(func(l byte) { got = append(got, l) })
	if !slices.Equal(got, leaves) || s.leaves() != len(leaves) {
		t.Fatalf("leaves %v (%d), want %v", got, s.leaves(), leaves)
	}
	if !s.leafWritten(255) || s.leafWritten(254) || s.leafRead(2) {
		t.Fatal("leaf bits set that were not marked, or missing")
	}
}

// BenchmarkAccessEventsNewSlots charges a read of fresh storage slots, each
// on its own stem as hashed slot keys are, and merges the transaction's
// events into the block's: the per-slot work of a block of cold SLOADs.
func BenchmarkAccessEventsNewSlots(b *testing.B) {
	block, tx := NewAccessEvents(), NewAccessEvents()
	slots := make([]common.Hash, 1000)
	for i := range slots {
		slots[i] = common.Hash{byte(i >> 8), byte(i), 0xff}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range slots {
			tx.SlotGas(testAddr, s, false, 1<<40, false)
		}
		block.Merge(tx)
		tx.Reset()
		block.Reset()
	}
}

// BenchmarkAccessEventsWarmSlots charges reads of slots already read in the
// transaction.
func BenchmarkAccessEventsWarmSlots(b *testing.B) {
	tx := NewAccessEvents()
	slots := make([]common.Hash, 1000)
	for i := range slots {
		slots[i] = common.Hash{byte(i >> 8), byte(i), 0xff}
		tx.SlotGas(testAddr, slots[i], false, 1<<40, false)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range slots {
			tx.SlotGas(testAddr, s, false, 1<<40, false)
		}
	}
}
