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

package dumpmanifest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

const testManifest = `{"trie": "ubt", "entries": 2000, "workload_blocks": 1, "genesis": "genesis.json", "files": [
 {"file": "population.rlp", "role": "population", "workload": "", "first_block": 1, "last_block": 3,
  "head_root": "0x0000000000000000000000000000000000000000000000000000000000000001", "head_hash": "0x000000000000000000000000000000000000000000000000000000000000000a"},
 {"file": "workload_a.rlp", "role": "workload", "workload": "a", "first_block": 4, "last_block": 5, "tx_count": 7,
  "head_root": "0x0000000000000000000000000000000000000000000000000000000000000002", "head_hash": "0x000000000000000000000000000000000000000000000000000000000000000b"}],
 "population": {"accounts": 1000}}`

func writeManifest(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "manifest.json")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRead(t *testing.T) {
	path := writeManifest(t, testManifest)
	m, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Trie != "ubt" || m.Entries != 2000 || m.WorkloadBlocks != 1 || len(m.Files) != 2 || m.Files[1].TxCount != 7 {
		t.Errorf("decoded %+v", m)
	}
	dir := filepath.Dir(path)
	if got := m.GenesisPath(); got != filepath.Join(dir, "genesis.json") {
		t.Errorf("GenesisPath %s", got)
	}
	if got := m.Populations(); len(got) != 1 || got[0] != filepath.Join(dir, "population.rlp") {
		t.Errorf("Populations %v", got)
	}
	if got := m.PopulationHead(); got != 3 {
		t.Errorf("PopulationHead %d, want 3 (the workload's last block is 5)", got)
	}
	if got := (&Manifest{}).PopulationHead(); got != 0 {
		t.Errorf("PopulationHead without files %d", got)
	}
	if h, ok := m.PopulationHeadHash(); !ok || h != common.HexToHash("0x0a") {
		t.Errorf("PopulationHeadHash %x %v, want the population's 0x0a (not the workload's 0x0b)", h, ok)
	}
	if _, ok := (&Manifest{}).PopulationHeadHash(); ok {
		t.Error("PopulationHeadHash without files reported a hash")
	}
	twoFiles := &Manifest{Files: []File{
		{Role: RolePopulation, LastBlock: 9, HeadHash: common.HexToHash("0x09")},
		{Role: RolePopulation, LastBlock: 3, HeadHash: common.HexToHash("0x03")},
	}}
	if h, ok := twoFiles.PopulationHeadHash(); !ok || h != common.HexToHash("0x09") {
		t.Errorf("PopulationHeadHash of two files %x %v, want the last block's 0x09", h, ok)
	}
	twoFiles.Files[1].HeadHash = common.Hash{}
	if _, ok := twoFiles.PopulationHeadHash(); ok {
		t.Error("PopulationHeadHash reported a hash with a population file that has none")
	}
	if f, p, err := m.Workload("a"); err != nil || f.LastBlock != 5 || p != filepath.Join(dir, "workload_a.rlp") {
		t.Errorf("Workload(a): %+v %s %v", f, p, err)
	}
	if _, _, err := m.Workload("b"); err == nil {
		t.Error("Workload(b) found a file")
	}
	if f, ok := m.Lookup("/elsewhere/workload_a.rlp"); !ok || f.Workload != "a" {
		t.Errorf("Lookup by path: %+v %v", f, ok)
	}
}

func TestTarget(t *testing.T) {
	m, err := Read(writeManifest(t, testManifest))
	if err != nil {
		t.Fatal(err)
	}
	if f, err := m.Target(""); err != nil || f.File != "population.rlp" {
		t.Errorf("default target: %v %v, want population.rlp", f, err)
	}
	if f, err := m.Target("workload_a.rlp"); err != nil || f.LastBlock != 5 {
		t.Errorf("named target: %v %v", f, err)
	}
	if _, err := m.Target("nope.rlp"); err == nil {
		t.Error("unknown file accepted")
	}
}

func TestReadErrors(t *testing.T) {
	for _, content := range []string{"{", `{"files": []}`} {
		if _, err := Read(writeManifest(t, content)); err == nil {
			t.Errorf("manifest %q accepted", content)
		}
	}
	if _, err := Read(""); err == nil {
		t.Error("an empty path was accepted")
	}
}
