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
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/core"

	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// testGenesisPopulation returns a population of entries placed in the
// genesis of a chain of the trie and fork, and that genesis without alloc.
// Its orders are spilled to a temporary directory if spill is set.
// A mainnet shape's population if mainnet is set.
func testGenesisPopulation(t *testing.T, trie statekind.Trie, fork forkKind, entries uint64, spill, mainnet bool) (*genesisPopulation, *core.Genesis) {
	t.Helper()
	config := chainConfig(trie, fork)
	senders, err := newSenders(config, defaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	genesis := makeGenesis(config, defaultGasTarget, senders.addrs)
	var dir string
	if spill {
		dir = t.TempDir()
	}
	targets, shape := splitEntries(entries), (*mainnetShape)(nil)
	if mainnet {
		if shape, err = newMainnetShape(entries); err != nil {
			t.Fatal(err)
		}
		targets = shape.targets()
	}
	p, err := newGenesisPopulation(trie, defaultSeed, targets, shape, genesis.Alloc, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.close)
	genesis.Alloc = nil
	return p, genesis
}

// TestGenesisPopulationState checks that the streamed population state is the
// state of its whole alloc, as geth init would commit it: the same genesis
// block, on MPT, on the binary trie and with Amsterdam's system contracts,
// with populations that leave kinds empty, fill the slots contract's header
// stem and pass it.
func TestGenesisPopulationState(t *testing.T) {
	for _, tc := range []struct {
		trie    statekind.Trie
		fork    forkKind
		entries uint64
		spill   bool
		mainnet bool
	}{
		{statekind.MPT, forkDefault, 1, false, false},
		{statekind.MPT, forkDefault, 3000, false, false},
		{statekind.MPT, forkDefault, 3000, true, false},
		{statekind.UBT, forkDefault, 3000, true, false},
		{statekind.MPT, forkDefault, 5000, false, true},
		{statekind.MPT, forkDefault, 5000, true, true},
		{statekind.UBT, forkDefault, 5000, false, true},
		{statekind.UBT, forkDefault, 5000, true, true},
		{statekind.MPT, forkAmsterdam, 1000, false, false},
		{statekind.MPT, forkAmsterdam, 1000, false, true},
		{statekind.UBT, forkDefault, 2, false, false},
		{statekind.UBT, forkDefault, 3000, false, false},
	} {
		t.Run(fmt.Sprintf("%s-%s-%d-spill=%v-mainnet=%v", tc.trie, tc.fork, tc.entries, tc.spill, tc.mainnet), func(t *testing.T) {
			t.Parallel()
			p, genesis := testGenesisPopulation(t, tc.trie, tc.fork, tc.entries, tc.spill, tc.mainnet)
			full := *genesis
			full.Alloc = p.alloc()
			want := full.ToBlock()

			block, err := statewriter.Write(filepath.Join(t.TempDir(), "datadir"), statewriter.Config{Genesis: genesis}, p.source())
			if err != nil {
				t.Fatal(err)
			}
			if block.Root() != want.Root() || block.Hash() != want.Hash() {
				t.Fatalf("genesis %x (root %x), geth's %x (root %x)", block.Hash(), block.Root(), want.Hash(), want.Root())
			}
		})
	}
}
