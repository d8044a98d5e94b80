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

	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/triedb"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/statekind"
)

// TestBlockGenMatchesGenerateChain checks that the generator builds the
// blocks core.GenerateChain builds from the same filler.
func TestBlockGenMatchesGenerateChain(t *testing.T) {
	for _, kind := range []statekind.Trie{statekind.UBT, statekind.MPT} {
		t.Run(string(kind), func(t *testing.T) {
			config := chainConfig(kind, forkDefault)
			newPop := func() *population {
				p, err := newPopulation(config, kind, 3, 300, testGasTarget)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			pop := newPop()
			genesis := makeGenesis(config, testGasTarget, pop.addrs)

			gen, err := newGenerator(rawdb.NewMemoryDatabase(), kind, genesis, 1000, nil)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			seg, err := gen.run(pop, &out)
			if err != nil {
				t.Fatal(err)
			}
			var have []*types.Block
			if err := blockfile.Read(&out, func(b *types.Block) error { have = append(have, b); return nil }); err != nil {
				t.Fatal(err)
			}

			// GenerateChain keeps MPT state in the hash scheme.
			db, tconf := rawdb.NewMemoryDatabase(), triedb.HashDefaults
			if kind == statekind.UBT {
				tconf = triedb.UBTDefaults
			}
			tdb := triedb.NewDatabase(db, tconf)
			base, err := genesis.Commit(db, tdb, nil)
			tdb.Close()
			if err != nil {
				t.Fatal(err)
			}
			refPop := newPop()
			want, _ := core.GenerateChain(config, base, beacon.New(ethash.NewFaker()), db, len(have), func(i int, b *core.BlockGen) {
				refPop.fillBlock(i, b)
			})
			if len(have) < 2 || uint64(len(have)) != seg.LastBlock {
				t.Fatalf("generated %d blocks, segment ends at %d", len(have), seg.LastBlock)
			}
			for i := range want {
				if have[i].Hash() != want[i].Hash() {
					t.Fatalf("block %d: hash %x, GenerateChain built %x", i+1, have[i].Hash(), want[i].Hash())
				}
			}
		})
	}
}
