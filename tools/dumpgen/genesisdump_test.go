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
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// TestGenesisDumpImports writes dumps whose population is in the genesis
// (on MPT and on the binary trie) and imports them as geth would, from the
// whole-alloc genesis.json: the genesis is the manifest's, it holds every
// population entry, and every workload, generated on a datadir statewriter
// wrote, imports on top of it to the manifest's roots. A datadir that dumpgen
// datadir writes with the same flags has the same genesis.
func TestGenesisDumpImports(t *testing.T) {
	for _, tc := range []struct {
		trie  statekind.Trie
		shape string
	}{{statekind.MPT, ""}, {statekind.UBT, ""}, {statekind.MPT, shapeMainnet}, {statekind.UBT, shapeMainnet}} {
		trie := tc.trie
		t.Run(trie.String()+"-"+tc.shape, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, trie)
			cfg.placement = dumpmanifest.PlacementGenesis
			cfg.shape = tc.shape
			cfg.workloads = workloadsOf(tc.shape == shapeMainnet)
			if _, err := makeGenesisDump(cfg, io.Discard); err != nil {
				t.Fatal(err)
			}
			m := readManifest(t, cfg.out)
			if m.Population.Placement != dumpmanifest.PlacementGenesis || len(m.Populations()) != 0 || len(m.Files) != len(cfg.workloads) {
				t.Fatalf("manifest: placement %q, %d population files, %d files", m.Population.Placement, len(m.Populations()), len(m.Files))
			}
			if m.Population.Shape != tc.shape || (tc.shape == shapeMainnet) != (m.Population.TailContracts > 0 && m.Population.TailSlots > 0) {
				t.Fatalf("manifest: shape %q, %d tail contracts, %d tail slots", m.Population.Shape, m.Population.TailContracts, m.Population.TailSlots)
			}
			genesis := new(core.Genesis)
			if err := json.Unmarshal(readDumpFile(t, cfg.out, genesisFileName), genesis); err != nil {
				t.Fatal(err)
			}
			options := core.DefaultConfig().WithStateScheme(rawdb.PathScheme)
			if trie == statekind.UBT {
				options.SnapshotLimit = 0
				options.BinTrieGroupDepth = 6
			}
			chain, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), genesis, beacon.New(ethash.NewFaker()), options)
			if err != nil {
				t.Fatal(err)
			}
			defer chain.Stop()
			if chain.Genesis().Hash() != m.GenesisHash {
				t.Fatalf("geth's genesis %x, manifest's %x", chain.Genesis().Hash(), m.GenesisHash)
			}
			checkPopulation(t, chain, m)
			if tc.shape == shapeMainnet {
				checkTail(t, chain, cfg)
			}
			for _, f := range m.Files {
				if f.FirstBlock != 1 || f.ParentHash != m.GenesisHash {
					t.Fatalf("%s does not build on the genesis: %+v", f.File, f)
				}
				importFile(t, chain, cfg.out, f.File)
				checkHead(t, chain, m, f)
				checkWorkload(t, chain, m, f)
			}
			if matches, _ := filepath.Glob(filepath.Join(cfg.out, ".dumpgen-*")); len(matches) > 0 {
				t.Fatalf("left behind: %v", matches)
			}

			datadir := filepath.Join(t.TempDir(), "datadir")
			dcfg := *cfg
			dcfg.out = datadir
			prov, err := writePopulationDatadir(&dcfg, 0, 0, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if prov.GenesisHash != m.GenesisHash || prov.StateRoot != m.GenesisRoot {
				t.Fatalf("dumpgen datadir genesis %x (root %x), the dump's %x (root %x)", prov.GenesisHash, prov.StateRoot, m.GenesisHash, m.GenesisRoot)
			}
			if err := prov.Matches(m.GenesisPopulation().JSON(), prov.GroupDepth, prov.BlockSize); err != nil {
				t.Fatalf("the manifest's population is not the datadir's: %v", err)
			}
			if _, err := os.Stat(filepath.Join(datadir, statewriter.ProvenanceFile)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestGenesisDumpLarge checks that a population too large for a genesis.json
// gets none: its manifest says how the datadir is written instead.
func TestGenesisDumpLarge(t *testing.T) {
	cfg := testConfig(t, statekind.MPT)
	cfg.placement = dumpmanifest.PlacementGenesis
	cfg.genesisJSONEntries = cfg.entries - 1
	cfg.workloads = []string{"uniform_read"}
	if _, err := makeGenesisDump(cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, cfg.out)
	if m.Genesis != "" || m.Import != genesisImportNote {
		t.Fatalf("manifest genesis %q, import %q", m.Genesis, m.Import)
	}
	if _, err := os.Stat(filepath.Join(cfg.out, genesisFileName)); !os.IsNotExist(err) {
		t.Fatalf("genesis.json of a large population: %v", err)
	}
}

// checkTail checks the tail contracts of a mainnet-shaped population in the
// chain's head state: each has its code and its slots' values.
func checkTail(t *testing.T, chain *core.BlockChain, cfg *config) {
	t.Helper()
	shape, err := cfg.mainnetShape()
	if err != nil {
		t.Fatal(err)
	}
	sdb, err := chain.State()
	if err != nil {
		t.Fatal(err)
	}
	var slots uint64
	for j := uint64(2); j < shape.contracts; j++ {
		addr := tailAddress(cfg.seed, j)
		if code := sdb.GetCode(addr); !bytes.Equal(code, tailCode(cfg.seed, j)) || sdb.GetNonce(addr) != 1 {
			t.Fatalf("tail contract %d (%x): code of %d bytes, nonce %d", j, addr, len(code), sdb.GetNonce(addr))
		}
		for k := range shape.contractSlots(j) {
			want := common.BytesToHash(tailSlotValue(cfg.seed, j, k))
			if got := sdb.GetState(addr, tailSlotKey(cfg.seed, j, k)); got != want {
				t.Fatalf("tail contract %d slot %d: %x, want %x", j, k, got, want)
			}
			slots++
		}
	}
	if slots != shape.tailSlots() || slots == 0 {
		t.Fatalf("%d tail slots checked, the shape has %d", slots, shape.tailSlots())
	}
}
