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
	"math"
	"strings"
	"testing"

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
	"statelab/tools/bench/report"
)

// TestRatiosMatchReport checks that ratios against a study's baseline are
// the report's comparisons: same medians, ratio, CI, U and p.
func TestRatiosMatchReport(t *testing.T) {
	s, err := ReadDir(fixture, "fixture")
	if err != nil {
		t.Fatal(err)
	}
	a := report.Analyze(s.Runs, "mpt")
	for _, metric := range []string{"ms_per_slot", "total_ms", "disk_kb_per_slot"} {
		rs, err := Ratios(s.Runs, RatioSpec{Metric: metric, Baseline: "mpt"})
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 {
			t.Fatalf("%s: %d ratios, want 1 (ubt-gd5 against mpt)", metric, len(rs))
		}
		cmp, ok := a.Comparison("uniform_read", "ubt-gd5", metric)
		if !ok {
			t.Fatalf("the report has no comparison of %s", metric)
		}
		if rs[0].Ratio != cmp.Ratio || rs[0].Test != cmp.Test {
			t.Errorf("%s: ratio %+v U %+v, the report's %+v %+v", metric, rs[0].Ratio, rs[0].Test, cmp.Ratio, cmp.Test)
		}
		if med := a.Cell("uniform_read", "ubt-gd5").Summaries[metric].Median; rs[0].Median != med {
			t.Errorf("%s: median %v, the report's %v", metric, rs[0].Median, med)
		}
	}
}

// blockRuns are three measured runs of two variants (and a warm-up each)
// whose first block is slow: block totals 300, 100, 100 ms for "cold" and
// 150, 100, 100 for "warm", the "cold" runs 10% apart.
func blockRuns() []*record.Run {
	var runs []*record.Run
	for i, scale := range []float64{1, 1, 1.1, 0.9} {
		c := recordtest.Run("cold", "w", i == 0, 1000, 300*scale, 100*scale, 100*scale)
		c.Run = i
		c.Figures = Figures(c)
		w := recordtest.Run("warm", "w", i == 0, 1000, 150, 100, 100)
		w.Run = i
		w.Figures = Figures(w)
		runs = append(runs, c, w)
	}
	return runs
}

// TestRatios checks pairs, a block range and the errors that name what
// the runs have.
func TestRatios(t *testing.T) {
	runs := blockRuns()
	rs, err := Ratios(runs, RatioSpec{Metric: "total_ms", Pairs: [][2]string{{"cold", "warm"}}})
	if err != nil {
		t.Fatal(err)
	}
	// Run means: cold 166.7, 183.3, 150; warm 116.7: median ratio 166.7/116.7.
	if len(rs) != 1 || rs[0].N != 3 || math.Abs(rs[0].Ratio.Ratio-500.0/350) > 1e-9 || rs[0].Test.U != 9 {
		t.Errorf("every block: %+v", rs)
	}
	rs, err = Ratios(runs, RatioSpec{Metric: "total_ms", FromBlock: 2, Pairs: [][2]string{{"cold", "warm"}}})
	if err != nil {
		t.Fatal(err)
	}
	// Blocks 2 and 3: cold 100, 110, 90; warm 100.
	if len(rs) != 1 || math.Abs(rs[0].Ratio.Ratio-1) > 1e-9 || math.Abs(rs[0].Median-100) > 1e-9 {
		t.Errorf("blocks 2-n: %+v", rs)
	}
	for _, tc := range []struct {
		spec RatioSpec
		want string
	}{
		{RatioSpec{Metric: "speed", Baseline: "warm"}, "no run has the figure speed"},
		{RatioSpec{Metric: "mgas_s", FromBlock: 2, Baseline: "warm"}, "--from-block needs a column of the blocks table"},
		{RatioSpec{Metric: "total_ms", Baseline: "hot"}, "no variant hot; the runs have: cold, warm"},
		{RatioSpec{Metric: "total_ms", Baseline: "warm", Workloads: []string{"x"}}, "no workload x"},
		{RatioSpec{Metric: "total_ms"}, "give a baseline or pairs"},
	} {
		if _, err := Ratios(runs, tc.spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.spec, err, tc.want)
		}
	}
	var buf bytes.Buffer
	WriteRatios(&buf, "total_ms", rs)
	if !strings.Contains(buf.String(), "| w | cold | 3 | 100 | warm | 3 | 100 | 1 |") {
		t.Errorf("table:\n%s", buf.String())
	}
}

// TestOtherFigures checks that a figure that is no bench metric (cpu_s of
// a run another tool made) can be compared.
func TestOtherFigures(t *testing.T) {
	var runs []*record.Run
	for i := range 3 {
		for _, v := range []struct {
			name string
			cpu  float64
		}{{"a", 2}, {"b", 3}} {
			runs = append(runs, &record.Run{Variant: v.name, Workload: "w", Run: i, Figures: map[string]float64{"cpu_s": v.cpu + float64(i)/10}})
		}
	}
	rs, err := Ratios(runs, RatioSpec{Metric: "cpu_s", Baseline: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || math.Abs(rs[0].Ratio.Ratio-3.1/2.1) > 1e-9 {
		t.Errorf("cpu_s: %+v", rs)
	}
}
