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
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"statelab/tools/bench/blockfile"
	"statelab/tools/bench/study"
)

// defaultPrepareJobs is how many dumps or datadirs a study prepares at once
// unless told otherwise. dumpgen keeps about one core busy, and a population
// import one to one and a half while it waits on its buffer flushes, so two
// at once use a 2-core machine that one leaves partly idle. At 10^7 entries
// a dumpgen peaks at 7-9 GB and an import at about 4 GB.
const defaultPrepareJobs = 2

// prepareDumps makes, or reuses, the dump of every trie the study runs at
// the scale, sr.prepareJobs at once, and returns their manifests by trie.
func (sr *studyRun) prepareDumps(sc study.Scale) (map[string]*Manifest, error) {
	tries := sr.study.TriesAt(sc)
	found := make([]*Manifest, len(tries))
	jobs := make([]func() error, len(tries))
	for i, trie := range tries {
		jobs[i] = func() (err error) {
			found[i], err = ensureDump(sr.dumpgen, sr.h.work, trie, sc, sr.h.progress)
			return err
		}
	}
	if err := runJobs(sr.prepareJobs, jobs); err != nil {
		return nil, err
	}
	manifests := make(map[string]*Manifest, len(tries))
	for i, trie := range tries {
		manifests[trie] = found[i]
	}
	return manifests, nil
}

// chainManifests describes the study's own chain as the dump of its one
// trie, and records the workload's length in the scale for the report.
func (sr *studyRun) chainManifests(sc *study.Scale) (map[string]*Manifest, error) {
	sr.h.progress("reading the block files of the study's chain")
	ch := sr.study.Chain
	m, err := blockfile.ChainManifest(ch.Trie, ch.Genesis, ch.Population, ch.Workloads)
	if err != nil {
		return nil, fmt.Errorf("study %s: chain: %v", sr.study.Path, err)
	}
	if mf, _, err := m.Workload(sr.study.Workloads[0]); err == nil {
		sc.WorkloadBlocks = int(mf.LastBlock - mf.FirstBlock + 1)
	}
	manifests := map[string]*Manifest{}
	for _, trie := range sr.study.TriesAt(*sc) {
		manifests[trie] = m
	}
	return manifests, nil
}

// prepareDatadirs prepares, or reuses, the datadir of every configuration,
// jobs at once, each from the manifest of its trie. Configurations that
// share a datadir prepare it once; datadirs of an older bench's layout are
// moved into place first.
func (h *harness) prepareDatadirs(configs []study.Config, manifests map[string]*Manifest, jobs int) error {
	seen := map[string]bool{}
	var work []func() error
	for _, c := range configs {
		m := manifests[c.Trie]
		dir := h.preparedDir(m, c)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		if err := h.adoptLegacyPrepared(m, c); err != nil {
			return err
		}
		work = append(work, func() error {
			return prepareDatadir(c.Geth.Preparer(), h.persist, dir, c.Trie, c.GroupDepth, m, h.progress)
		})
	}
	return runJobs(jobs, work)
}

// runJobs runs the jobs, at most n at once (at least one), waits for all
// that started, and returns the first error. After a failure no further job
// starts; the ones running finish, since a dumpgen or an import stopped
// half-way leaves nothing to reuse.
func runJobs(n int, jobs []func() error) error {
	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(max(n, 1))
	for _, job := range jobs {
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // another job failed
			}
			return job()
		})
	}
	return g.Wait()
}
