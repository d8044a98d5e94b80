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
	"math/big"
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

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// importBatch mirrors geth import's batching of InsertChain calls.
const importBatch = 5

// importDump imports a dump's genesis and population into a fresh
// in-memory chain as geth init and geth import would: genesis decoded from
// genesis.json, blocks decoded from the RLP stream and inserted in batches.
// It returns the chain, stopped by test cleanup.
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
	importFile(t, chain, dir, populationFileName)
	return chain
}

// importFile imports one block file into chain, in batches as geth import.
func importFile(t *testing.T, chain *core.BlockChain, dir, name string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var batch types.Blocks
	insert := func() error {
		if n, err := chain.InsertChain(batch); err != nil {
			return fmt.Errorf("%s: inserting block %d: %w", name, batch[n].NumberU64(), err)
		}
		batch = batch[:0]
		return nil
	}
	err = blockfile.Read(f, func(b *types.Block) error {
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
}

// checkHead compares the imported head with the manifest's file f.
func checkHead(t *testing.T, chain *core.BlockChain, m *dumpmanifest.Manifest, f dumpmanifest.File) {
	t.Helper()
	head := chain.CurrentBlock()
	if head.Number.Uint64() != f.LastBlock {
		t.Fatalf("%s: head number %d, manifest last_block %d", f.File, head.Number, f.LastBlock)
	}
	if head.Root != f.HeadRoot {
		t.Fatalf("%s: head root %x, manifest head_root %x", f.File, head.Root, f.HeadRoot)
	}
	if head.Hash() != f.HeadHash {
		t.Fatalf("%s: head hash %x, manifest head_hash %x", f.File, head.Hash(), f.HeadHash)
	}
	if chain.Genesis().Hash() != m.GenesisHash {
		t.Fatalf("genesis %x, manifest genesis_hash %x", chain.Genesis().Hash(), m.GenesisHash)
	}
}

// importAll imports the population and then every workload file in
// manifest order into one chain, as a script running geth import on every
// file would, checking the head after every file: each workload branches
// off the population head and becomes the head when imported.
func importAll(t *testing.T, dir string, m *dumpmanifest.Manifest, options *core.BlockChainConfig) {
	t.Helper()
	chain := importDump(t, dir, options)
	checkHead(t, chain, m, m.Files[0])
	checkPopulation(t, chain, m)
	pop := m.Files[0]
	for _, f := range m.Files[1:] {
		if f.FirstBlock != pop.LastBlock+1 || f.ParentHash != pop.HeadHash {
			t.Fatalf("%s does not build on the population head: %+v", f.File, f)
		}
		importFile(t, chain, dir, f.File)
		checkHead(t, chain, m, f)
		checkWorkload(t, chain, m, f)
	}
}

// checkPopulation verifies every entry of the population in the head state:
// plain account balances, token balances at their Solidity mapping keys and
// the sequential slots.
func checkPopulation(t *testing.T, chain *core.BlockChain, m *dumpmanifest.Manifest) {
	t.Helper()
	head := chain.CurrentBlock()
	statedb, err := chain.StateAt(head.Root, head.Number, head.Time)
	if err != nil {
		t.Fatalf("head state: %v", err)
	}
	seed := *m.Seed
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
	// The total supply is the sum of the balances, as a population placed
	// in the genesis (genesisPopulation) sets it.
	targets := [numKinds]uint64{m.Population.Accounts, m.Population.ERC20Holders, m.Population.SequentialSlots}
	supply := (&genesisPopulation{seed: seed, targets: targets}).supply()
	if have := statedb.GetState(m.Population.Token, slotKey(tokenSupplySlot)); have != supply {
		t.Errorf("total supply %x, the holders' balances add up to %x", have, supply)
	}
	// One past the end must be empty: the population is exact.
	if addr := deriveAddress(domainAccount, seed, m.Population.Accounts); statedb.Exist(addr) {
		t.Errorf("account %d (%x) beyond the population exists", m.Population.Accounts, addr)
	}
	if b := statedb.GetBalance(m.Population.Airdrop); !b.IsZero() {
		t.Errorf("airdrop contract kept %v wei", b)
	}
	if v := statedb.GetState(m.Population.SlotsContract, slotKey(m.Population.SequentialSlots)); v != (common.Hash{}) {
		t.Errorf("slot %d beyond the population is set: %x", m.Population.SequentialSlots, v)
	}
}

// TestImportUBT imports one UBT dump, population and every workload, at
// several binary trie group depths: the state roots must not depend on the
// group depth.
func TestImportUBT(t *testing.T) {
	cfg := testConfig(t, statekind.UBT)
	m := mustDump(t, cfg)
	for _, depth := range []int{1, 5, 6, 8} {
		t.Run(fmt.Sprintf("groupdepth-%d", depth), func(t *testing.T) {
			options := core.DefaultConfig().WithStateScheme(rawdb.PathScheme)
			options.SnapshotLimit = 0
			options.BinTrieGroupDepth = depth
			importAll(t, cfg.out, m, options)
		})
	}
}

// TestImportMPT imports one MPT dump with the path and the hash scheme.
func TestImportMPT(t *testing.T) {
	cfg := testConfig(t, statekind.MPT)
	m := mustDump(t, cfg)
	for _, scheme := range []string{rawdb.PathScheme, rawdb.HashScheme} {
		t.Run(scheme, func(t *testing.T) {
			importAll(t, cfg.out, m, core.DefaultConfig().WithStateScheme(scheme))
		})
	}
}

// checkWorkload spot-checks the effect of a workload in the head state.
func checkWorkload(t *testing.T, chain *core.BlockChain, m *dumpmanifest.Manifest, f dumpmanifest.File) {
	t.Helper()
	head := chain.CurrentBlock()
	statedb, err := chain.StateAt(head.Root, head.Number, head.Time)
	if err != nil {
		t.Fatalf("head state: %v", err)
	}
	blocks := uint64(m.WorkloadBlocks)
	if f.TxCount == 0 || f.GasUsed < m.WorkloadGas*blocks || f.GasUsed > (m.WorkloadGas+maxTxGas)*blocks {
		t.Errorf("%s: %d txs, %d gas: blocks not filled to the workload gas target %d", f.File, f.TxCount, f.GasUsed, m.WorkloadGas)
	}
	if f.LastBlock-f.FirstBlock+1 != blocks {
		t.Errorf("%s: %d blocks, want %d", f.File, f.LastBlock-f.FirstBlock+1, m.WorkloadBlocks)
	}
	seed, reads, writes := *m.Seed, f.SlotReads, f.SlotWrites
	salt := derive(domainWorkload+"/"+f.Workload, seed, 0)
	slots := m.Population.SequentialSlots
	switch f.Workload {
	case wlBalanceOf, wlSload:
		if writes != 0 || reads == 0 {
			t.Errorf("%s: %d reads, %d writes", f.File, reads, writes)
		}
	case wlApprove, wlMixed:
		first := uint64(0)
		if f.Workload == wlMixed {
			first = 1 // odd operations approve
			if diff := int64(reads) - int64(writes); diff < -1 || diff > 1 || reads == 0 {
				t.Errorf("%s: %d reads, %d writes: not 50/50", f.File, reads, writes)
			}
		}
		spender, value := driverSpender(driverHash(salt, first))
		if have := statedb.GetState(m.Population.Token, tokenAllowanceKey(m.Population.Driver, spender)); have != value {
			t.Errorf("%s: allowance of %x is %x, want %x", f.File, spender, have, value)
		}
	case wlSstore:
		// Updates and clears wrap around the existing slots, so only the
		// first created slot has a known final value.
		if have, want := statedb.GetState(m.Population.SlotsContract, slotKey(slots)), slotValueSalted(salt, slots); have != want {
			t.Errorf("created slot %d is %x, want %x", slots, have, want)
		}
		if reads != 0 || writes == 0 {
			t.Errorf("%s: %d reads, %d writes", f.File, reads, writes)
		}
	case wlUniformRead, wlMainnetRead:
		if writes != 0 || reads == 0 {
			t.Errorf("%s: %d reads, %d writes", f.File, reads, writes)
		}
	case wlUniformWrite:
		if reads != 0 || writes == 0 {
			t.Errorf("%s: %d reads, %d writes", f.File, reads, writes)
		}
		// The first operation's entry was written (maybe more than once).
		split := [numKinds]uint64{m.Population.Accounts, m.Population.ERC20Holders, m.Population.SequentialSlots}
		switch k, idx := samplerEntry(salt, 0, split); k {
		case kindAccount:
			have, base := statedb.GetBalance(deriveAddress(domainAccount, seed, idx)).ToBig(), accountValue(seed, idx)
			if have.Cmp(base) <= 0 {
				t.Errorf("account %d: balance %v, want above %v", idx, have, base)
			}
		case kindHolder:
			have := statedb.GetState(m.Population.Token, tokenBalanceKey(deriveAddress(domainHolder, seed, idx))).Big()
			if base := new(big.Int).SetBytes(tokenAmount(seed, idx)); have.Cmp(base) <= 0 {
				t.Errorf("holder %d: balance %v, want above %v", idx, have, base)
			}
		case kindSlot:
			if have, want := statedb.GetState(m.Population.SlotsContract, slotKey(idx)), slotValueSalted(salt, idx); have != want {
				t.Errorf("slot %d is %x, want %x", idx, have, want)
			}
		}
	default:
		t.Fatalf("unknown workload %q", f.Workload)
	}
}
