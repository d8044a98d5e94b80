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

package report

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
	"statelab/tools/bench/study"
)

// TestAnalyze checks grouping, the warm-up exclusion and the comparison with
// the baseline on runs whose medians are known.
func TestAnalyze(t *testing.T) {
	var runs []*record.Run
	for i, ms := range []float64{50000, 100, 110, 90, 105} { // the first is a warm-up
		runs = append(runs, recordtest.Run("ubt-gd5", "w", i == 0, 100, ms))
	}
	for i, ms := range []float64{50000, 200, 220, 180, 210} {
		runs = append(runs, recordtest.Run("ubt-gd6", "w", i == 0, 100, ms))
	}
	a := Analyze(runs, "ubt-gd5")
	base, other := a.Cell("w", "ubt-gd5"), a.Cell("w", "ubt-gd6")
	if len(base.Runs) != 4 || len(other.Runs) != 4 {
		t.Fatalf("measured runs %d and %d, want 4 each", len(base.Runs), len(other.Runs))
	}
	if m := base.Summaries["total_ms"].Median; m != 102.5 {
		t.Errorf("baseline median %v, want 102.5", m)
	}
	cmp, ok := a.Comparison("w", "ubt-gd6", "total_ms")
	if !ok {
		t.Fatal("no comparison")
	}
	if want := 205 / 102.5; math.Abs(cmp.Ratio.Ratio-want) > 1e-12 || cmp.Ratio.Lo > want || cmp.Ratio.Hi < want {
		t.Errorf("ratio %+v, want %v inside its CI", cmp.Ratio, want)
	}
	if cmp.Test.U != 16 || math.Abs(cmp.Test.P-2.0/70) > 1e-9 {
		t.Errorf("U test %+v, want U 16 and p 2/70", cmp.Test)
	}
	if _, ok := a.Comparison("w", "ubt-gd5", "total_ms"); ok {
		t.Error("the baseline is compared with itself")
	}
	if a2 := Analyze(runs, "nonexistent"); a2.Baseline != "ubt-gd5" {
		t.Errorf("unknown baseline fell back to %q, want the first variant", a2.Baseline)
	}
}

// TestWriteOutputs writes a report with plots from synthetic runs.
func TestWriteOutputs(t *testing.T) {
	var runs []*record.Run
	for i, ms := range []float64{500, 100, 110, 90} {
		runs = append(runs, recordtest.Run("mpt", "w", i == 0, 100, ms), recordtest.Run("ubt-gd5", "w", i == 0, 100, 2*ms))
	}
	dir := t.TempDir()
	meta := Meta{Title: "T", Baseline: "mpt", Headline: "ms_per_slot", Scale: study.Scale{Runs: 4}}
	if err := WriteOutputs(dir, meta, runs); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"report.md", "benchstat.txt", "meta.json", "ms_per_slot.png", "total_ms.png", "ms_per_slot_ratio.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	report, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, want := range []string{"| w | ubt-gd5 | 2 | [", "![ms_per_slot](ms_per_slot.png)", "![ms_per_slot_ratio](ms_per_slot_ratio.png)", "best ms per slot is mpt"} {
		if !strings.Contains(string(report), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// TestWriteOutputsOneVariant: a study of one variant (a scale that narrows it
// to one trie) has no comparison tables, rather than empty ones.
func TestWriteOutputsOneVariant(t *testing.T) {
	var runs []*record.Run
	for i, ms := range []float64{500, 100, 110, 90} {
		runs = append(runs, recordtest.Run("mpt", "w", i == 0, 100, ms))
	}
	dir := t.TempDir()
	meta := Meta{Title: "T", Baseline: "mpt", Headline: "ms_per_slot", Scale: study.Scale{Runs: 4}}
	if err := WriteOutputs(dir, meta, runs); err != nil {
		t.Fatal(err)
	}
	report, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if strings.Contains(string(report), "against the baseline mpt\n") {
		t.Error("report has comparison sections with one variant")
	}
	if !strings.Contains(string(report), "best ms per slot is mpt") {
		t.Error("report lacks the reading of its one variant")
	}
}
