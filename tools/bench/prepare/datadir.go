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
	"fmt"
	"os"
	"path/filepath"

	"statelab/tools/bench/command"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// PrepareDatadirs prepares, or reuses, the datadir of every configuration,
// jobs at once, each from the manifest of its trie. Configurations that
// share a datadir prepare it once; datadirs of an older bench's layout are
// moved into place first.
func (w *Workdir) PrepareDatadirs(configs []study.Config, dumps Dumps, jobs int) error {
	seen := map[string]bool{}
	var work []func() error
	for _, c := range configs {
		m := dumps.For(c)
		dir := w.PreparedDir(m, c)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		if err := w.adoptLegacyPrepared(m, c); err != nil {
			return err
		}
		work = append(work, func() error {
			if m.GenesisPlaced() {
				return prepareWrittenDatadir(c.Geth.Preparer(), w.Dumpgen, dir, c, m, w.Progress)
			}
			return prepareDatadir(c.Geth.Preparer(), w.Chaininfo, dir, c, m, w.Progress)
		})
	}
	return runJobs(jobs, work)
}

// PreparedDir is the prepared datadir of a configuration on a dump, under
// the work directory's datadirs/, in a folder named by populationKey.
func (w *Workdir) PreparedDir(m *dumpmanifest.Manifest, c study.Config) string {
	return filepath.Join(w.Dir, "datadirs", populationKey(m), c.DatadirKey())
}

// populationKey names what a prepared datadir holds: the genesis and the
// population, nothing of the workloads. For a dumpgen dump it is the trie,
// the fork when there is one, the entries and the population's head block
// hash, which commits to every population block and to the genesis, so that
// dumps which differ only in their workloads (more blocks, other gas) share
// the population import, an hour per datadir at 10^7 entries. (The hash
// alone keeps forks apart; the fork in the name says which is which.) A
// manifest without that hash (a chain bench did not generate) keys by the
// dump's directory, as bench did before.
//
// A population placed in the genesis is keyed by the genesis hash, which
// commits to its whole state.
func populationKey(m *dumpmanifest.Manifest) string {
	if m.GenesisPlaced() {
		return fmt.Sprintf("%s-%d-gen%x", m.Trie.String()+forkSuffix(m), m.Entries, m.GenesisHash[:6])
	}
	head, ok := m.PopulationHeadHash()
	if !ok {
		return filepath.Base(m.Dir)
	}
	return fmt.Sprintf("%s-%d-pop%x", m.Trie.String()+forkSuffix(m), m.Entries, head[:6])
}

// forkSuffix names the manifest's fork, if any, in a population key.
func forkSuffix(m *dumpmanifest.Manifest) string {
	if m.Fork == "" {
		return ""
	}
	return "-" + m.Fork
}

// adoptLegacyPrepared moves a datadir that an earlier bench prepared under
// the dump's directory name to where PreparedDir now keeps it, so that it is
// not prepared again. It does nothing when the new place is taken or there is
// nothing to move. Both places are in the work directory, so the move is a
// rename.
func (w *Workdir) adoptLegacyPrepared(m *dumpmanifest.Manifest, c study.Config) error {
	dir := w.PreparedDir(m, c)
	legacy := filepath.Join(w.Dir, "datadirs", filepath.Base(m.Dir), c.DatadirKey())
	if legacy == dir {
		return nil
	}
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(legacy, preparedMark)); err != nil {
		return nil // absent, or an import that did not finish: prepare anew
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	w.Progress("moving prepared datadir %s to %s (keyed by its population)", legacy, dir)
	if err := os.Rename(legacy, dir); err != nil {
		return fmt.Errorf("moving prepared datadir: %v", err)
	}
	os.Remove(filepath.Dir(legacy)) // only if empty
	return nil
}

