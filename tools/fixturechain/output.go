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
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/chainfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/statekind"
)

// write writes the chain to out/name as chainfile lays it out, its manifest
// naming the fixture file and test. Without force an existing directory is
// an error.
func (c *chain) write(out, name string, force bool, source string) error {
	dir := filepath.Join(out, name)
	if !force {
		if _, err := os.Stat(dir); err == nil {
			return fmt.Errorf("%s exists (from an earlier run: use --force to overwrite)", dir)
		}
	}
	m := dumpmanifest.Manifest{Generator: "statelab fixturechain", Source: source, Test: c.name, Trie: statekind.MPT}
	if err := chainfile.Write(dir, c.genesis, c.blocks, m); err != nil {
		return fmt.Errorf("test %q: %v", c.name, err)
	}
	return c.writeSplit(dir)
}

// Files of a chain split at its last block, as a bench study's [chain] table
// takes them: the blocks that build the state (population) and the benchmark
// block measured on it (a workload); and the state that block runs on, as
// dumpgen --fixture merges it into a population.
const (
	setupFile     = "setup.rlp"
	benchmarkFile = "benchmark.rlp"
	prestateFile  = "prestate.json"
)

// writeSplit writes the chain's setup blocks and its last block to files of
// their own; a chain of one block has no setup file.
func (c *chain) writeSplit(dir string) error {
	last := len(c.blocks) - 1
	if last > 0 {
		if err := blockfile.WriteFile(filepath.Join(dir, setupFile), c.blocks[:last]); err != nil {
			return fmt.Errorf("test %q: %v", c.name, err)
		}
	}
	if err := blockfile.WriteFile(filepath.Join(dir, benchmarkFile), c.blocks[last:]); err != nil {
		return fmt.Errorf("test %q: %v", c.name, err)
	}
	alloc, err := c.prestate()
	if err != nil {
		return fmt.Errorf("test %q: the benchmark block's pre-state: %v", c.name, err)
	}
	blob, err := json.Marshal(alloc)
	if err != nil {
		return err
	}
	return fsutil.WriteBytesAtomic(filepath.Join(dir, prestateFile), blob)
}
