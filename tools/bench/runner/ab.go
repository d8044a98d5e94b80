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

package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/prepare"
	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// ABSpec is an A/B comparison of two geth binaries on one workload dump.
type ABSpec struct {
	Out  string    // report directory
	Work string    // work directory: prepared datadirs, the scratch datadir
	Bin  string    // directory of chaininfo, and of A and B when given by name
	Log  io.Writer // progress lines

	A, B       string          // binaries: paths, or names in Bin
	Genesis    string          // genesis.json (default: the manifest's)
	Dump       string          // workload block file
	Population []string        // population block files (default: the manifest's)
	Trie       *statekind.Trie // nil: the manifest's, else mpt
	GroupDepth int             // binary trie only
	Runs       int             // per binary, the first discarded
	GethArgs   []string        // extra import flags of both sides
	ArgsA      []string        // extra import flags of A only
	ArgsB      []string        // extra import flags of B only (e.g. --rpc.telemetry, to compare one binary with itself)

	MemLimit, GethCache string // memory bound and geth --cache as sizes; "" for none and geth's default
	CgroupParent        string // where to make the run cgroups; "" for the default
	PrepareJobs         int    // datadirs prepared at once (one per binary); below 1 means 1
}

// sideArgs are the extra import flags of side i (0 is A).
func (s *ABSpec) sideArgs(i int) []string {
	side := s.ArgsA
	if i == 1 {
		side = s.ArgsB
	}
	return append(append([]string{}, s.GethArgs...), side...)
}

// abManifest describes the dump of an A/B comparison: the manifest beside the
// dump when there is one, with flags overriding it, else one made from the
// flags alone.
func (s *ABSpec) abManifest() (*dumpmanifest.Manifest, dumpmanifest.File, error) {
	if _, err := os.Stat(s.Dump); err != nil {
		return nil, dumpmanifest.File{}, fmt.Errorf("--dump: %v", err)
	}
	m, err := dumpmanifest.Read(filepath.Join(filepath.Dir(s.Dump), "manifest.json"))
	if err != nil {
		m = &dumpmanifest.Manifest{Dir: filepath.Dir(s.Dump)}
	}
	if s.Genesis != "" {
		m.Genesis = absPath(s.Genesis)
	}
	if m.Genesis == "" {
		return nil, dumpmanifest.File{}, errors.New("--genesis is required when no manifest.json is beside --dump")
	}
	if len(s.Population) > 0 {
		var rest []dumpmanifest.File
		for _, f := range m.Files {
			if f.Role != "population" {
				rest = append(rest, f)
			}
		}
		m.Files = nil
		if _, err := addPopulation(m, s.Population); err != nil {
			return nil, dumpmanifest.File{}, fmt.Errorf("--population: %v", err)
		}
		m.Files = append(m.Files, rest...)
	}
	if s.Trie != nil {
		m.Trie = *s.Trie
	}
	if len(m.Populations()) == 0 && !m.GenesisPlaced() {
		return nil, dumpmanifest.File{}, errors.New("--population is required when no manifest.json is beside --dump")
	}
	wl, ok := m.Lookup(s.Dump)
	if !ok || wl.Role != "workload" {
		// Not a dumpgen workload: count its blocks from the file, on top
		// of the population's last block.
		head := m.PopulationHead()
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(s.Dump), ".gz"), ".rlp")
		var err error
		if wl, err = workloadFile(s.Dump, name, head); err != nil {
			return nil, dumpmanifest.File{}, fmt.Errorf("--dump: %v", err)
		}
		m.Files = append(m.Files, wl)
	}
	return m, wl, nil
}

// absPath makes a path absolute, keeping it as given if that fails.
func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// abBinaries returns the two sides of a comparison. When both are the same
// binary (a comparison of flags), B runs on A's prepared datadir, as the
// binaries of a study do: two preparations of one population differ in
// their on-disk layout (a cold run of one read 3 MB more than of the other),
// which would be measured as a difference between the flags.
func abBinaries(s *ABSpec) []study.Binary {
	a := study.Binary{Name: "a", Path: resolveBinary(s.Bin, s.A)}
	b := study.Binary{Name: "b", Path: resolveBinary(s.Bin, s.B)}
	if a.Path == b.Path {
		b.Datadir = a.Name
	}
	return []study.Binary{a, b}
}