// prepareDatadir initialises a datadir from the dump's genesis with the given
// binary (at the configuration's group depth on a binary trie, and its pebble
// block size) and imports the population,
// once: a datadir marked complete is reused. With chaininfo (else "") it then
// writes the state that geth journals at shutdown to disk (chaininfo
// persist), so that the runs read the population's state cold rather than
// from the journal that geth loads into memory at start. Last it compacts
// the key-value store (compactDatadir). Each step is marked separately, so a
// datadir prepared without a later step gets it on reuse.
func prepareDatadir(geth, chaininfo, dir string, c study.Config, m *dumpmanifest.Manifest, progress func(string, ...any)) error {
	if err := importPopulation(geth, dir, c, m, progress); err != nil {
		return err
	}
	if chaininfo != "" {
		if err := persistJournal(chaininfo, dir, progress); err != nil {
			return err
		}
	}
	return compactDatadir(geth, dir, progress)
}

// prepareWrittenDatadir writes the datadir of a population placed in the
// genesis (writeDatadir) and compacts it as an imported one is. It has no
// journal to persist: the writer puts the whole state on disk.
func prepareWrittenDatadir(geth, dumpgen, dir string, c study.Config, m *dumpmanifest.Manifest, progress func(string, ...any)) error {
	if err := writeDatadir(dumpgen, dir, c, m, progress); err != nil {
		return err
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

// preparedMark marks a datadir whose population import or write completed.
const preparedMark = "bench-prepared"

// prepareOnce prepares a datadir in dir with prepare, in an empty dir, unless
// dir is marked prepared; what names the preparation in the progress line.
// done reports that a previous call had prepared it.
func prepareOnce(dir, what string, progress func(string, ...any), prepare func() error) (done bool, err error) {
	return runOnce(dir, preparedMark, func() error {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		progress("preparing %s: %s", dir, what)
		return prepare()
	})
}

// importPopulation initialises the datadir and imports the population,
// unless a previous call completed that. Both are given the block size, which
// init records in the datadir.
func importPopulation(geth, dir string, c study.Config, m *dumpmanifest.Manifest, progress func(string, ...any)) error {
	done, err := prepareOnce(dir, "init and population import", progress, func() error {
		data := filepath.Join(dir, "datadir")
		initArgs := []string{"--datadir", data}
		if c.Trie == statekind.UBT {
			initArgs = append(initArgs, fmt.Sprintf("--bintrie.groupdepth=%d", c.GroupDepth))
		}
		initArgs = append(append(initArgs, c.BlockSizeArgs()...), "init", m.GenesisPath())
		if err := command.Run(filepath.Join(dir, "init.log"), geth, initArgs...); err != nil {
			return err
		}
		if len(m.Populations()) == 0 {
			return nil // a fixture whose benchmark block follows its genesis
		}
		importArgs := append(append([]string{"import", "--datadir", data}, c.BlockSizeArgs()...), m.Populations()...)
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

// FindChaininfo returns the chaininfo binary in bin, or "" with a warning
// that prepared datadirs will keep their state in the journal.
func FindChaininfo(bin string, progress func(string, ...any)) string {
	path := filepath.Join(bin, "chaininfo")
	if fileExists(path) {
		return path
	}
	progress("warning: no chaininfo in %s: prepared datadirs keep the population's state in pathdb's journal, which geth loads into memory at start, so runs do not read it cold", bin)
	return ""
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// pathdbJournals are the files in which geth's path-scheme trie database
// keeps, across restarts, the state it holds in memory: the last 128 blocks'
// diff layers and the write buffer not yet flushed to the key-value store
// (triedb/pathdb, journalPath). geth reads them whole at start, so the state
// they hold is served from memory in every run, cold page cache or not.
var pathdbJournals = []string{"merkle.journal", "verkle.journal"}

// JournalBytes is the size of the pathdb journal of a datadir, 0 if it has
// none (a hash-scheme datadir, or a journal kept in the key-value store).
func JournalBytes(datadir string) int64 {
	var n int64
	for _, name := range pathdbJournals {
		if fi, err := os.Stat(filepath.Join(datadir, "geth", "triedb", name)); err == nil {
			n += fi.Size()
		}
	}
	return n
}
