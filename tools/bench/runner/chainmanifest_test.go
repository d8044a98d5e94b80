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

package runner

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/statekind"
)

// writeChainFiles makes a chain of n blocks and writes the block files
// named in files, each with the blocks from..to (0 is the genesis block),
// and a genesis.json, into dir.
func writeChainFiles(t *testing.T, dir string, n int, files map[string][2]int) {
	t.Helper()
	gspec := &core.Genesis{Config: params.TestChainConfig, BaseFee: big.NewInt(params.InitialBaseFee)}
	_, blocks, _ := core.GenerateChainWithGenesis(gspec, ethash.NewFaker(), n, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{byte(i + 1)})
	})
	all := append([]*types.Block{gspec.ToBlock()}, blocks...)
	for name, r := range files {
		if err := blockfile.WriteFile(filepath.Join(dir, name), all[r[0]:r[1]+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "genesis.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestChainManifest describes a chain without a manifest, as a study's
// [chain] table gives it, and refuses a workload that does not continue
// the population.
func TestChainManifest(t *testing.T) {
	dir := t.TempDir()
	writeChainFiles(t, dir, 10, map[string][2]int{"pop.rlp": {0, 6}, "tail.rlp.gz": {7, 10}, "late.rlp": {9, 10}})
	genesis, pop := filepath.Join(dir, "genesis.json"), []string{filepath.Join(dir, "pop.rlp")}
	workloads := map[string]string{"tail": filepath.Join(dir, "tail.rlp.gz")}
	m, err := chainManifest(statekind.MPT, genesis, pop, workloads)
	if err != nil {
		t.Fatal(err)
	}
	if pops := m.Populations(); len(pops) != 1 || m.PopulationHead() != 6 || m.Trie != statekind.MPT || m.Dir != dir {
		t.Errorf("populations %v ending at block %d, trie %q, dir %s", pops, m.PopulationHead(), m.Trie, m.Dir)
	}
	mf, path, err := m.Workload("tail")
	if err != nil || path != workloads["tail"] || mf.FirstBlock != 7 || mf.LastBlock != 10 {
		t.Errorf("workload tail: %+v at %s, %v; want blocks 7..10", mf, path, err)
	}
	workloads["late"] = filepath.Join(dir, "late.rlp")
	if _, err := chainManifest(statekind.MPT, genesis, pop, workloads); err == nil || !strings.Contains(err.Error(), "workload late: "+workloads["late"]+" starts at block 9, but the population ends at block 6") {
		t.Errorf("late workload: %v", err)
	}
	if _, err := chainManifest(statekind.MPT, genesis, []string{filepath.Join(dir, "missing.rlp")}, workloads); err == nil || !strings.HasPrefix(err.Error(), "population: ") {
		t.Errorf("missing population file: %v", err)
	}
	// A genesis relative to the working directory (a study loaded by a
	// relative path) is found from the manifest.
	t.Chdir(filepath.Dir(dir))
	delete(workloads, "late")
	m, err = chainManifest(statekind.MPT, filepath.Join(filepath.Base(dir), "genesis.json"), pop, workloads)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.GenesisPath(); got != genesis {
		t.Errorf("genesis path %s, want %s", got, genesis)
	}
}

// TestABManifestFromBlockFiles describes an A/B comparison's dump given as
// block files with no manifest beside them: population and workload are read
// from the files, the workload named after its file, the trie MPT unless
// --trie says otherwise.
func TestABManifestFromBlockFiles(t *testing.T) {
	dir := t.TempDir()
	writeChainFiles(t, dir, 8, map[string][2]int{"pop.rlp": {0, 5}, "blocks.rlp.gz": {6, 8}})
	s := &ABSpec{Dump: filepath.Join(dir, "blocks.rlp.gz"), Genesis: filepath.Join(dir, "genesis.json"), Population: []string{filepath.Join(dir, "pop.rlp")}}
	m, wl, err := s.abManifest()
	if err != nil {
		t.Fatal(err)
	}
	if wl.Workload != "blocks" || wl.FirstBlock != 6 || wl.LastBlock != 8 || m.PopulationHead() != 5 || m.Trie != statekind.MPT {
		t.Errorf("workload %+v on a population ending at block %d, trie %v; want blocks 6..8 on block 5, mpt", wl, m.PopulationHead(), m.Trie)
	}
	// --trie overrides the manifest's.
	ubt := statekind.UBT
	s.Trie = &ubt
	if m, _, err := s.abManifest(); err != nil || m.Trie != statekind.UBT {
		t.Errorf("--trie ubt: manifest %+v, %v", m, err)
	}
	s.Population = nil
	if _, _, err := s.abManifest(); err == nil || !strings.Contains(err.Error(), "--population is required") {
		t.Errorf("no population: %v", err)
	}
}
