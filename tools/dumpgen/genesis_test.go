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
	"testing"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/triedb"

	"statelab/tools/internal/statekind"
)

// TestGenesisRoundTrip checks that genesis.json of a dump decodes to the
// genesis the manifest names, and that this is the committed genesis.
func TestGenesisRoundTrip(t *testing.T) {
	for _, kind := range []statekind.Trie{statekind.UBT, statekind.MPT} {
		t.Run(string(kind), func(t *testing.T) {
			cfg := testConfig(t, kind)
			m := mustDump(t, cfg)
			blob := readDumpFile(t, cfg.out, genesisFileName)

			hash, err := decodedGenesisHash(blob)
			if err != nil {
				t.Fatal(err)
			}
			if hash != m.GenesisHash {
				t.Fatalf("decoded genesis hash %x, manifest says %x", hash, m.GenesisHash)
			}
			// Commit the decoded genesis as geth init would.
			g := new(core.Genesis)
			if err := json.Unmarshal(blob, g); err != nil {
				t.Fatal(err)
			}
			db := rawdb.NewMemoryDatabase()
			tdb := triedb.NewDatabase(db, generatorTrieConfig(kind, genCaches(1000)))
			defer tdb.Close()
			block, err := g.Commit(db, tdb, nil)
			if err != nil {
				t.Fatal(err)
			}
			if block.Hash() != m.GenesisHash {
				t.Fatalf("committed genesis hash %x, manifest says %x", block.Hash(), m.GenesisHash)
			}
			if got := g.Config.IsUBTGenesis(); got != (kind == statekind.UBT) {
				t.Errorf("IsUBTGenesis = %v for %s", got, kind)
			}
			if g.Config.TerminalTotalDifficulty == nil || g.Config.TerminalTotalDifficulty.Sign() != 0 {
				t.Errorf("not proof-of-stake from genesis: ttd %v", g.Config.TerminalTotalDifficulty)
			}
			// Re-encoding the decoded genesis must be a fixed point.
			again, err := encodeGenesis(g)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, blob) {
				t.Error("genesis.json is not a fixed point of decode/encode")
			}
		})
	}
}

// TestGenesisRoundTripMismatch checks that the round trip check fails loudly.
func TestGenesisRoundTripMismatch(t *testing.T) {
	g := makeGenesis(chainConfig(statekind.MPT, forkDefault), testGasTarget, nil)
	blob, err := encodeGenesis(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkGenesisRoundTrip(blob, g.ToBlock().Hash()); err != nil {
		t.Fatalf("round trip of a valid genesis failed: %v", err)
	}
	other := makeGenesis(chainConfig(statekind.MPT, forkDefault), 2*testGasTarget, nil)
	if err := checkGenesisRoundTrip(blob, other.ToBlock().Hash()); err == nil {
		t.Fatal("round trip check accepted a different genesis")
	}
	if err := checkGenesisRoundTrip([]byte("{"), g.ToBlock().Hash()); err == nil {
		t.Fatal("round trip check accepted invalid json")
	}
}
