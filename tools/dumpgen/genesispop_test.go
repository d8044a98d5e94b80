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
func testGenesisPopulation(t *testing.T, trie statekind.Trie, fork forkKind, entries uint64) (*genesisPopulation, *core.Genesis) {
	t.Helper()
	config := chainConfig(trie, fork)
	senders, err := newSenders(config, defaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	genesis := makeGenesis(config, defaultGasTarget, senders.addrs)
	p := newGenesisPopulation(trie, defaultSeed, splitEntries(entries), genesis.Alloc)
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
	}{
		{statekind.MPT, forkDefault, 1},
		{statekind.MPT, forkDefault, 3000},
		{statekind.MPT, forkAmsterdam, 1000},
		{statekind.UBT, forkDefault, 2},
		{statekind.UBT, forkDefault, 3000},
	} {
		t.Run(fmt.Sprintf("%s-%s-%d", tc.trie, tc.fork, tc.entries), func(t *testing.T) {
			t.Parallel()
			p, genesis := testGenesisPopulation(t, tc.trie, tc.fork, tc.entries)
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
