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
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/report"
)

var update = flag.Bool("update", false, "rewrite testdata/bounded/report.md and benchstat.txt from its runs with report.WriteOutputs")

// fixture is a bounded study's results directory: 8 runs of 12 blocks of
// uniform_read on MPT and GD-5 (of docs/results' iobound-ubt-vs-mpt
// compacted study), with per-block I/O, cgroup bound and scale model.
const fixture = "testdata/bounded"

// TestRegenerate imports the fixture into a dataset, loads it and
// regenerates its results directory: report.md and benchstat.txt equal the
// fixture's committed ones (written by report.WriteOutputs from its
// runs.json), and every plot equals the one report.WriteOutputs draws from
// the runs.
func TestRegenerate(t *testing.T) {
	if *update {
		runs, err := readRunsJSON(fixture)
		if err != nil {
			t.Fatal(err)
		}
		meta, err := report.ReadMeta(filepath.Join(fixture, "meta.json"))
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		if err := report.WriteOutputs(tmp, meta, runs); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"report.md", "benchstat.txt"} {
			if err := copyFile(filepath.Join(fixture, name), filepath.Join(tmp, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := ReadDir(fixture, "iobound/fixture")
	if err != nil {
		t.Fatal(err)
	}
	ds := filepath.Join(t.TempDir(), "dataset")
	if err := Append(ds, s); err != nil {
		t.Fatal(err)
	}
	d, err := Load(ds)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := d.Study("iobound/fixture")
	if err != nil {
		t.Fatal(err)
	}
	got := t.TempDir()
	if err := Regenerate(loaded, got, nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "benchstat.txt"} {
		want, _ := os.ReadFile(filepath.Join(fixture, name))
		have, _ := os.ReadFile(filepath.Join(got, name))
		if len(want) == 0 || !bytes.Equal(have, want) {
			t.Errorf("%s differs from the fixture's (%d bytes, want %d)", name, len(have), len(want))
		}
	}
	// The plots, against those drawn from the runs themselves.
	direct := t.TempDir()
	if err := report.WriteOutputs(direct, s.Meta, s.Runs); err != nil {
		t.Fatal(err)
	}
	plots, _ := filepath.Glob(filepath.Join(direct, "*.png"))
	if len(plots) < 4 {
		t.Fatalf("%d plots drawn, want the metrics' and the disk-read shares'", len(plots))
	}
	for _, p := range plots {
		want, _ := os.ReadFile(p)
		have, err := os.ReadFile(filepath.Join(got, filepath.Base(p)))
		if err != nil || !bytes.Equal(have, want) {
			t.Errorf("%s differs from the one drawn from the runs (%v)", filepath.Base(p), err)
		}
	}
	if blob, _ := os.ReadFile(filepath.Join(got, "report.md")); !strings.Contains(string(blob), "disk_byte_share_uniform_read.png") {
		t.Error("the report has no disk-byte share plot: the per-block I/O was lost")
	}
}

// TestRegenerateOnly writes the named outputs alone and refuses a name the
// study does not produce, listing those it does.
func TestRegenerateOnly(t *testing.T) {
	s, err := ReadDir(fixture, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Regenerate(s, dir, []string{"ms_per_slot_ratio.png"}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "ms_per_slot_ratio.png" {
		t.Errorf("wrote %v, want ms_per_slot_ratio.png alone", entries)
	}
	err = Regenerate(s, t.TempDir(), []string{"speed.png"})
	if err == nil || !strings.Contains(err.Error(), "has no output speed.png") || !strings.Contains(err.Error(), "report.md") {
		t.Errorf("unknown output: %v", err)
	}
}
