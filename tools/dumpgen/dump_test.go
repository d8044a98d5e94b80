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

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// TestDeterminism checks that the same flags give byte-identical dumps,
// also when the chain is generated in differently sized chunks, and that
// another seed gives a different one.
func TestDeterminism(t *testing.T) {
	for _, kind := range []statekind.Trie{statekind.UBT, statekind.MPT} {
		t.Run(string(kind), func(t *testing.T) {
			a, b, c := testConfig(t, kind), testConfig(t, kind), testConfig(t, kind)
			b.flushBlocks = 1 // flush the state after every block
			c.seed++
			mustDump(t, a)
			mustDump(t, b)
			mustDump(t, c)

			names := []string{genesisFileName, populationFileName, dumpmanifest.FileName}
			for _, name := range workloadNames {
				names = append(names, workloadFileName(name))
			}
			for _, name := range names {
				if !bytes.Equal(readDumpFile(t, a.out, name), readDumpFile(t, b.out, name)) {
					t.Errorf("%s differs between identical runs", name)
				}
			}
			if bytes.Equal(readDumpFile(t, a.out, populationFileName), readDumpFile(t, c.out, populationFileName)) {
				t.Errorf("%s does not depend on the seed", populationFileName)
			}
		})
	}
}

// TestManifest checks the stable keys of manifest.json and that the file
// entry is consistent with the population.
func TestManifest(t *testing.T) {
	cfg := testConfig(t, statekind.UBT)
	m := mustDump(t, cfg)

	var raw map[string]any
	if err := json.Unmarshal(readDumpFile(t, cfg.out, dumpmanifest.FileName), &raw); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"genesis", "genesis_hash", "trie", "entries", "seed", "files"} {
		if _, ok := raw[key]; !ok {
			t.Errorf("manifest lacks key %q", key)
		}
	}
	if m.Genesis != genesisFileName || m.Trie != statekind.UBT || m.Entries != testEntries || *m.Seed != cfg.seed {
		t.Errorf("manifest header mismatch: %+v", m)
	}
	if got := m.Population.Accounts + m.Population.ERC20Holders + m.Population.SequentialSlots; got != testEntries {
		t.Errorf("population kinds sum to %d, want %d", got, testEntries)
	}
	if len(m.Files) != 1+len(workloadNames) {
		t.Fatalf("want %d files, have %d", 1+len(workloadNames), len(m.Files))
	}
	for i, name := range workloadNames {
		f := m.Files[1+i]
		if f.File != workloadFileName(name) || f.Role != dumpmanifest.RoleWorkload || f.Workload != name ||
			f.FirstBlock != m.Files[0].LastBlock+1 || f.ParentHash != m.Files[0].HeadHash {
			t.Errorf("bad workload entry %+v", f)
		}
		for _, key := range []string{"file", "role", "workload", "first_block", "last_block", "head_root", "gas_used", "tx_count", "slot_reads", "slot_writes"} {
			if _, ok := raw["files"].([]any)[1+i].(map[string]any)[key]; !ok {
				t.Errorf("workload entry lacks key %q", key)
			}
		}
	}
	f := m.Files[0]
	if f.File != populationFileName || f.Role != "population" || f.Workload != "" || f.FirstBlock != 1 {
		t.Errorf("bad file entry %+v", f)
	}
	if f.LastBlock < 2 || f.TxCount == 0 || f.GasUsed == 0 {
		t.Errorf("implausible population: %+v", f)
	}
	if f.GasUsed > f.LastBlock*(testGasTarget+batchBaseGas+maxBatchItems*batchItemGas) {
		t.Errorf("gas used %d far above target %d per block", f.GasUsed, testGasTarget)
	}
}
