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

package results

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"statelab/tools/bench/iostat"
	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
	"statelab/tools/bench/report"
	"statelab/tools/bench/slowblock"
	"statelab/tools/bench/study"
	"statelab/tools/internal/statekind"
)

// testStudy is a study with runs that set every kind of field the tables
// keep: in-memory runs with per-block BAL figures, bounded runs with
// per-block I/O and a cgroup, device and pebble counters, geth args,
// traces and node fetches.
func testStudy(id string) *Study {
	a := recordtest.Run("mpt", "erc20_approve", true, 3000, 101.5, 99.25)
	b := recordtest.Run("mpt", "erc20_approve", false, 3000, 98.0000004, 97.5)
	c := recordtest.Run("mpt-bal-type4", "erc20_approve", false, 3000, 60.123456, 58)
	c.Blocks[1].BAL = &slowblock.BAL{Type: 4, PrefetchMs: 3.25, WarmMs: 12.0625}
	c.Config.Geth = study.Binary{Name: "statelab", Path: "build/bin/geth", Args: []string{"--bal.warm", "before"}}
	c.Traces = "traces/x.json"
	c.NodeFetches = map[string]int64{"disk": 12, "clean": 30}
	hit := 87.5
	c.PebbleBlockHitPct = &hit
	c.Device = &iostat.DeviceReads{Device: "vda", Reads: 400, Sectors: 3200, Millis: 90}
	d := recordtest.Bounded("ubt-gd5", false, []uint64{100, 250, 400}, []uint64{40, 90, 120})
	d.BlockIO[1].Cgroup.DiskReadOps = -1 // no accounting at one sample
	e := recordtest.Bounded("ubt-gd5", false, []uint64{90, 240, 420}, []uint64{30, 80, 130})
	e.Run = 1
	runs := []*record.Run{a, b, c, d, e}
	for i, r := range runs[:3] {
		r.Run = i
		r.Config.Trie, r.Config.Workload, r.Config.BAL, r.Config.Cache = statekind.MPT, r.Workload, "none", statekind.Cold
	}
	for _, r := range runs {
		r.Config.Workload = r.Workload
		r.Figures = Figures(r)
	}
	return &Study{ID: id, Commit: "0123abcd", StudyFile: "name = \"t\"\n", Meta: report.Meta{Title: "t", Baseline: "mpt", Headline: "ms_per_slot", Machine: "linux/amd64 with 2 CPUs"}, Runs: runs}
}

// TestRoundTrip appends two studies and loads them back: every column of
// the runs table as written, the figures exact, the blocks' times to the
// microsecond and their I/O counters exact.
func TestRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dataset")
	want := []*Study{testStudy("a/one"), testStudy("two")}
	for _, s := range want {
		if err := Append(dir, s); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Studies) != 2 {
		t.Fatalf("%d studies, want 2", len(d.Studies))
	}
	header := runsHeader()
	cols, _ := headerColumns(header)
	for i, s := range d.Studies {
		w := want[i]
		if s.ID != w.ID || s.Commit != w.Commit || s.Meta.Machine != w.Meta.Machine || len(s.Runs) != len(w.Runs) {
			t.Fatalf("study %d: %s %s %q, %d runs; want %s %s %q, %d", i, s.ID, s.Commit, s.Meta.Machine, len(s.Runs), w.ID, w.Commit, w.Meta.Machine, len(w.Runs))
		}
		for j, r := range s.Runs {
			wr := w.Runs[j]
			got, _ := runRow(s.ID, r, header, cols)
			exp, _ := runRow(w.ID, wr, header, cols)
			if !reflect.DeepEqual(got, exp) {
				t.Errorf("%s run %d: row\n%q\nwant\n%q", s.ID, j, got, exp)
			}
			if !reflect.DeepEqual(r.Figures, wr.Figures) {
				t.Errorf("%s run %d: figures %v, want %v", s.ID, j, r.Figures, wr.Figures)
			}
			if len(r.Blocks) != len(wr.Blocks) {
				t.Fatalf("%s run %d: %d blocks, want %d", s.ID, j, len(r.Blocks), len(wr.Blocks))
			}
			for k := range r.Blocks {
				g, e := r.Blocks[k], wr.Blocks[k]
				if math.Abs(g.Timing.TotalMs-e.Timing.TotalMs) > 5e-4+1e-9 || math.Abs(g.Timing.StateReadMs-e.Timing.StateReadMs) > 5e-4+1e-9 {
					t.Errorf("%s run %d block %d: timing %+v, want %+v", s.ID, j, k, g.Timing, e.Timing)
				}
				if (g.BAL == nil) != (e.BAL == nil) || (g.BAL != nil && (math.Abs(g.BAL.WarmMs-e.BAL.WarmMs) > 5e-4+1e-9 || g.BAL.PrefetchMs != e.BAL.PrefetchMs)) {
					t.Errorf("%s run %d block %d: BAL %+v, want %+v", s.ID, j, k, g.BAL, e.BAL)
				}
			}
			if len(r.BlockIO) != len(wr.BlockIO) {
				t.Fatalf("%s run %d: %d I/O samples, want %d", s.ID, j, len(r.BlockIO), len(wr.BlockIO))
			}
			for k := range r.BlockIO {
				g, e := r.BlockIO[k], wr.BlockIO[k]
				if g.ProcIO != e.ProcIO || g.Cgroup.DiskReadOps != e.Cgroup.DiskReadOps {
					t.Errorf("%s run %d sample %d: %+v %+v, want %+v %+v", s.ID, j, k, g.ProcIO, *g.Cgroup, e.ProcIO, *e.Cgroup)
				}
			}
		}
	}
	c := d.Studies[0].Runs[2]
	if c.Device == nil || c.Device.Millis != 90 || *c.PebbleBlockHitPct != 87.5 || c.NodeFetches["disk"] != 12 || c.Config.Geth.Args[1] != "before" {
		t.Errorf("optional fields lost: %+v", c)
	}
	if d.Studies[0].Runs[0].Bound != nil || d.Studies[0].Runs[0].Device != nil || d.Studies[0].Runs[0].PebbleBlockHitPct != nil {
		t.Error("an unbounded run came back with a bound, device or pebble figures")
	}
}

