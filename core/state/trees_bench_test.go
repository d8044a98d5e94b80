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
	"encoding/binary"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"
	"github.com/holiman/uint256"
)

// The three state trees on the same state: MPT, EIP-7864's binary trie and
// EIP-8297's partitioned tree, the binary ones at group depths 5 and 6. The
// state is a population of accounts and one contract with many slots, as an
// ERC-20 holds its balances; it lives in an in-memory path database, flushed
// to its disk layer.

const (
	benchTreeAccounts = 50_000
	benchTreeSlots    = 50_000
	benchTreeBatch    = 100 // slots and accounts a "block" writes
)

var benchTreeToken = common.Address{0x70, 0x6b}

type benchTreeKind struct {
	name   string
	config triedb.Config
}

func benchTreeKinds() []benchTreeKind {
	kinds := []benchTreeKind{{name: "mpt", config: triedb.Config{PathDB: pathdb.Defaults}}}
	for _, depth := range []int{5, 6} {
		kinds = append(kinds,
			benchTreeKind{fmt.Sprintf("eip7864-gd%d", depth), triedb.Config{IsUBT: true, BinTrieGroupDepth: depth, PathDB: pathdb.Defaults}},
			benchTreeKind{fmt.Sprintf("eip8297-gd%d", depth), triedb.Config{IsUBT: true, IsPBT: true, BinTrieGroupDepth: depth, PathDB: pathdb.Defaults}},
		)
	}
	return kinds
}

func benchTreeAccount(i int) common.Address {
	var a common.Address
	binary.BigEndian.PutUint64(a[4:], uint64(i)*0x9e3779b97f4a7c15)
	return a
}

// benchTreeSlot is the slot of holder i in a Solidity mapping at slot 0.
func benchTreeSlot(i int) common.Hash {
	var key [64]byte
	copy(key[12:32], benchTreeAccount(i).Bytes())
	return crypto.Keccak256Hash(key[:])
}

// benchTreeState builds the population in a fresh database and returns the
// state database and its root.
func benchTreeState(b *testing.B, kind benchTreeKind, disk ethdb.Database) (Database, common.Hash) {
	b.Helper()
	tdb := triedb.NewDatabase(disk, &kind.config)
	sdb := NewDatabase(tdb, nil)
	empty := types.EmptyRootHash
	if kind.config.IsUBT {
		empty = types.EmptyBinaryHash
	}
	statedb, err := New(empty, sdb)
	if err != nil {
		b.Fatal(err)
	}
	for i := range benchTreeAccounts {
		statedb.SetBalance(benchTreeAccount(i), uint256.NewInt(uint64(i)+1), tracing.BalanceChangeUnspecified)
	}
	statedb.SetCode(benchTreeToken, []byte{0x5f, 0x54, 0x00}, tracing.CodeChangeUnspecified)
	for i := range benchTreeSlots {
		statedb.SetState(benchTreeToken, benchTreeSlot(i), common.BigToHash(uint256.NewInt(uint64(i)+1).ToBig()))
	}
	root, err := statedb.Commit(params.Rules{IsCancun: true}, 1)
	if err != nil {
		b.Fatal(err)
	}
	if err := tdb.Commit(root, false); err != nil {
		b.Fatal(err)
	}
	return sdb, root
}

// BenchmarkTreesWrite measures a block's worth of state writes: 100 slots of
// the token and 100 account balances changed, then the root and the commit
// of the changed nodes. Reported per slot or account written.
func BenchmarkTreesWrite(b *testing.B) {
	for _, kind := range benchTreeKinds() {
		b.Run(kind.name, func(b *testing.B) {
			sdb, root := benchTreeState(b, kind, rawdb.NewMemoryDatabase())
			block, n := uint64(2), 0
			for b.Loop() {
				statedb, err := New(root, sdb)
				if err != nil {
					b.Fatal(err)
				}
				for j := range benchTreeBatch {
					i := (n*benchTreeBatch + j) * 7919
					statedb.SetState(benchTreeToken, benchTreeSlot(i%benchTreeSlots), common.BigToHash(uint256.NewInt(uint64(n)+7).ToBig()))
					statedb.SetBalance(benchTreeAccount(i%benchTreeAccounts), uint256.NewInt(uint64(n)+9), tracing.BalanceChangeUnspecified)
				}
				if root, err = statedb.Commit(params.Rules{IsCancun: true}, block); err != nil {
					b.Fatal(err)
				}
				block, n = block+1, n+1
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2*benchTreeBatch), "ns/write")
		})
	}
}

