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

package study

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"statelab/tools/internal/statekind"
)

// Chain is a chain dumpgen did not make, such as a geth export of
// mainnet or a testnet (the study file's [chain] table): a genesis, the
// block files that build the state every run starts from, and the block
// files to measure, by name. Block counts and ranges are read from the
// files. Relative paths are relative to the study file.
//
// Instead of one genesis, a chain can name fixture chains: directories that
// fixturechain wrote from the benchmark runners' tests, each its own chain
// (genesis.json; setup.rlp, the blocks before the benchmark block, when
// there are any; benchmark.rlp, the block measured). Each is a workload on
// the state its own genesis and setup build.
type Chain struct {
	Genesis    string            `toml:"genesis"`
	Trie       statekind.Trie    `toml:"trie"` // default: mpt
	Population []string          `toml:"population"`
	Workloads  map[string]string `toml:"workloads"` // name -> block file
	Fixtures   map[string]string `toml:"fixtures"`  // name -> fixturechain chain directory
}

// The files of a fixture chain directory that a study reads.
const (
	FixtureGenesis   = "genesis.json"
	FixtureSetup     = "setup.rlp"
	FixtureBenchmark = "benchmark.rlp"
)

// validate checks the table and resolves its paths against dir.
func (c *Chain) validate(dir string) error {
	resolve := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	if len(c.Fixtures) > 0 {
		if c.Genesis != "" || len(c.Population) > 0 || len(c.Workloads) > 0 {
			return errors.New("fixtures bring their own genesis and blocks: give either fixtures or genesis, population and workloads")
		}
		for name, p := range c.Fixtures {
			c.Fixtures[name] = resolve(p)
			for _, f := range []string{FixtureGenesis, FixtureBenchmark} {
				if _, err := os.Stat(filepath.Join(c.Fixtures[name], f)); err != nil {
					return fmt.Errorf("fixture %s: %v (a directory fixturechain wrote)", name, err)
				}
			}
		}
		return nil
	}
	if c.Genesis == "" {
		return errors.New("genesis is required")
	}
	if len(c.Population) == 0 {
		return errors.New("population lists no block file")
	}
	if len(c.Workloads) == 0 {
		return errors.New("workloads names no block file")
	}
	c.Genesis = resolve(c.Genesis)
	for i, p := range c.Population {
		c.Population[i] = resolve(p)
	}
	for name, p := range c.Workloads {
		c.Workloads[name] = resolve(p)
	}
	for _, p := range append(append([]string{c.Genesis}, c.Population...), c.workloadFiles()...) {
		if _, err := os.Stat(p); err != nil {
			return err
		}
	}
	return nil
}

// FixtureSetupFiles lists the setup block file of a fixture chain directory,
// or none when its benchmark block follows the genesis.
func FixtureSetupFiles(dir string) []string {
	path := filepath.Join(dir, FixtureSetup)
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	return []string{path}
}

// Files lists every file the chain's runs read: genesis and block files.
func (c *Chain) Files() []string {
	var files []string
	if c.Genesis != "" {
		files = append(files, c.Genesis)
	}
	files = append(files, c.Population...)
	files = append(files, c.workloadFiles()...)
	for _, name := range c.fixtureNames() {
		dir := c.Fixtures[name]
		files = append(append(files, filepath.Join(dir, FixtureGenesis)), FixtureSetupFiles(dir)...)
		files = append(files, filepath.Join(dir, FixtureBenchmark))
	}
	return files
}

// fixtureNames lists the fixture workload names in order.
func (c *Chain) fixtureNames() []string {
	return slices.Sorted(maps.Keys(c.Fixtures))
}

// workloadFiles lists the workload files in name order.
func (c *Chain) workloadFiles() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(c.Workloads)) {
		out = append(out, c.Workloads[name])
	}
	return out
}

// workloadNames lists the workload names in order, fixtures' included.
func (c *Chain) workloadNames() []string {
	names := make([]string, 0, len(c.Workloads)+len(c.Fixtures))
	for n := range c.Workloads {
		names = append(names, n)
	}
	for n := range c.Fixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
