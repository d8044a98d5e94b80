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
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/trie/bintrie"

	"statelab/tools/internal/statekind"
)

// fullTrieKey returns the whole trie key of the index'th entry of kind k,
// computed here independently of trieKeyFunc.
func fullTrieKey(trie statekind.Trie, k entryKind, seed, i uint64) []byte {
	switch k {
	case kindAccount:
		addr := deriveAddress(domainAccount, seed, i)
		if trie == statekind.MPT {
			return crypto.Keccak256(addr.Bytes())
		}
		return bintrie.GetBinaryTreeKeyBasicData(addr)
	case kindHolder:
		slot := tokenBalanceKey(deriveAddress(domainHolder, seed, i))
		if trie == statekind.MPT {
			return crypto.Keccak256(slot.Bytes())
		}
		return bintrie.GetBinaryTreeKeyStorageSlot(tokenAddress, slot.Bytes())
	default:
		if trie == statekind.MPT {
			return crypto.Keccak256(slotKey(i).Bytes())
		}
		return bintrie.GetBinaryTreeKeyStorageSlot(slotsAddress, slotKey(i).Bytes())
	}
}

// TestPopulationOrder checks that every kind's order is a permutation of its
// indices whose trie keys strictly increase, on both tries. The 3,000
// sequential slots span twelve binary-trie stems, so ties on the stem are
// covered too.
func TestPopulationOrder(t *testing.T) {
	const seed = 5
	targets := splitEntries(12_000)
	for _, trie := range []statekind.Trie{statekind.MPT, statekind.UBT} {
		orders := populationOrder(trie, seed, targets)
		for k := entryKind(0); k < numKinds; k++ {
			order := orders[k]
			if uint64(len(order)) != targets[k] {
				t.Fatalf("%s %s: %d indices, want %d", trie, kindNames[k], len(order), targets[k])
			}
			seen := make([]bool, targets[k])
			var prev []byte
			for j, i := range order {
				if uint64(i) >= targets[k] || seen[i] {
					t.Fatalf("%s %s: position %d holds index %d twice or out of range", trie, kindNames[k], j, i)
				}
				seen[i] = true
				key := fullTrieKey(trie, k, seed, uint64(i))
				if prev != nil && bytes.Compare(prev, key) >= 0 {
					t.Fatalf("%s %s: key of position %d (%x) not above the previous (%x)", trie, kindNames[k], j, key, prev)
				}
				prev = key
			}
		}
	}
}

// TestIndexRange checks the identity order.
func TestIndexRange(t *testing.T) {
	order := indexRange(5, 3)
	if len(order) != 3 || order[0] != 5 || order[1] != 6 || order[2] != 7 {
		t.Fatalf("indexRange(5, 3) = %v", order)
	}
	if len(indexRange(9, 0)) != 0 {
		t.Fatal("indexRange(9, 0) is not empty")
	}
}
