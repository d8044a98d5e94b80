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
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// A chain given as block files (a geth export, which has no dumpgen
// manifest) is described as a dump's manifest, so that bench runs it as it
// runs dumpgen's dumps. The blocks of each file are read from the file
// (blockfile.ReadRange). Such a manifest has no head hashes or slot counts,
// which only dumpgen knows: per-slot figures then use the per-block JSON's
// loaded and updated slots.

// chainManifest describes a chain given as block files as a dump: the
// population files in order, then each workload, by name, with the blocks
// it adds on top of the population's head.
func chainManifest(trie statekind.Trie, genesis string, population []string, workloads map[string]string) (*dumpmanifest.Manifest, error) {
	genesis = absPath(genesis) // a study loaded by a relative path resolves its files relative to the working directory
	m := &dumpmanifest.Manifest{Trie: trie, Genesis: genesis, Dir: filepath.Dir(genesis)}
	head, err := addPopulation(m, population)
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(workloads)) {
		f, err := workloadFile(workloads[name], name, head)
		if err != nil {
			return nil, err
		}
		m.Files = append(m.Files, f)
	}
	return m, nil
}

// addPopulation adds the population block files to m and returns the
// number of the block they end at.
func addPopulation(m *dumpmanifest.Manifest, files []string) (uint64, error) {
	var head uint64
	for _, p := range files {
		r, err := blockfile.ReadRange(p, head)
		if err != nil {
			return 0, fmt.Errorf("population: %v", err)
		}
		m.Files = append(m.Files, dumpmanifest.File{File: absPath(p), Role: "population", FirstBlock: r.First, LastBlock: r.Last, GasUsed: r.GasUsed, TxCount: r.TxCount})
		head = r.Last
	}
	return head, nil
}

// workloadFile describes the workload block file at path, imported on top
// of block head.
func workloadFile(path, name string, head uint64) (dumpmanifest.File, error) {
	r, err := blockfile.ReadRange(path, head)
	if err != nil {
		return dumpmanifest.File{}, fmt.Errorf("workload %s: %v", name, err)
	}
	if r.First != head+1 {
		return dumpmanifest.File{}, fmt.Errorf("workload %s: %s starts at block %d, but the population ends at block %d", name, path, r.First, head)
	}
	return dumpmanifest.File{File: absPath(path), Role: "workload", Workload: name, FirstBlock: r.First, LastBlock: r.Last, GasUsed: r.GasUsed, TxCount: r.TxCount}, nil
}
