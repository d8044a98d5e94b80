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
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"statelab/tools/internal/dumpmanifest"
)

// Names of the files of a dump directory.
const (
	genesisFileName    = "genesis.json"
	populationFileName = "population.rlp"
)

// prepareOutDir creates dir, or checks that an existing dir may be written:
// it must be empty unless force is set. With force, files of a previous dump
// are removed so that a failed run cannot leave a stale manifest behind;
// other files are left alone. Leftovers of a killed run (workload files, a
// scratch database) count as files of a previous dump.
func prepareOutDir(dir string, force bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("invalid --out %q: %w", dir, err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("invalid --out %q: %w", dir, err)
	case len(entries) > 0 && !force:
		return fmt.Errorf("invalid --out %q: directory is not empty (use --force to overwrite)", dir)
	}
	stale := []string{dumpmanifest.FileName, genesisFileName, populationFileName}
	for _, pattern := range []string{"workload_*.rlp", scratchPattern, spillPattern} {
		matches, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return err
		}
		for _, m := range matches {
			stale = append(stale, filepath.Base(m))
		}
	}
	for _, name := range stale {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}
