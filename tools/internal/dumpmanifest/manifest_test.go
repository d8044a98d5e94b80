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
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"statelab/tools/internal/statekind"
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
	if m.Trie != statekind.UBT || m.Entries != 2000 || m.WorkloadBlocks != 1 || len(m.Files) != 2 || m.Files[1].TxCount != 7 {
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
	// A population placed in the genesis: the genesis is the default target.
	m.Population.Placement = PlacementGenesis
	m.GenesisHash, m.GenesisRoot = common.Hash{1}, common.Hash{2}
	m.Files = m.Files[1:]
	if f, err := m.Target(""); err != nil || f.LastBlock != 0 || f.HeadHash != m.GenesisHash || f.HeadRoot != m.GenesisRoot {
		t.Errorf("genesis target: %+v %v", f, err)
	}
	if f, err := m.Target("workload_a.rlp"); err != nil || f.LastBlock != 5 {
		t.Errorf("named target with the population in the genesis: %v %v", f, err)
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

// TestDumpgenRoundTrip reads a manifest dumpgen wrote (ubt, 2000 entries, one
// block per workload) and encodes it again: every key, its order and its
// value come back byte for byte, so dumpgen writing this type changes nothing.
func TestDumpgenRoundTrip(t *testing.T) {
	const path = "testdata/dumpgen-ubt.json"
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != Version || m.Seed == nil || *m.Seed != 1 || m.Population == nil || m.Population.Accounts != 1000 {
		t.Errorf("decoded %+v", m)
	}
	got, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("encoding differs from dumpgen's manifest:\n%s", got)
	}
}

// TestChainDirectoryKeys writes the manifest of a chain directory, which has
// no generation parameters: their keys are left out rather than written as
// zero, and the file reads back as written.
func TestChainDirectoryKeys(t *testing.T) {
	m := &Manifest{Generator: "test", Test: "t", Genesis: "genesis.json", Trie: statekind.MPT, Files: []File{
		{File: "chain.rlp", Role: RolePopulation, FirstBlock: 1, LastBlock: 3, HeadRoot: common.HexToHash("0x01"), TxCount: 2},
	}}
	path := filepath.Join(t.TempDir(), FileName)
	if err := m.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	blob, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"version", "source", "genesis_hash", "fork", "chain_id", "entries", "seed", "gas_target", "gas_limit",
		"workload_blocks", "workload_gas_target", "import", "population"} {
		if bytes.Contains(blob, []byte(`"`+key+`":`)) {
			t.Errorf("chain directory manifest has key %q:\n%s", key, blob)
		}
	}
	for _, key := range []string{"generator", "test", "genesis", "trie", "files", "file", "role", "workload", "first_block", "last_block", "head_root", "head_hash", "tx_count"} {
		if !bytes.Contains(blob, []byte(`"`+key+`":`)) {
			t.Errorf("chain directory manifest lacks key %q:\n%s", key, blob)
		}
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	back.Dir = ""
	if !reflect.DeepEqual(back, m) {
		t.Errorf("read back %+v, wrote %+v", back, m)
	}
}

// TestForkKey writes the manifest of a dump made under another fork: the
// fork follows the trie and reads back.
func TestForkKey(t *testing.T) {
	m := &Manifest{Generator: "test", Genesis: "genesis.json", Trie: statekind.MPT, Fork: "amsterdam", Files: []File{{File: "population.rlp", Role: RolePopulation}}}
	blob, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(blob, []byte(`"trie": "mpt",`+"\n"+`  "fork": "amsterdam",`)) {
		t.Errorf("fork key missing or out of place:\n%s", blob)
	}
	path := filepath.Join(t.TempDir(), FileName)
	if err := m.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Fork != "amsterdam" {
		t.Errorf("read back fork %q", back.Fork)
	}
}
