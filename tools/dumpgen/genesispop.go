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
	"fmt"
	"iter"
	"maps"
	"math/big"
	"os"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/holiman/uint256"

	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// genesisPopulation is a population placed in the genesis state rather than
// created by blocks: the base alloc (the contracts, senders and system
// contracts dumpgen's chains start from), the plain accounts with their
// airdrop values, the token holders' balances with the total supply, and the
// sequential slots, with the keys and values the population's blocks would
// give them. Its state streams to statewriter in key order without being
// held in memory: only the orders of the entries are, in memory (4 bytes an
// entry and trie) or, given a directory, spilled to disk (12 bytes an entry
// and trie there, and one bucket's sort in memory). Its streams may be
// iterated at once by different goroutines, each stream by one.
type genesisPopulation struct {
	trie    statekind.Trie
	seed    uint64
	targets [numKinds]uint64
	base    types.GenesisAlloc
	hashes  [numKinds]keyOrder // each kind by hashed key: the MPT's and the flat state's order
	stems   [numKinds]keyOrder // each kind by binary-trie key (binary trie only)

	tail *tailPopulation // a mainnet shape's tail of contracts, or nil

	spillDir string // a directory of the orders' files that close removes, or ""
}

// keyOrder yields the indices of a kind's entries in the order of their keys.
type keyOrder interface {
	all() iter.Seq2[uint32, error]
}

// all implements keyOrder.
func (o entryOrder) all() iter.Seq2[uint32, error] {
	return withoutError(slices.Values(o))
}

// newGenesisPopulation orders the population's entries, in memory if spill
// is empty, else on disk in that directory; close removes what it put there.
// A mainnet shape adds its tail of contracts to the targets' entries.
func newGenesisPopulation(trie statekind.Trie, seed uint64, targets [numKinds]uint64, shape *mainnetShape, base types.GenesisAlloc, spill string) (*genesisPopulation, error) {
	p := &genesisPopulation{trie: trie, seed: seed, targets: targets, base: base}
	order := func(name string, n uint64, key func(uint64) uint64) (keyOrder, error) {
		if spill == "" {
			return sortByKey(n, key), nil
		}
		return spillOrder(spill, name, n, spillBucketEntries, key)
	}
	tries := []statekind.Trie{statekind.MPT}
	if trie == statekind.UBT {
		tries = append(tries, statekind.UBT)
	}
	for _, t := range tries {
		orders := &p.hashes
		if t == statekind.UBT {
			orders = &p.stems
		}
		for k := range numKinds {
			o, err := order(fmt.Sprintf("%s-%s", t, kindNames[k]), targets[k], trieKeyFunc(t, k, seed))
			if err != nil {
				p.close()
				return nil, err
			}
			orders[k] = o
		}
	}
	if shape != nil {
		tail, err := newTailPopulation(trie, seed, shape, order)
		if tail != nil {
			p.tail = tail
		}
		if err != nil {
			p.close()
			return nil, err
		}
	}
	return p, nil
}

// stemCount estimates the binary trie's stems: one a plain account, one a
// holder's balance, one per 256 sequential slots, and the base accounts'.
func (p *genesisPopulation) stemCount() uint64 {
	if p.trie != statekind.UBT {
		return 0
	}
	n := p.targets[kindAccount] + p.targets[kindHolder] + p.targets[kindSlot]/256 + 2*uint64(len(p.base))
	if p.tail != nil {
		n += p.tail.shape.tailContracts() + p.tail.shape.tailSlots()
	}
	return n
}

// close removes the orders spilled to disk.
func (p *genesisPopulation) close() {
	orders := append(p.hashes[:], p.stems[:]...)
	if p.tail != nil {
		orders = append(orders, p.tail.orders()...)
	}
	for _, o := range orders {
		if s, ok := o.(*spilledOrder); ok {
			s.remove()
		}
	}
	if p.spillDir != "" {
		os.RemoveAll(p.spillDir)
	}
}

// supply is the token's total supply: the sum of the holders' balances.
func (p *genesisPopulation) supply() common.Hash {
	sum := new(uint256.Int)
	for i := range p.targets[kindHolder] {
		sum.Add(sum, new(uint256.Int).SetBytes(tokenAmount(p.seed, i)))
	}
	return sum.Bytes32()
}

