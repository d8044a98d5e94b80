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
	"strings"
	"testing"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
)

// nodeRuns makes measured runs of a variant on a node, one block each.
func nodeRuns(variant, node string, totals ...float64) []*record.Run {
	var runs []*record.Run
	for _, ms := range totals {
		r := recordtest.Run(variant, "uniform_read", false, 1000, ms)
		r.Node = node
		runs = append(runs, r)
	}
	return runs
}

// TestCheckNodes checks that nodes with the same distribution are pooled,
// that a node twice as slow is kept apart with per-node ratios, and that a
// study on one node gets no node section.
func TestCheckNodes(t *testing.T) {
	m, _ := metrics.ByName("total_ms")
	var agree []*record.Run
	agree = append(agree, nodeRuns("mpt", "n1", 10, 12, 11, 13)...)
	agree = append(agree, nodeRuns("mpt", "n2", 11, 13, 10, 12)...)
	agree = append(agree, nodeRuns("ubt", "n1", 20, 22, 21, 23)...)
	agree = append(agree, nodeRuns("ubt", "n2", 22, 20, 23, 21)...)
	a := Analyze(agree, "mpt")
	nc := CheckNodes(a, agree, m)
	if nc == nil || !nc.Pooled() || nc.Tests != 4 || len(nc.Nodes) != 2 {
		t.Fatalf("agreeing nodes: %+v", nc)
	}
	var b strings.Builder
	writeNodes(&b, a, agree, m)
	if !strings.Contains(b.String(), "No node differs") {
		t.Errorf("agreeing nodes' section:\n%s", b.String())
	}

	var differ []*record.Run
	differ = append(differ, nodeRuns("mpt", "n1", 10, 11, 12, 13, 10, 11)...)
	differ = append(differ, nodeRuns("mpt", "n2", 20, 22, 24, 26, 21, 23)...)
	differ = append(differ, nodeRuns("ubt", "n1", 20, 21, 22, 23, 20, 21)...)
	differ = append(differ, nodeRuns("ubt", "n2", 40, 42, 44, 46, 41, 43)...)
	a = Analyze(differ, "mpt")
	nc = CheckNodes(a, differ, m)
	if nc == nil || nc.Pooled() {
		t.Fatalf("a node twice as slow: %+v", nc)
	}
	b.Reset()
	writeNodes(&b, a, differ, m)
	for _, want := range []string{"kept apart", "on node n1 against the baseline mpt", "on node n2 against the baseline mpt"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("differing nodes' section lacks %q:\n%s", want, b.String())
		}
	}

	one := nodeRuns("mpt", "n1", 10, 11, 12)
	if nc := CheckNodes(Analyze(one, "mpt"), one, m); nc != nil {
		t.Errorf("one node: %+v", nc)
	}
}
