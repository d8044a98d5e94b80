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

	"statelab/tools/bench/command"
)

// prepareDatadir initialises a datadir from the dump's genesis with the given
// binary (at the group depth on a binary trie) and imports the population,
// once: a datadir marked complete is reused. With chaininfo (else "") it then
// writes the state that geth journals at shutdown to disk (chaininfo
// persist), so that the runs read the population's state cold rather than
// from the journal that geth loads into memory at start. Last it compacts
// the key-value store (compactDatadir). Each step is marked separately, so a
// datadir prepared without a later step gets it on reuse.
func prepareDatadir(geth, chaininfo, dir string, trie string, gd int, m *Manifest, progress func(string, ...any)) error {
	if err := importPopulation(geth, dir, trie, gd, m, progress); err != nil {
		return err
	}
	if chaininfo != "" {
		if err := persistJournal(chaininfo, dir, progress); err != nil {
			return err
		}
	}
	return compactDatadir(geth, dir, progress)
}

// persistJournal writes the state geth journals at shutdown to disk, unless a
// previous call did. A datadir persisted anew must be compacted again, so it
// drops the compaction mark.
func persistJournal(chaininfo, dir string, progress func(string, ...any)) error {
	_, err := runOnce(dir, "bench-persisted", func() error {
		progress("persisting the journaled state of %s", dir)
		if err := os.Remove(filepath.Join(dir, compactedMark)); err != nil && !os.IsNotExist(err) {
			return err
		}
		return command.Run(filepath.Join(dir, "persist.log"), chaininfo, "persist", "--datadir", filepath.Join(dir, "datadir"))
	})
	return err
}

// runOnce runs step unless dir holds the file mark, and writes the mark once
// step has succeeded; done reports that a previous call had. The marks let a
// prepared datadir be reused, and one prepared before a step existed get it.
func runOnce(dir, mark string, step func() error) (done bool, err error) {
	path := filepath.Join(dir, mark)
	if _, err := os.Stat(path); err == nil {
		return true, nil
	}
	if err := step(); err != nil {
		return false, err
	}
	return false, os.WriteFile(path, nil, 0o644)
}

// preparedMark marks a datadir whose population import completed.
const preparedMark = "bench-prepared"

// importPopulation initialises the datadir and imports the population,
// unless a previous call completed that.
func importPopulation(geth, dir string, trie string, gd int, m *Manifest, progress func(string, ...any)) error {
	done, err := runOnce(dir, preparedMark, func() error {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		progress("preparing %s: init and population import", dir)
		data := filepath.Join(dir, "datadir")
		initArgs := []string{"--datadir", data}
		if trie == "ubt" {
			initArgs = append(initArgs, fmt.Sprintf("--bintrie.groupdepth=%d", gd))
		}
		initArgs = append(initArgs, "init", m.GenesisPath())
		if err := command.Run(filepath.Join(dir, "init.log"), geth, initArgs...); err != nil {
			return err
		}
		importArgs := append([]string{"import", "--datadir", data}, m.Populations()...)
		logPath := filepath.Join(dir, "population.log")
		stop := make(chan struct{})
		defer close(stop)
		go watchImport(filepath.Base(dir), logPath, m.PopulationHead(), progress, stop)
		return command.Run(logPath, geth, importArgs...)
	})
	if done {
		progress("reusing prepared datadir %s", dir)
	}
	return err
}

// findChaininfo returns the chaininfo binary in bin, or "" with a warning
// that prepared datadirs will keep their state in the journal.
func findChaininfo(bin string, progress func(string, ...any)) string {
	path := filepath.Join(bin, "chaininfo")
	if fileExists(path) {
		return path
	}
	progress("warning: no chaininfo in %s: prepared datadirs keep the population's state in pathdb's journal, which geth loads into memory at start, so runs do not read it cold", bin)
	return ""
}