// baseAccounts returns the base alloc's accounts with the token's supply,
// and, when header is set, the sequential slots the slots contract's header
// holds in the binary trie (slots 0 to 63).
func (p *genesisPopulation) baseAccounts(header bool) []*statewriter.Account {
	alloc := maps.Clone(p.base)
	token := alloc[tokenAddress]
	token.Storage = map[common.Hash]common.Hash{common.BigToHash(big.NewInt(tokenSupplySlot)): p.supply()}
	alloc[tokenAddress] = token
	if header {
		slots := alloc[slotsAddress]
		slots.Storage = map[common.Hash]common.Hash{}
		for i := range min(p.targets[kindSlot], 64) {
			slots.Storage[slotKey(i)] = slotValue(p.seed, i)
		}
		alloc[slotsAddress] = slots
	}
	accounts, err := statewriter.AccountsOf(alloc)
	if err != nil {
		panic(err) // the base alloc's balances are dumpgen's constants
	}
	return accounts
}

// alloc returns the whole genesis alloc, for geth init: a state held in
// memory, for small populations.
func (p *genesisPopulation) alloc() types.GenesisAlloc {
	alloc := types.GenesisAlloc{}
	for _, a := range p.baseAccounts(false) {
		alloc[a.Address] = types.Account{Nonce: a.Nonce, Balance: a.Balance.ToBig(), Code: a.Code, Storage: a.Storage}
	}
	for i := range p.targets[kindAccount] {
		alloc[deriveAddress(domainAccount, p.seed, i)] = types.Account{Balance: accountValue(p.seed, i)}
	}
	token := alloc[tokenAddress]
	for i := range p.targets[kindHolder] {
		token.Storage[holderSlot(p.seed, i)] = common.BytesToHash(tokenAmount(p.seed, i))
	}
	slots := alloc[slotsAddress]
	slots.Storage = map[common.Hash]common.Hash{}
	for i := range p.targets[kindSlot] {
		slots.Storage[slotKey(i)] = slotValue(p.seed, i)
	}
	alloc[slotsAddress] = slots
	if p.tail != nil {
		p.tail.alloc(alloc)
	}
	return alloc
}

// source returns the state as statewriter streams it.
func (p *genesisPopulation) source() statewriter.Source {
	src := statewriter.Source{Accounts: p.accounts()}
	if p.trie == statekind.UBT {
		streams := []iter.Seq2[*statewriter.Stem, error]{
			statewriter.FromAccounts(p.baseAccounts(true)).Stems,
			p.accountStems(), p.holderStems(), p.slotStems(),
		}
		if p.tail != nil {
			streams = append(streams, p.tail.headerStems(), p.tail.slotStems())
		}
		src.Stems = statewriter.MergeStems(streams...)
	}
	return src
}

// accounts yields every account by address hash: the base accounts, with
// the token's and the slots contract's storage streamed, among the plain
// accounts.
func (p *genesisPopulation) accounts() iter.Seq2[*statewriter.HashedAccount, error] {
	base := p.baseAccounts(false)
	hashed := make([]*statewriter.HashedAccount, len(base))
	for i, a := range base {
		hashed[i] = a.Hashed()
		switch a.Address {
		case tokenAddress:
			hashed[i].Storage = statewriter.Merge(slotHash, nil, hashed[i].Storage, p.holderSlots())
		case slotsAddress:
			hashed[i].Storage = p.sequentialSlots()
		}
	}
	slices.SortFunc(hashed, func(a, b *statewriter.HashedAccount) int { return bytes.Compare(a.Hash[:], b.Hash[:]) })
	plain := inKeyOrder(p.hashes[kindAccount], func(i uint32) *statewriter.HashedAccount {
		addr := deriveAddress(domainAccount, p.seed, uint64(i))
		balance, _ := uint256.FromBig(accountValue(p.seed, uint64(i)))
		return &statewriter.HashedAccount{Hash: crypto.Keccak256Hash(addr[:]), Balance: balance}
	}, func(a *statewriter.HashedAccount) []byte { return a.Hash[:] })
	streams := []iter.Seq2[*statewriter.HashedAccount, error]{statewriter.SliceSeq(hashed), plain}
	if p.tail != nil {
		streams = append(streams, p.tail.accounts())
	}
	return statewriter.Merge(func(a *statewriter.HashedAccount) []byte { return a.Hash[:] }, nil, streams...)
}

// holderSlots yields the token holders' balance slots by hashed key.
func (p *genesisPopulation) holderSlots() iter.Seq2[statewriter.Slot, error] {
	return inKeyOrder(p.hashes[kindHolder], func(i uint32) statewriter.Slot {
		key := holderSlot(p.seed, uint64(i))
		return statewriter.Slot{Hash: crypto.Keccak256Hash(key[:]), Value: common.TrimLeftZeroes(tokenAmount(p.seed, uint64(i)))}
	}, slotHash)
}