// RunAB runs an A/B comparison: it writes the report into s.Out and
// prints the ratios B/A to stdout.
func RunAB(s *ABSpec, stdout io.Writer) error {
	h, err := newHarness(s.Work, s.Out, s.Bin, s.Log)
	if err != nil {
		return err
	}
	h.work.Chaininfo = prepare.FindChaininfo(s.Bin, h.progress)
	if dumpgen := filepath.Join(s.Bin, "dumpgen"); fileExists(dumpgen) {
		h.work.Dumpgen = dumpgen
	}
	return runAB(h, s, stdout)
}

// runAB prepares a datadir per binary (one for both when they are the same), alternates cold runs of A and B, writes
// the report into the harness's out directory and prints the ratios B/A.
func runAB(h *harness, s *ABSpec, stdout io.Writer) error {
	if s.Runs < 2 {
		return fmt.Errorf("--runs must be at least 2 (the first is discarded), have %d", s.Runs)
	}
	m, wl, err := s.abManifest()
	if err != nil {
		return err
	}
	if s.MemLimit != "" {
		if h.bound, err = cgroup.NewBound(cgroup.HostSources, s.CgroupParent, h.work.Dir); err != nil {
			return err
		}
	}
	gd := 0
	if m.Trie == statekind.UBT {
		gd = s.GroupDepth
	}
	var configs []study.Config
	for _, b := range abBinaries(s) {
		if _, err := os.Stat(b.Path); err != nil {
			return fmt.Errorf("--%s: %v", b.Name, err)
		}
		configs = append(configs, study.Config{Trie: m.Trie, GroupDepth: gd, Workload: wl.Workload, BAL: "none", Cache: statekind.Cold, Geth: b, ShowGeth: true})
	}
	if err := h.work.PrepareDatadirs(configs, prepare.TrieDumps(map[statekind.Trie]*dumpmanifest.Manifest{m.Trie: m}), s.PrepareJobs); err != nil {
		return err
	}
	blocks := int(wl.LastBlock - wl.FirstBlock + 1)
	model, err := h.applyModel(nil, study.Scale{WorkloadBlocks: blocks}, s.MemLimit, s.GethCache, h.work.PreparedDir(m, configs[0]))
	if err != nil {
		return err
	}
	var runs []*record.Run
	for run := range s.Runs {
		for i, c := range configs {
			rec, err := h.runOnce(c, m, h.work.PreparedDir(m, c), s.sideArgs(i), run)
			if err != nil {
				return err
			}
			runs = append(runs, rec)
			h.progress("%s run %d/%d: %s", c.Variant(), run+1, s.Runs, runLine(rec))
			if err := record.Write(filepath.Join(h.out, "runs.json"), runs); err != nil {
				return err
			}
		}
	}
	h.removeScratch()
	named := func(b study.Binary) study.Binary {
		b.Path = binName(s.Bin, b.Path)
		return b
	}
	meta := report.Meta{
		Title:    "A/B: " + filepath.Base(s.B) + " against " + filepath.Base(s.A),
		Study:    s.command(m.Trie),
		Scale:    study.Scale{Runs: s.Runs, WorkloadBlocks: blocks, Entries: m.Entries},
		Baseline: configs[0].Variant(),
		Headline: "wall_s",
		Geth:     []study.Binary{named(configs[0].Geth), named(configs[1].Geth)},
		Date:     time.Now().UTC(),
		Model:    model,
	}
	if err := report.WriteOutputs(h.out, meta, runs); err != nil {
		return err
	}
	report.PrintAB(stdout, report.Analyze(runs, configs[0].Variant()), configs, [2][]string{s.sideArgs(0), s.sideArgs(1)})
	return nil
}
