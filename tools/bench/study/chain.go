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
	"os"
	"path/filepath"
	"sort"

	"statelab/tools/internal/statekind"
)

// Chain is a chain dumpgen did not make, such as a geth export of
// mainnet or a testnet (the study file's [chain] table): a genesis, the
// block files that build the state every run starts from, and the block
// files to measure, by name. Block counts and ranges are read from the
// files. Relative paths are relative to the study file.
type Chain struct {
	Genesis    string            `toml:"genesis"`
	Trie       statekind.Trie    `toml:"trie"` // default: mpt
	Population []string          `toml:"population"`
	Workloads  map[string]string `toml:"workloads"` // name -> block file
}

// validate checks the table and resolves its paths against dir.
func (c *Chain) validate(dir string) error {
	if c.Genesis == "" {
		return errors.New("genesis is required")
	}
	if len(c.Population) == 0 {
		return errors.New("population lists no block file")
	}
	if len(c.Workloads) == 0 {
		return errors.New("workloads names no block file")
	}
	resolve := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
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

// workloadFiles lists the workload files in name order.
func (c *Chain) workloadFiles() []string {
	var out []string
	for _, name := range c.workloadNames() {
		out = append(out, c.Workloads[name])
	}
	return out
}

// workloadNames lists the workload names in order.
func (c *Chain) workloadNames() []string {
	names := make([]string, 0, len(c.Workloads))
	for n := range c.Workloads {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