// TestColumnNames checks that no two columns of a table share a name.
func TestColumnNames(t *testing.T) {
	for name, cols := range map[string][][2]string{RunsFile: RunColumns(), BlocksFile: BlockColumns()} {
		seen := map[string]bool{}
		for _, c := range cols {
			if seen[c[0]] {
				t.Errorf("%s: column %s twice", name, c[0])
			}
			seen[c[0]] = true
		}
	}
}

// TestAppendRefuses checks that a study id already in the dataset, an id
// that is no relative path and two runs with one key are refused, and
// that the dataset is left as it was.
func TestAppendRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := Append(dir, testStudy("s")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, RunsFile))
	dup := testStudy("s2")
	dup.Runs[1].Run = 0
	for _, tc := range []struct {
		s    *Study
		want string
	}{
		{testStudy("s"), `already has study "s"`},
		{testStudy("../x"), "want a relative path"},
		{testStudy("/abs"), "want a relative path"},
		{dup, "two runs of erc20_approve mpt run 0"},
	} {
		if err := Append(dir, tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Append(%s): %v, want %q", tc.s.ID, err, tc.want)
		}
	}
	after, _ := os.ReadFile(filepath.Join(dir, RunsFile))
	if string(before) != string(after) {
		t.Error("a refused append changed the runs table")
	}
}

// TestLoadErrors checks that a damaged table is reported with its file,
// line and column.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if err := Append(dir, testStudy("s")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, RunsFile)
	blob, _ := os.ReadFile(path)
	good := string(blob)
	// setCell sets the cell of the first row in a column.
	setCell := func(s, column, value string) string {
		lines := strings.Split(s, "\n")
		header, cells := strings.Split(lines[0], "\t"), strings.Split(lines[1], "\t")
		for i, name := range header {
			if name == column {
				cells[i] = value
			}
		}
		lines[1] = strings.Join(cells, "\t")
		return strings.Join(lines, "\n")
	}
	for _, tc := range []struct {
		edit func(string) string
		want string
	}{
		{func(s string) string { return setCell(s, "wall_seconds", "fast") }, "runs.tsv line 2, column wall_seconds"},
		{func(s string) string { return setCell(s, "run", "") }, "runs.tsv line 2, column run"},
		{func(s string) string { return strings.Replace(s, "\ns\t", "\nnobody\t", 1) }, `runs.tsv line 2: study "nobody" is not in studies.jsonl`},
		{func(s string) string { return strings.Replace(s, "\tmanifest_gas\t", "\tgas\t", 1) }, "runs.tsv: unknown column gas"},
	} {
		edited := tc.edit(good)
		if edited == good {
			t.Fatalf("edit for %q changed nothing", tc.want)
		}
		os.WriteFile(path, []byte(edited), 0o644)
		if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load: %v, want %q", err, tc.want)
		}
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "is not a results dataset") {
		t.Errorf("Load of an empty directory: %v", err)
	}
}

// TestNewColumn checks that appending to a runs table written with fewer
// columns rewrites it once with every column, its rows intact.
func TestNewColumn(t *testing.T) {
	dir := t.TempDir()
	if err := Append(dir, testStudy("s")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, RunsFile)
	tab, err := readTable(path)
	if err != nil {
		t.Fatal(err)
	}
	// Drop the last metric's column, as a bench before it would have written.
	drop := len(tab.header) - 2
	var b strings.Builder
	for _, row := range append([][]string{tab.header}, tab.rows...) {
		b.WriteString(strings.Join(append(append([]string{}, row[:drop]...), row[drop+1:]...), "\t") + "\n")
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	if err := Append(dir, testStudy("t")); err != nil {
		t.Fatal(err)
	}
	got, err := readTable(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.header, runsHeader()) || len(got.rows) != 10 {
		t.Fatalf("header %v, %d rows", got.header, len(got.rows))
	}
	if _, err := Load(dir); err != nil {
		t.Fatal(err)
	}
}
