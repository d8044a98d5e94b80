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
	"strconv"

	"statelab/tools/bench/command"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
)

// PrepareDumps makes, or reuses, the dumpgen dump of every trie at the
// scale, jobs at once, and returns their manifests by trie.
func (w *Workdir) PrepareDumps(dumpgen string, tries []string, sc study.Scale, jobs int) (map[string]*dumpmanifest.Manifest, error) {
	found := make([]*dumpmanifest.Manifest, len(tries))
	work := make([]func() error, len(tries))
	for i, trie := range tries {
		work[i] = func() (err error) {
			found[i], err = ensureDump(dumpgen, w.Dir, trie, sc, w.Progress)
			return err
		}
	}
	if err := runJobs(jobs, work); err != nil {
		return nil, err
	}
	manifests := make(map[string]*dumpmanifest.Manifest, len(tries))
	for i, trie := range tries {
		manifests[trie] = found[i]
	}
	return manifests, nil
}

// dumpDir is where the dump of a trie kind at a scale lives under the work
// directory.
func dumpDir(work, trie string, sc study.Scale) string {
	name := fmt.Sprintf("%s-%d-%d", trie, sc.Entries, sc.WorkloadBlocks)
	if sc.WorkloadGas != 0 {
		name += fmt.Sprintf("-gas%d", sc.WorkloadGas)
	}
	return filepath.Join(work, "dumps", name)
}

// ensureDump returns the dump of a trie kind at a scale, generating it with
// dumpgen unless a matching one is already there: one of the trie's default
// rules (a dump made with dumpgen --fork is not what bench generates).
func ensureDump(dumpgen, work, trie string, sc study.Scale, progress func(string, ...any)) (*dumpmanifest.Manifest, error) {
	dir := dumpDir(work, trie, sc)
	path := filepath.Join(dir, "manifest.json")
	if m, err := dumpmanifest.Read(path); err == nil && m.Trie == trie && m.Fork == "" && m.Entries == sc.Entries && m.WorkloadBlocks == sc.WorkloadBlocks && m.WorkloadGasMatches(sc.WorkloadGas) {
		progress("reusing dump %s", dir)
		return m, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	progress("generating %s dump: %d entries, %d blocks per workload, in %s", trie, sc.Entries, sc.WorkloadBlocks, dir)
	args := []string{"--trie", trie, "--entries", strconv.Itoa(sc.Entries),
		"--workload-blocks", strconv.Itoa(sc.WorkloadBlocks), "--out", dir, "--force"}
	if sc.WorkloadGas != 0 {
		args = append(args, "--workload-gas-target", strconv.FormatUint(sc.WorkloadGas, 10))
	}
	stop := make(chan struct{})
	go watchDumpgen(filepath.Base(dir), dir+".log", progress, stop)
	err := command.Run(dir+".log", dumpgen, args...)
	close(stop)
	if err != nil {
		return nil, err
	}
	return dumpmanifest.Read(path)
}
