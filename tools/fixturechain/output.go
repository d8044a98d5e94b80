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
	"fmt"
	"os"
	"path/filepath"

	"statelab/tools/internal/chainfile"
	"statelab/tools/internal/dumpmanifest"
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
	return nil
}