// BenchmarkTreesRead measures reads through the tree itself, not the flat
// state: slots of the token on a freshly opened tree, 256 reads per tree so
// that the tree's node cache does not make them memory reads. Reported per
// slot read.
func BenchmarkTreesRead(b *testing.B) {
	for _, kind := range benchTreeKinds() {
		b.Run(kind.name, func(b *testing.B) {
			sdb, root := benchTreeState(b, kind, rawdb.NewMemoryDatabase())
			var (
				tr   Trie
				read int
			)
			for b.Loop() {
				if read%256 == 0 {
					tr = benchTreeOpen(b, sdb, root, kind)
				}
				slot := benchTreeSlot((read * 7919) % benchTreeSlots)
				if v, err := tr.GetStorage(benchTreeToken, slot[:]); err != nil || len(v) == 0 {
					b.Fatalf("slot %x: %x, %v", slot, v, err)
				}
				read++
			}
		})
	}
}

// countingDisk counts what the trie database reads from its disk.
type countingDisk struct {
	ethdb.Database
	gets, bytes atomic.Int64
}

func (d *countingDisk) Get(key []byte) ([]byte, error) {
	v, err := d.Database.Get(key)
	d.gets.Add(1)
	d.bytes.Add(int64(len(v)))
	return v, err
}

// BenchmarkTreesReadBytes counts what a read through the tree fetches from
// the disk layer with no clean-node cache: the records (binary trees) or
// nodes (MPT) on the slot's path, on a tree opened fresh every 256 reads as
// in BenchmarkTreesRead. The counts do not depend on timing; one run gives
// them.
func BenchmarkTreesReadBytes(b *testing.B) {
	for _, kind := range benchTreeKinds() {
		b.Run(kind.name, func(b *testing.B) {
			pcfg := *kind.config.PathDB
			pcfg.TrieCleanSize = 0
			kind.config.PathDB = &pcfg
			disk := &countingDisk{Database: rawdb.NewMemoryDatabase()}
			sdb, root := benchTreeState(b, kind, disk)
			disk.gets.Store(0)
			disk.bytes.Store(0)
			var tr Trie
			reads := 0
			for b.Loop() {
				for j := range 256 {
					if j == 0 {
						tr = benchTreeOpen(b, sdb, root, kind)
					}
					slot := benchTreeSlot((reads * 7919) % benchTreeSlots)
					if v, err := tr.GetStorage(benchTreeToken, slot[:]); err != nil || len(v) == 0 {
						b.Fatalf("slot %x: %x, %v", slot, v, err)
					}
					reads++
				}
			}
			b.ReportMetric(float64(disk.bytes.Load())/float64(reads), "B/read")
			b.ReportMetric(float64(disk.gets.Load())/float64(reads), "fetches/read")
		})
	}
}

// benchTreeOpen opens the tree holding the token's slots: the unified tree,
// or the token's storage trie on MPT.
func benchTreeOpen(b *testing.B, sdb Database, root common.Hash, kind benchTreeKind) Trie {
	b.Helper()
	tr, err := sdb.OpenTrie(root)
	if err != nil {
		b.Fatal(err)
	}
	if kind.config.IsUBT {
		return tr
	}
	acct, err := tr.GetAccount(benchTreeToken)
	if err != nil || acct == nil {
		b.Fatal("token account missing", err)
	}
	if tr, err = sdb.OpenStorageTrie(root, benchTreeToken, acct.Root, tr); err != nil {
		b.Fatal(err)
	}
	return tr
}
