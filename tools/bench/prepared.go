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

	"statelab/tools/bench/study"
)

// preparedDir is the prepared datadir of a configuration on a dump, under
// the work directory's datadirs/, in a folder named by populationKey.
func (h *harness) preparedDir(m *Manifest, c study.Config) string {
	return filepath.Join(h.work, "datadirs", populationKey(m), c.DatadirKey())
}

// populationKey names what a prepared datadir holds: the genesis and the
// population, nothing of the workloads. For a dumpgen dump it is the trie,
// the entries and the population's head block hash, which commits to every
// population block and to the genesis, so that dumps which differ only in
// their workloads (more blocks, other gas) share the population import,
// an hour per datadir at 10^7 entries. A manifest without that hash (a chain
// bench did not generate) keys by the dump's directory, as bench did before.
func populationKey(m *Manifest) string {
	head, ok := m.PopulationHeadHash()
	if !ok {
		return filepath.Base(m.Dir)
	}
	return fmt.Sprintf("%s-%d-pop%x", m.Trie, m.Entries, head[:6])
}

// adoptLegacyPrepared moves a datadir that an earlier bench prepared under
// the dump's directory name to where preparedDir now keeps it, so that it is
// not prepared again. It does nothing when the new place is taken or there is
// nothing to move. Both places are in the work directory, so the move is a
// rename.
func (h *harness) adoptLegacyPrepared(m *Manifest, c study.Config) error {
	dir := h.preparedDir(m, c)
	legacy := filepath.Join(h.work, "datadirs", filepath.Base(m.Dir), c.DatadirKey())
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
	h.progress("moving prepared datadir %s to %s (keyed by its population)", legacy, dir)
	if err := os.Rename(legacy, dir); err != nil {
		return fmt.Errorf("moving prepared datadir: %v", err)
	}
	os.Remove(filepath.Dir(legacy)) // only if empty
	return nil
}
