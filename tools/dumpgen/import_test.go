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
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/holiman/uint256"
)

// importBatch mirrors geth import's batching of InsertChain calls.
const importBatch = 5

// importDump imports a dump into a fresh in-memory chain as geth init and
// geth import would: genesis decoded from genesis.json, blocks decoded from
// the RLP stream and inserted in batches. It returns the chain, stopped by
// test cleanup.
func importDump(t *testing.T, dir string, options *core.BlockChainConfig) *core.BlockChain {
	t.Helper()
	genesis := new(core.Genesis)
	if err := json.Unmarshal(readDumpFile(t, dir, genesisFileName), genesis); err != nil {
		t.Fatal(err)
	}
	chain, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), genesis, beacon.New(ethash.NewFaker()), options)
	if err != nil {
		t.Fatalf("NewBlockChain: %v", err)
	}
	t.Cleanup(chain.Stop)

	f, err := os.Open(filepath.Join(dir, populationFileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var batch types.Blocks
	insert := func() error {
		if n, err := chain.InsertChain(batch); err != nil {
			return fmt.Errorf("inserting block %d: %w", batch[n].NumberU64(), err)
		}
		batch = batch[:0]
		return nil
	}
	err = readBlocks(f, func(b *types.Block) error {
		if batch = append(batch, b); len(batch) == importBatch {
			return insert()
		}
		return nil
	})
	if err == nil && len(batch) > 0 {
		err = insert()
	}
	if err != nil {
		t.Fatal(err)
	}
	return chain
}

// checkHead compares the imported head with the manifest's population file.
func checkHead(t *testing.T, chain *core.BlockChain, m *manifest) {
	t.Helper()
	f := m.Files[0]
	head := chain.CurrentBlock()
	if head.Number.Uint64() != f.LastBlock {
		t.Fatalf("head number %d, manifest last_block %d", head.Number, f.LastBlock)
	}
	if head.Root != f.HeadRoot {
		t.Fatalf("head root %x, manifest head_root %x", head.Root, f.HeadRoot)
	}
	if head.Hash() != f.HeadHash {
		t.Fatalf("head hash %x, manifest head_hash %x", head.Hash(), f.HeadHash)
	}
	if chain.Genesis().Hash() != m.GenesisHash {
		t.Fatalf("genesis %x, manifest genesis_hash %x", chain.Genesis().Hash(), m.GenesisHash)
	}
}

// checkPopulation verifies every entry of the population in the head state:
// plain account balances, token balances at their Solidity mapping keys and
// the sequential slots.
func checkPopulation(t *testing.T, chain *core.BlockChain, m *manifest) {
	t.Helper()
	head := chain.CurrentBlock()
	statedb, err := chain.StateAt(head.Root, head.Number, head.Time)
	if err != nil {
		t.Fatalf("head state: %v", err)
	}
	seed := m.Seed
	for i := uint64(0); i < m.Population.Accounts; i++ {
		addr := deriveAddress(domainAccount, seed, i)
		if have, want := statedb.GetBalance(addr), uint256.MustFromBig(accountValue(seed, i)); !have.Eq(want) {
			t.Fatalf("account %d (%x): balance %v, want %v", i, addr, have, want)
		}
	}
	for i := uint64(0); i < m.Population.ERC20Holders; i++ {
		holder := deriveAddress(domainHolder, seed, i)
		have := statedb.GetState(m.Population.Token, tokenBalanceKey(holder))
		if want := common.BytesToHash(tokenAmount(seed, i)); have != want {
			t.Fatalf("holder %d (%x): balance slot %x, want %x", i, holder, have, want)
		}
	}
	for i := uint64(0); i < m.Population.SequentialSlots; i++ {
		have := statedb.GetState(m.Population.SlotsContract, slotKey(i))
		if want := slotValue(seed, i); have != want {
			t.Fatalf("slot %d: %x, want %x", i, have, want)
		}
	}
	// One past the end must be empty: the population is exact.
	if v := statedb.GetState(m.Population.SlotsContract, slotKey(m.Population.SequentialSlots)); v != (common.Hash{}) {
		t.Errorf("slot %d beyond the population is set: %x", m.Population.SequentialSlots, v)
	}
}

// TestImportUBT imports one UBT dump at several binary trie group depths:
// the state root must not depend on the group depth.
func TestImportUBT(t *testing.T) {
	cfg := testConfig(t, trieUBT)
	m := mustDump(t, cfg)
	for _, depth := range []int{1, 5, 6, 8} {
		t.Run(fmt.Sprintf("groupdepth-%d", depth), func(t *testing.T) {
			options := core.DefaultConfig().WithStateScheme(rawdb.PathScheme)
			options.SnapshotLimit = 0
			options.BinTrieGroupDepth = depth
			chain := importDump(t, cfg.out, options)
			checkHead(t, chain, m)
			checkPopulation(t, chain, m)
		})
	}
}

// TestImportMPT imports one MPT dump with the hash and the path scheme.
func TestImportMPT(t *testing.T) {
	cfg := testConfig(t, trieMPT)
	m := mustDump(t, cfg)
	for _, scheme := range []string{rawdb.HashScheme, rawdb.PathScheme} {
		t.Run(scheme, func(t *testing.T) {
			chain := importDump(t, cfg.out, core.DefaultConfig().WithStateScheme(scheme))
			checkHead(t, chain, m)
			checkPopulation(t, chain, m)
		})
	}
}
