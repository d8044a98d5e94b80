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
	"fmt"
	"io"
	"slices"
	"strings"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/stats"
)

// nodeAlpha is the family-wise significance level of the node check.
const nodeAlpha = 0.05

// minNodeRuns is the fewest measured runs a node needs in a configuration
// for the check to test it: with fewer the U test cannot reach nodeAlpha.
const minNodeRuns = 3

// NodeCheck is whether the nodes a study ran on agree: per configuration,
// each node's measured runs against the other nodes' on the headline
// metric (two-sided Mann-Whitney U), Bonferroni-corrected over every test.
type NodeCheck struct {
	Nodes     []string
	Tests     int           // tests made
	Disagree  []NodeVerdict // configurations where a node differs
	Untested  int           // configurations with too few runs per node
	Threshold float64       // p below which a test says a node differs
}

// NodeVerdict is a node that differs from the others in a configuration.
type NodeVerdict struct {
	Workload, Variant, Node string
	P                       float64
	Median, Others          float64
}

// Pooled reports whether the check lets the report pool the nodes' runs.
func (nc *NodeCheck) Pooled() bool { return len(nc.Disagree) == 0 }

// nodesOf lists the nodes of the measured runs, in order of appearance.
func nodesOf(runs []*record.Run) []string {
	var nodes []string
	for _, r := range runs {
		if !r.WarmUp && r.Node != "" && !slices.Contains(nodes, r.Node) {
			nodes = append(nodes, r.Node)
		}
	}
	return nodes
}

// CheckNodes compares the nodes of an analysis's runs on a metric; nil when
// its runs ran on fewer than two nodes.
func CheckNodes(a *Analysis, runs []*record.Run, m metrics.Metric) *NodeCheck {
	nodes := nodesOf(runs)
	if len(nodes) < 2 {
		return nil
	}
	nc := &NodeCheck{Nodes: nodes}
	var tests []NodeVerdict
	for _, wl := range a.Workloads {
		for _, v := range a.Variants {
			cell := a.Cell(wl, v)
			if cell == nil {
				continue
			}
			tested := false
			for _, n := range nodes {
				var mine, others []float64
				for _, r := range cell.Runs {
					if r.Node == n {
						mine = append(mine, m.Value(r))
					} else {
						others = append(others, m.Value(r))
					}
				}
				if len(mine) < minNodeRuns || len(others) < minNodeRuns {
					continue
				}
				tested = true
				u := stats.MannWhitney(mine, others)
				tests = append(tests, NodeVerdict{Workload: wl, Variant: v, Node: n, P: u.P,
					Median: stats.Summarize(mine).Median, Others: stats.Summarize(others).Median})
			}
			if !tested {
				nc.Untested++
			}
		}
	}
	nc.Tests = len(tests)
	if nc.Tests > 0 {
		nc.Threshold = nodeAlpha / float64(nc.Tests)
	}
	for _, t := range tests {
		if t.P < nc.Threshold {
			nc.Disagree = append(nc.Disagree, t)
		}
	}
	return nc
}

// writeNodes writes the node check, and when the nodes disagree the
// headline ratios of each node on its own.
func writeNodes(w io.Writer, a *Analysis, runs []*record.Run, m metrics.Metric) {
	nc := CheckNodes(a, runs, m)
	if nc == nil {
		return
	}
	fmt.Fprintf(w, "## Nodes\n\nThe runs ran on %d nodes (%s). Per configuration, each node's measured runs were tested against the other nodes' on %s (two-sided Mann-Whitney U, %d tests, Bonferroni: a node differs at p < %s).", len(nc.Nodes), strings.Join(nc.Nodes, ", "), m.Title, nc.Tests, Num(nc.Threshold))
	if nc.Untested > 0 {
		fmt.Fprintf(w, " %d configurations have fewer than %d measured runs on some node and were not tested.", nc.Untested, minNodeRuns)
	}
	if nc.Pooled() {
		fmt.Fprintf(w, " No node differs: the figures below pool every node's runs.\n\n")
		return
	}
	fmt.Fprintf(w, " Nodes differ, so the nodes are kept apart: the pooled figures further down mix machines that disagree; read the ratios per node below.\n\n")
	fmt.Fprintf(w, "| workload | variant | node | median | other nodes | p |\n|---|---|---|---|---|---|\n")
	for _, d := range nc.Disagree {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", d.Workload, d.Variant, d.Node, Num(d.Median), Num(d.Others), Num(d.P))
	}
	for _, n := range nc.Nodes {
		var mine []*record.Run
		for _, r := range runs {
			if r.Node == n {
				mine = append(mine, r)
			}
		}
		fmt.Fprintf(w, "\n### %s on node %s against the baseline %s\n\n", m.Title, n, a.Baseline)
		writeComparisons(w, Analyze(mine, a.Baseline), m)
	}
	fmt.Fprintln(w)
}
