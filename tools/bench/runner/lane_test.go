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
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/study"
)

// TestLaneSchedules checks that lanes split a study's measured runs so that
// each is made exactly once, each lane starts with its own warm-up round,
// and warm-up indices never collide with another run's.
func TestLaneSchedules(t *testing.T) {
	for _, order := range []string{"interleaved", "sequential"} {
		for lanes := 1; lanes <= 4; lanes++ {
			const configs, runs = 3, 6
			made := map[scheduled]int{}
			for l := range lanes {
				sched := laneSchedule(configs, runs, order, l, lanes)
				warm := WarmUpRun(l, runs)
				for i, s := range sched[:configs] {
					if s.run != warm || s.config != i {
						t.Fatalf("%s, lane %d of %d: starts %v, want the warm-up round of run %d", order, l, lanes, sched[:configs], warm)
					}
				}
				for _, s := range sched {
					made[s]++
				}
			}
			for c := range configs {
				for r := 1; r < runs; r++ {
					if n := made[scheduled{c, r}]; n != 1 {
						t.Errorf("%s, %d lanes: config %d run %d made %d times", order, lanes, c, r, n)
					}
				}
				for l := range lanes {
					if n := made[scheduled{c, WarmUpRun(l, runs)}]; n != 1 {
						t.Errorf("%s, %d lanes: warm-up of lane %d made %d times", order, lanes, l, n)
					}
				}
			}
			if want := configs * (runs - 1 + lanes); len(made) != want {
				t.Errorf("%s, %d lanes: %d distinct runs, want %d", order, lanes, len(made), want)
			}
		}
	}
	if WarmUpRun(0, 6) != 0 {
		t.Errorf("lane 0's warm-up is run %d, want 0 as in a local study", WarmUpRun(0, 6))
	}
}

// loadTestStudy writes and loads a study of two configurations at a scale
// of 4 runs.
func loadTestStudy(t *testing.T) *study.Study {
	path := filepath.Join(t.TempDir(), "lanes.toml")
	toml := `name = "lanes"
tries = ["mpt"]
workloads = ["uniform_read", "erc20_approve"]
metric = "ms_per_slot"
[scale.smoke]
entries = 1000
workload_blocks = 1
runs = 4
`
	if err := os.WriteFile(path, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := study.Load(path, metrics.Names())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStudyProgress checks the progress of a study over two lanes: counts,
// missing runs, the lanes with runs to make, failure notes, and a store
// holding runs of another study refused.
func TestStudyProgress(t *testing.T) {
	s := loadTestStudy(t)
	sc, _ := s.Scale("smoke")
	configs := s.Expand(sc)
	dir := t.TempDir()
	store, failed := record.Store{Dir: filepath.Join(dir, "runs")}, filepath.Join(dir, "failed")
	put := func(c study.Config, run int, warm bool) {
		if err := store.Put(&record.Run{Config: c, Variant: c.Variant(), Workload: c.Workload, Run: run, WarmUp: warm}); err != nil {
			t.Fatal(err)
		}
	}
	p, err := StudyProgress(s, "smoke", 2, store, failed)
	if err != nil || p.Done() || p.Missing() != 6 || !p.LaneMissing(0, 2) || !p.LaneMissing(1, 2) {
		t.Fatalf("empty store: %+v, %v", p, err)
	}
	// Lane 1 (runs 2 of each configuration) finishes; lane 0 makes run 1 of
	// the first configuration, and its run 3 failed.
	for _, c := range configs {
		put(c, WarmUpRun(1, 4), true)
		put(c, 2, false)
	}
	put(configs[0], 0, true)
	put(configs[0], 1, false)
	os.MkdirAll(failed, 0o755)
	note := failureNote(failed, configs[0].Label(), 3)
	os.WriteFile(note, []byte("node n1, lane 0\ngeth: signal: killed\n"), 0o644)
	p, err = StudyProgress(s, "smoke", 2, store, failed)
	if err != nil {
		t.Fatal(err)
	}
	if p.Measured() != 3 || p.Missing() != 3 || !p.LaneMissing(0, 2) || p.LaneMissing(1, 2) {
		t.Errorf("measured %d, missing %d, lane 0 %v, lane 1 %v; want 3, 3, true, false", p.Measured(), p.Missing(), p.LaneMissing(0, 2), p.LaneMissing(1, 2))
	}
	first := p.Configs[0]
	if first.WarmUps != 2 || !slices.Equal(first.Missing, []int{3}) || len(first.Failed) != 1 || !strings.Contains(first.Failed[0], "killed") {
		t.Errorf("first configuration: %+v", first)
	}
	if len(p.Runs) != 6 || p.Runs[0].Run != 0 {
		t.Errorf("%d runs in the store, first run %d", len(p.Runs), p.Runs[0].Run)
	}
	// A run the study does not have: the store is another study's.
	other := configs[0]
	other.Workload = "sstore_variants"
	put(other, 1, false)
	if _, err := StudyProgress(s, "smoke", 2, store, failed); err == nil || !strings.Contains(err.Error(), "sstore_variants") {
		t.Errorf("foreign run: %v", err)
	}
}

// TestGatherStudyRefusesUnfinished checks that gathering a study with
// missing runs fails, names them and says how to resume, and writes no
// report.
func TestGatherStudyRefusesUnfinished(t *testing.T) {
	s := loadTestStudy(t)
	out := t.TempDir()
	err := GatherStudy(s, GatherOptions{Scale: "smoke", Out: out, Bin: out, Lanes: 1, Store: record.Store{Dir: filepath.Join(out, "runs")}})
	if err == nil || !strings.Contains(err.Error(), "6 measured runs") || !strings.Contains(err.Error(), "run the same bench run command again") {
		t.Errorf("unfinished study: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "report.md")); err == nil {
		t.Error("wrote a report")
	}
}
