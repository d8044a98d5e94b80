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

package blockfile

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"statelab/tools/internal/dumpmanifest"
)

// ChainManifest describes a chain given as block files as a dump: the
// population files in order, then each workload, by name, with the blocks
// it adds on top of the population's head, read from the files. It has no
// head hashes or slot counts, which only dumpgen knows.
func ChainManifest(trie, genesis string, population []string, workloads map[string]string) (*dumpmanifest.Manifest, error) {
	m := &dumpmanifest.Manifest{Trie: trie, Genesis: genesis, Dir: filepath.Dir(genesis)}
	head, err := AddPopulation(m, population)
	if err != nil {
		return nil, err
	}
	for _, name := range slices.Sorted(maps.Keys(workloads)) {
		f, err := Workload(workloads[name], name, head)
		if err != nil {
			return nil, err
		}
		m.Files = append(m.Files, f)
	}
	return m, nil
}

// AddPopulation adds the population block files to m and returns the
// number of the block they end at.
func AddPopulation(m *dumpmanifest.Manifest, files []string) (uint64, error) {
	var head uint64
	for _, p := range files {
		br, err := ReadRange(p, head)
		if err != nil {
			return 0, fmt.Errorf("population: %v", err)
		}
		m.Files = append(m.Files, dumpmanifest.File{File: absPath(p), Role: "population", FirstBlock: br.First, LastBlock: br.Last, GasUsed: br.GasUsed, TxCount: br.TxCount})
		head = br.Last
	}
	return head, nil
}

// Workload describes a workload block file imported on top of block head.
// It has no slot counts: per-slot figures then use the per-block JSON's
// loaded and updated slots.
func Workload(path, name string, head uint64) (dumpmanifest.File, error) {
	br, err := ReadRange(path, head)
	if err != nil {
		return dumpmanifest.File{}, fmt.Errorf("workload %s: %v", name, err)
	}
	if br.First != head+1 {
		return dumpmanifest.File{}, fmt.Errorf("workload %s: %s starts at block %d, but the population ends at block %d", name, path, br.First, head)
	}
	return dumpmanifest.File{File: absPath(path), Role: "workload", Workload: name, FirstBlock: br.First, LastBlock: br.Last, GasUsed: br.GasUsed, TxCount: br.TxCount}, nil
}

// absPath makes a path absolute, keeping it as given if that fails.
func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
