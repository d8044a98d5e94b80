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

package prepare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"statelab/tools/bench/command"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

// writeDatadir writes the datadir of a population placed in the genesis with
// dumpgen datadir, at the configuration's group depth and block size, unless
// a previous call did. A datadir marked prepared is reused only if its
// provenance record says it holds the manifest's population, written by
// this writer at the configuration's depth and block size; one that does
// not is refused, naming what differs.
func writeDatadir(dumpgen, dir string, c study.Config, m *dumpmanifest.Manifest, progress func(string, ...any)) error {
	data := filepath.Join(dir, "datadir")
	if _, err := os.Stat(filepath.Join(dir, preparedMark)); err == nil {
		if err := checkProvenance(data, c, m); err != nil {
			return fmt.Errorf("prepared datadir %s: %v; remove %s to prepare it anew", data, err, dir)
		}
		progress("reusing prepared datadir %s", dir)
		return nil
	}
	if dumpgen == "" {
		return errors.New("no dumpgen binary to write the datadir of a population placed in the genesis")
	}
	_, err := prepareOnce(dir, "writing the population's datadir", progress, func() error {
		logPath := filepath.Join(dir, "write.log")
		stop := make(chan struct{})
		defer close(stop)
		go watchDumpgen(filepath.Base(dir), logPath, progress, stop)
		if err := command.Run(logPath, dumpgen, writeArgs(data, c, m)...); err != nil {
			return err
		}
		return checkProvenance(data, c, m)
	})
	return err
}

// writeArgs is the dumpgen datadir command line that writes the manifest's
// population into data for the configuration.
func writeArgs(data string, c study.Config, m *dumpmanifest.Manifest) []string {
	pop := m.GenesisPopulation()
	args := []string{"datadir", "--trie", pop.Trie, "--entries", strconv.FormatUint(pop.Entries, 10),
		"--seed", strconv.FormatUint(pop.Seed, 10), "--gas-target", strconv.FormatUint(pop.GasTarget, 10), "--out", data}
	if pop.Fork != "" {
		args = append(args, "--fork", pop.Fork)
	}
	if pop.Shape != "" {
		args = append(args, "--shape", pop.Shape)
	}
	args = append(args, FixtureArgs(pop.Fixtures)...)
	if c.Trie == statekind.UBT {
		args = append(args, "--bintrie.groupdepth", strconv.Itoa(c.GroupDepth))
	}
	if c.BlockSize != 0 {
		args = append(args, "--db.blocksize", strconv.FormatInt(c.BlockSize, 10))
	}
	return args
}

// checkProvenance checks that the datadir written at data holds the
// manifest's population at the configuration's depth and block size, by
// this statewriter.
func checkProvenance(data string, c study.Config, m *dumpmanifest.Manifest) error {
	p, err := statewriter.ReadProvenance(data)
	if err != nil {
		return err
	}
	depth := 0
	if c.Trie == statekind.UBT {
		depth = c.GroupDepth
	}
	if err := p.Matches(m.GenesisPopulation().JSON(), depth, int(c.BlockSize)); err != nil {
		return err
	}
	if p.GenesisHash != m.GenesisHash {
		return fmt.Errorf("has genesis %x, the dump's is %x", p.GenesisHash, m.GenesisHash)
	}
	return nil
}