// sequentialSlots yields the slots contract's slots by hashed key.
func (p *genesisPopulation) sequentialSlots() iter.Seq2[statewriter.Slot, error] {
	return inKeyOrder(p.hashes[kindSlot], func(i uint32) statewriter.Slot {
		key, value := slotKey(uint64(i)), slotValue(p.seed, uint64(i))
		return statewriter.Slot{Hash: crypto.Keccak256Hash(key[:]), Value: common.TrimLeftZeroes(value[:])}
	}, slotHash)
}

func slotHash(s statewriter.Slot) []byte { return s.Hash[:] }

// accountStems yields the plain accounts' header stems by key: their basic
// data (balance) and their code hash (of no code).
func (p *genesisPopulation) accountStems() iter.Seq2[*statewriter.Stem, error] {
	return inKeyOrder(p.stems[kindAccount], func(i uint32) *statewriter.Stem {
		addr := deriveAddress(domainAccount, p.seed, uint64(i))
		s := newStem(bintrie.GetBinaryTreeKeyBasicData(addr))
		var basic [32]byte
		accountValue(p.seed, uint64(i)).FillBytes(basic[16:]) // below 2^64: fits the balance field
		s.Values[bintrie.BasicDataLeafKey] = basic[:]
		s.Values[bintrie.CodeHashLeafKey] = types.EmptyCodeHash[:]
		return s
	}, stemKey)
}

// holderStems yields the holders' balance slots, each in a stem of its own.
func (p *genesisPopulation) holderStems() iter.Seq2[*statewriter.Stem, error] {
	return inKeyOrder(p.stems[kindHolder], func(i uint32) *statewriter.Stem {
		key := bintrie.GetBinaryTreeKeyStorageSlot(tokenAddress, holderSlot(p.seed, uint64(i)).Bytes())
		s := newStem(key)
		s.Values[key[bintrie.StemSize]] = common.LeftPadBytes(tokenAmount(p.seed, uint64(i)), 32)
		return s
	}, stemKey)
}

// slotStems yields the sequential slots from 64 on (those below live in the
// contract's header stem, among the base accounts), up to 256 a stem.
func (p *genesisPopulation) slotStems() iter.Seq2[*statewriter.Stem, error] {
	// A leaf's key is computed once: the up to 256 slots of a stem tie on
	// their leading 8 bytes, and inKeyOrder compares their whole keys.
	type leaf struct {
		i   uint64
		key []byte
	}
	leaves := inKeyOrder(p.stems[kindSlot], func(i uint32) leaf {
		return leaf{uint64(i), bintrie.GetBinaryTreeKeyStorageSlot(slotsAddress, slotKey(uint64(i)).Bytes())}
	}, func(l leaf) []byte { return l.key })
	return func(yield func(*statewriter.Stem, error) bool) {
		var s *statewriter.Stem
		for l, err := range leaves {
			if err != nil {
				yield(nil, err)
				return
			}
			if l.i < 64 {
				continue
			}
			if s != nil && !bytes.Equal(s.Key[:], l.key[:bintrie.StemSize]) {
				if !yield(s, nil) {
					return
				}
				s = nil
			}
			if s == nil {
				s = newStem(l.key)
			}
			v := slotValue(p.seed, l.i)
			s.Values[l.key[bintrie.StemSize]] = v[:]
		}
		if s != nil {
			yield(s, nil)
		}
	}
}

func newStem(key []byte) *statewriter.Stem {
	s := new(statewriter.Stem)
	copy(s.Key[:], key)
	return s
}

func stemKey(s *statewriter.Stem) []byte { return s.Key[:] }

// inKeyOrder yields the items of the entries in order, in the order of
// their full keys: order sorts the entries by the first 8 bytes of their
// keys, so only a run of entries whose keys share those bytes is sorted
// here (stably: the slots of one stem keep their index order).
func inKeyOrder[T any](order keyOrder, item func(i uint32) T, key func(T) []byte) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var run []T
		flush := func() bool {
			slices.SortStableFunc(run, func(a, b T) int { return bytes.Compare(key(a), key(b)) })
			for _, v := range run {
				if !yield(v, nil) {
					return false
				}
			}
			run = run[:0]
			return true
		}
		for i, err := range order.all() {
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			v := item(i)
			if len(run) > 0 && !bytes.Equal(key(run[0])[:8], key(v)[:8]) && !flush() {
				return
			}
			run = append(run, v)
		}
		flush()
	}
}

// withoutError turns a sequence into one of values with nil errors.
func withoutError[T any](seq iter.Seq[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for v := range seq {
			if !yield(v, nil) {
				return
			}
		}
	}
}
