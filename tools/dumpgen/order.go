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
	"cmp"
	"encoding/binary"
	"runtime"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/trie/bintrie"

	"statelab/tools/internal/statekind"
)

// entryOrder is the order in which the population creates the entries of one
// kind: a permutation of their indices.
//
// The population creates every kind's entries in the order of their keys in
// the state trie (the hashed key for MPT, the stem key for the binary trie),
// so that each block only extends the right edge of the tries built so far.
// A node left of that edge is hashed and written once, when it is complete,
// and never read back. In random key order, which the derived keys have,
// every block rewrites and rehashes nodes all over the trie and reads them
// back from the database first: at 10^6 ERC20 holders that cost 2.5 times
// the CPU (docs/results/dumpgen-scale.md). The final state is the same set
// of entries in either order; only the blocks that create it differ.
//
// Indices fit in 32 bits: maxEntries is 2^32 and no kind holds more than
// half of the entries.
type entryOrder []uint32

// populationOrder returns, per kind, the indices of the entries sorted by
// their trie keys on a chain of the given trie.
func populationOrder(trie statekind.Trie, seed uint64, targets [numKinds]uint64) [numKinds]entryOrder {
	var orders [numKinds]entryOrder
	for k := entryKind(0); k < numKinds; k++ {
		key := trieKeyFunc(trie, k, seed)
		orders[k] = sortByKey(targets[k], key)
	}
	return orders
}

// trieKeyFunc returns the function giving the leading 8 bytes of the trie
// key of the index'th entry of kind k: for MPT the keccak256 hash of the
// account address or of the storage slot, for the binary trie the EIP-7864
// tree key of the account's basic data or of the storage slot. 8 bytes
// order the entries of any population this machine can hold; ties, such as
// the up to 256 sequential slots that share a binary-trie stem, keep their
// index order.
func trieKeyFunc(trie statekind.Trie, k entryKind, seed uint64) func(i uint64) uint64 {
	var key func(i uint64) []byte
	switch {
	case trie == statekind.MPT && k == kindAccount:
		key = func(i uint64) []byte { return crypto.Keccak256(deriveAddress(domainAccount, seed, i).Bytes()) }
	case trie == statekind.MPT && k == kindHolder:
		key = func(i uint64) []byte { return crypto.Keccak256(holderSlot(seed, i).Bytes()) }
	case trie == statekind.MPT:
		key = func(i uint64) []byte { return crypto.Keccak256(slotKey(i).Bytes()) }
	case k == kindAccount:
		key = func(i uint64) []byte { return bintrie.GetBinaryTreeKeyBasicData(deriveAddress(domainAccount, seed, i)) }
	case k == kindHolder:
		key = func(i uint64) []byte {
			return bintrie.GetBinaryTreeKeyStorageSlot(tokenAddress, holderSlot(seed, i).Bytes())
		}
	default:
		key = func(i uint64) []byte { return bintrie.GetBinaryTreeKeyStorageSlot(slotsAddress, slotKey(i).Bytes()) }
	}
	return func(i uint64) uint64 { return binary.BigEndian.Uint64(key(i)) }
}

// holderSlot returns the token balance slot of the index'th holder.
func holderSlot(seed, i uint64) common.Hash {
	return tokenBalanceKey(deriveAddress(domainHolder, seed, i))
}

// keyedIndex is an entry index with the leading bytes of its trie key.
type keyedIndex struct {
	key   uint64
	index uint32
}

// sortByKey returns the indices 0 to n-1 sorted by key, ties by index. The
// keys of a large n are computed on every CPU.
func sortByKey(n uint64, key func(i uint64) uint64) entryOrder {
	keyed := make([]keyedIndex, n)
	fill := func(start, end uint64) {
		for i := start; i < end; i++ {
			keyed[i] = keyedIndex{key: key(i), index: uint32(i)}
		}
	}
	if n < 4096 {
		fill(0, n) // not worth the goroutines
	} else {
		workers := uint64(runtime.GOMAXPROCS(0))
		chunk := (n + workers - 1) / workers
		var wg sync.WaitGroup
		for start := uint64(0); start < n; start += chunk {
			wg.Add(1)
			go func(start, end uint64) {
				defer wg.Done()
				fill(start, end)
			}(start, min(start+chunk, n))
		}
		wg.Wait()
	}
	slices.SortFunc(keyed, func(a, b keyedIndex) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.index, b.index)
	})
	order := make(entryOrder, n)
	for j := range keyed {
		order[j] = keyed[j].index
	}
	return order
}
