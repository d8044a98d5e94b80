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
	"statelab/tools/internal/statekind"
)

// PrepareDumps makes, or reuses, the dumpgen dump of every trie at the
// scale under the fork's rules, with the benchmark tests of fixtures (name,
// fixture chain directory) merged into its population, jobs at once, and
// returns their manifests by trie.
func (w *Workdir) PrepareDumps(dumpgen string, fork study.Fork, fixtures map[string]string, tries []statekind.Trie, sc study.Scale, jobs int) (map[statekind.Trie]*dumpmanifest.Manifest, error) {
	found := make([]*dumpmanifest.Manifest, len(tries))
	work := make([]func() error, len(tries))
	for i, trie := range tries {
		work[i] = func() (err error) {
			found[i], err = ensureDump(dumpgen, w.Dir, trie, fork, fixtures, sc, w.Progress)
			return err
		}
	}
	if err := runJobs(jobs, work); err != nil {
		return nil, err
	}
	manifests := make(map[statekind.Trie]*dumpmanifest.Manifest, len(tries))
	for i, trie := range tries {
		manifests[trie] = found[i]
	}
	return manifests, nil
}

// dumpDir is where the dump of a trie kind under a fork's rules at a scale
// lives under the work directory. A fork other than the default is part of
// the name, so that its dumps, and the sidecars kept by the dump's name, are
// never taken for the default's; the default's names are as they always
// were, so existing dumps are reused.
func dumpDir(work string, trie statekind.Trie, fork study.Fork, fixtures map[string]string, sc study.Scale) string {
	name := trie.String()
	if fork != study.ForkDefault {
		name += "-" + string(fork)
	}
	name += fmt.Sprintf("-%d-%d", sc.Entries, sc.WorkloadBlocks)
	if sc.WorkloadGas != 0 {
		name += fmt.Sprintf("-gas%d", sc.WorkloadGas)
	}
	if sc.GenesisPlaced() {
		name += "-genesis"
	}
	if sc.MainnetShaped() {
		name += "-mainnet"
	}
	if len(fixtures) > 0 {
		name += "-fx" + fixturesKey(fixtures)
	}
	return filepath.Join(work, "dumps", name)
}

// ensureDump returns the dump of a trie kind under a fork's rules at a
// scale, generating it with dumpgen unless a matching one is already there:
// its manifest must name the same trie, fork, entries, workload blocks and
// workload gas.
func ensureDump(dumpgen, work string, trie statekind.Trie, fork study.Fork, fixtures map[string]string, sc study.Scale, progress func(string, ...any)) (*dumpmanifest.Manifest, error) {
	dir := dumpDir(work, trie, fork, fixtures, sc)
	path := filepath.Join(dir, "manifest.json")
	if m, err := dumpmanifest.Read(path); err == nil && m.Trie == trie && m.Fork == string(fork) && m.Entries == sc.Entries &&
		m.WorkloadBlocks == sc.WorkloadBlocks && m.WorkloadGasMatches(sc.WorkloadGas) && m.GenesisPlaced() == sc.GenesisPlaced() &&
		(m.Population != nil && m.Population.Shape == study.ShapeMainnet) == sc.MainnetShaped() && sameFixtures(m, fixtures) {
		progress("reusing dump %s", dir)
		return m, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	args := []string{"--trie", trie.String()}
	what := trie.String()
	if fork != study.ForkDefault {
		args = append(args, "--fork", string(fork))
		what += " " + string(fork)
	}
	progress("generating %s dump: %d entries, %d blocks per workload, in %s", what, sc.Entries, sc.WorkloadBlocks, dir)
	args = append(args, "--entries", strconv.Itoa(sc.Entries),
		"--workload-blocks", strconv.Itoa(sc.WorkloadBlocks), "--out", dir, "--force")
	if sc.WorkloadGas != 0 {
		args = append(args, "--workload-gas-target", strconv.FormatUint(sc.WorkloadGas, 10))
	}
	if sc.GenesisPlaced() {
		args = append(args, "--population", dumpmanifest.PlacementGenesis)
	}
	if sc.MainnetShaped() {
		args = append(args, "--shape", study.ShapeMainnet)
	}
	args = append(args, FixtureArgs(fixtures)...)
	stop := make(chan struct{})
	go watchDumpgen(filepath.Base(dir), dir+".log", progress, stop)
	err := command.Run(dir+".log", dumpgen, args...)
	close(stop)
	if err != nil {
		return nil, err
	}
	return dumpmanifest.Read(path)
}
