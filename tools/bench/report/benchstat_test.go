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
	"bytes"
	"math"
	"testing"

	"golang.org/x/perf/benchfmt"

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
)

// TestBenchstatRoundTrip writes runs and reads them back with benchfmt's
// reader, as benchstat does.
func TestBenchstatRoundTrip(t *testing.T) {
	runs := []*record.Run{
		recordtest.Run("ubt-gd5", "erc20_approve", true, 100, 9999),
		recordtest.Run("ubt-gd5", "erc20_approve", false, 100, 1000),
		recordtest.Run("ubt-gd6", "erc20_approve", false, 100, 1200),
		{Variant: "mpt-upstream", Workload: "erc20_approve", Import: record.Import{WallSeconds: 2}},
	}
	var buf bytes.Buffer
	if err := encodeBenchstat(&buf, runs); err != nil {
		t.Fatal(err)
	}
	rd := benchfmt.NewReader(&buf, "benchstat.txt")
	var got []string
	var totals []float64
	for rd.Scan() {
		res, ok := rd.Result().(*benchfmt.Result)
		if !ok {
			if err, isErr := rd.Result().(*benchfmt.SyntaxError); isErr {
				t.Fatal(err)
			}
			continue
		}
		got = append(got, res.GetConfig("variant")+" "+string(res.Name))
		if v, ok := res.Value("ms/block"); ok {
			totals = append(totals, v)
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"ubt-gd5 Import/workload=erc20_approve", "ubt-gd6 Import/workload=erc20_approve", "mpt-upstream Import/workload=erc20_approve"}
	if len(got) != len(want) {
		t.Fatalf("results %v, want %v (warm-up skipped)", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d = %q, want %q", i, got[i], want[i])
		}
	}
	if len(totals) != 2 || math.Abs(totals[0]-1000) > 1e-9 || math.Abs(totals[1]-1200) > 1e-9 {
		t.Errorf("ms/block values %v, want [1000 1200] (none for the run without blocks)", totals)
	}
}
