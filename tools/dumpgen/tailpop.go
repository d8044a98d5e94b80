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
	"encoding/binary"
	"iter"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/trie/bintrie"

	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

const (
	domainTail      = "dumpgen/tail"
	domainTailSlot  = "dumpgen/tail-slot"
	domainTailValue = "dumpgen/tail-value"
)

// tailPopulation is the tail of a mainnet-shaped population: its contracts
// but the two largest (the token and the slots contract, dumpgen's own),
// each with its own address, code and mapping-like slots. Its streams may be
// iterated at once by different goroutines, each stream by one.
type tailPopulation struct {
	seed      uint64
	shape     *mainnetShape
	hashes    keyOrder // the tail's contracts by address hash
	headers   keyOrder // the tail's contracts by header stem (binary trie only)
	slotOrder keyOrder // the tail's slots by binary-trie key (binary trie only)
}

// newTailPopulation orders the tail's contracts and, on the binary trie,
// their slots, with order (in memory or spilled, as the population's).
func newTailPopulation(trie statekind.Trie, seed uint64, shape *mainnetShape, order func(name string, n uint64, key func(uint64) uint64) (keyOrder, error)) (*tailPopulation, error) {
	t := &tailPopulation{seed: seed, shape: shape}
	var err error
	n := shape.tailContracts()
	if t.hashes, err = order("mpt-tail", n, func(i uint64) uint64 {
		addr := tailAddress(seed, i+2)
		return binary.BigEndian.Uint64(crypto.Keccak256(addr[:]))
	}); err != nil {
		return nil, err
	}
	if trie != statekind.UBT {
		return t, nil
	}
	if t.headers, err = order("ubt-tail", n, func(i uint64) uint64 {
		return binary.BigEndian.Uint64(bintrie.GetBinaryTreeKeyBasicData(tailAddress(seed, i+2)))
	}); err != nil {
		return nil, err
	}
	t.slotOrder, err = order("ubt-tail-slots", shape.tailSlots(), func(g uint64) uint64 {
		return binary.BigEndian.Uint64(t.slotTreeKey(shape.tailSlot(g)))
	})
	return t, err
}

// tailAddress returns the address of contract j of a mainnet shape.
func tailAddress(seed, j uint64) common.Address {
	return deriveAddress(domainTail, seed, j)
}

// tailSlotKey returns the key of slot k of contract j: a hash, as a
// Solidity mapping's keys are.
func tailSlotKey(seed, j, k uint64) common.Hash {
	return derive(domainTailSlot, seed, j<<32|k)
}

// tailSlotValue returns the value of slot k of contract j: up to 8 bytes,
// never zero, without leading zeros.
func tailSlotValue(seed, j, k uint64) []byte {
	h := derive(domainTailValue, seed, j<<32|k)
	v := h[24:]
	v[7] |= 1
	return common.TrimLeftZeroes(v)
}

// tailCodeSizes are the code sizes of the tail's contracts, by their share:
// half 45 bytes (mainnet's median, a minimal proxy's size), then 700, 2,500
// and 3,968 bytes, which gives a mean of 567 against mainnet's 676 and keeps
// every contract's code in its header stem of the binary trie (128 chunks).
var tailCodeSizes = []struct {
	percent int
	size    int
}{{50, 45}, {40, 700}, {9, 2500}, {1, 3968}}

// tailCode returns contract j's code: a getter (it returns the slot its
// calldata names), padded to its size with STOP.
func tailCode(seed, j uint64) []byte {
	h := derive(domainTail, seed, j)
	pick := int(binary.BigEndian.Uint64(h[:8]) % 100)
	size := tailCodeSizes[len(tailCodeSizes)-1].size
	for _, c := range tailCodeSizes {
		if pick < c.percent {
			size = c.size
			break
		}
		pick -= c.percent
	}
	// PUSH0 CALLDATALOAD SLOAD PUSH0 MSTORE PUSH1 32 PUSH0 RETURN
	code := make([]byte, size)
	copy(code, []byte{0x5f, 0x35, 0x54, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3})
	return code
}

// contract returns contract j without its storage.
func (t *tailPopulation) contract(j uint64) *statewriter.Account {
	return &statewriter.Account{Address: tailAddress(t.seed, j), Nonce: 1, Code: tailCode(t.seed, j)}
}

// accounts yields the tail's contracts by address hash, each with its
// storage by hashed key (sorted in memory: the largest tail contract of a
// population holds a few percent of its slots).
func (t *tailPopulation) accounts() iter.Seq2[*statewriter.HashedAccount, error] {
	return inKeyOrder(t.hashes, func(i uint32) *statewriter.HashedAccount {
		j := uint64(i) + 2
		a := t.contract(j).Hashed()
		if t.shape.contractSlots(j) > 0 {
			a.Storage = t.storage(j)
		}
		return a
	}, func(a *statewriter.HashedAccount) []byte { return a.Hash[:] })
}

// storage yields contract j's slots by hashed key.
func (t *tailPopulation) storage(j uint64) iter.Seq2[statewriter.Slot, error] {
	order := sortByKey(t.shape.contractSlots(j), func(k uint64) uint64 {
		key := tailSlotKey(t.seed, j, k)
		return binary.BigEndian.Uint64(crypto.Keccak256(key[:]))
	})
	return inKeyOrder(order, func(k uint32) statewriter.Slot {
		key := tailSlotKey(t.seed, j, uint64(k))
		return statewriter.Slot{Hash: crypto.Keccak256Hash(key[:]), Value: tailSlotValue(t.seed, j, uint64(k))}
	}, slotHash)
}

// headerStems yields the tail's contracts' header stems by key: basic data,
// code hash and code chunks, as bintrie lays them out.
func (t *tailPopulation) headerStems() iter.Seq2[*statewriter.Stem, error] {
	return inKeyOrder(t.headers, func(i uint32) *statewriter.Stem {
		return statewriter.UBTStems([]*statewriter.Account{t.contract(uint64(i) + 2)})[0]
	}, stemKey)
}

// slotTreeKey returns the binary-trie key of slot k of contract j.
func (t *tailPopulation) slotTreeKey(j, k uint64) []byte {
	key := tailSlotKey(t.seed, j, k)
	return bintrie.GetBinaryTreeKeyStorageSlot(tailAddress(t.seed, j), key[:])
}

// slotStems yields the tail's slots, each in a stem of its own (their keys
// are hashes), by key.
func (t *tailPopulation) slotStems() iter.Seq2[*statewriter.Stem, error] {
	return inKeyOrder(t.slotOrder, func(g uint32) *statewriter.Stem {
		j, k := t.shape.tailSlot(uint64(g))
		key := t.slotTreeKey(j, k)
		s := newStem(key)
		s.Values[key[bintrie.StemSize]] = common.LeftPadBytes(tailSlotValue(t.seed, j, k), 32)
		return s
	}, stemKey)
}

// alloc adds the tail's contracts with their storage to alloc.
func (t *tailPopulation) alloc(alloc types.GenesisAlloc) {
	for j := uint64(2); j < t.shape.contracts; j++ {
		c := t.contract(j)
		storage := map[common.Hash]common.Hash{}
		for k := range t.shape.contractSlots(j) {
			storage[tailSlotKey(t.seed, j, k)] = common.BytesToHash(tailSlotValue(t.seed, j, k))
		}
		alloc[c.Address] = types.Account{Nonce: c.Nonce, Balance: new(big.Int), Code: c.Code, Storage: storage}
	}
}

// orders returns the tail's orders, for close.
func (t *tailPopulation) orders() []keyOrder {
	return []keyOrder{t.hashes, t.headers, t.slotOrder}
}
