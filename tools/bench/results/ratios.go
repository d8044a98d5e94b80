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
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/slowblock"
	"statelab/tools/bench/stats"
)

// bootstrapIters is the number of bootstrap resamples per ratio, as in the
// reports.
const bootstrapIters = 10000

// RatioSpec says which ratios Ratios computes: each variant against a
// baseline, or chosen pairs (a study's report compares every variant with
// one baseline; the readings compare each BAL type with its trie's warm
// bound, two binaries' settings with each other, blocks 2 to n alone).
type RatioSpec struct {
	// Metric is a figure of the runs table (a bench metric such as
	// ms_per_slot, or another figure such as cpu_s), or a column of the
	// blocks table (total_ms, execution_ms, state_read_ms, state_hash_ms,
	// commit_ms, bal_prefetch_ms, bal_warm_ms), then averaged over each
	// run's blocks from FromBlock on.
	Metric    string
	FromBlock int         // first block of the mean, from 1; 0 or 1: every block (and a metric's stored figure)
	Baseline  string      // every other variant against it; "" if Pairs are given
	Pairs     [][2]string // variant, reference
	Workloads []string    // only these; empty: every workload
}

// Ratio is a variant against a reference on one workload: the median of
// the runs' values, the ratio of medians with its bootstrap 95% CI, and
// the Mann-Whitney U test.
type Ratio struct {
	Workload, Variant, Reference string
	N, RefN                      int
	Median, RefMedian            float64
	Ratio                        stats.RatioCI
	Test                         stats.UTest
}

// blockValues are the blocks table's columns a ratio or a block table can
// use, by name: a block's value, and whether it has one.
var blockValues = map[string]func(e *slowblock.Entry) (float64, bool){
	"total_ms":      func(e *slowblock.Entry) (float64, bool) { return e.Timing.TotalMs, true },
	"execution_ms":  func(e *slowblock.Entry) (float64, bool) { return e.Timing.ExecutionMs, true },
	"state_read_ms": func(e *slowblock.Entry) (float64, bool) { return e.Timing.StateReadMs, true },
	"state_hash_ms": func(e *slowblock.Entry) (float64, bool) { return e.Timing.StateHashMs, true },
	"commit_ms":     func(e *slowblock.Entry) (float64, bool) { return e.Timing.CommitMs, true },
	"bal_prefetch_ms": func(e *slowblock.Entry) (float64, bool) {
		return balValue(e, func(b *slowblock.BAL) float64 { return b.PrefetchMs })
	},
	"bal_warm_ms": func(e *slowblock.Entry) (float64, bool) {
		return balValue(e, func(b *slowblock.BAL) float64 { return b.WarmMs })
	},
}

func balValue(e *slowblock.Entry, f func(*slowblock.BAL) float64) (float64, bool) {
	if e.BAL == nil {
		return 0, false
	}
	return f(e.BAL), true
}

// BlockColumnNames lists the blocks table's columns a ratio or a block
// table can use.
func BlockColumnNames() []string {
	var names []string
	for name := range blockValues {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// valueOf returns how a spec reads one run's value.
func valueOf(spec RatioSpec, runs []*record.Run) (func(*record.Run) float64, error) {
	if spec.FromBlock <= 1 {
		for _, r := range runs {
			if _, ok := r.Figures[spec.Metric]; ok {
				return func(r *record.Run) float64 { return figure(r, spec.Metric) }, nil
			}
		}
	}
	block, ok := blockValues[spec.Metric]
	if !ok {
		if spec.FromBlock > 1 {
			return nil, fmt.Errorf("--from-block needs a column of the blocks table (%s), not %s", strings.Join(BlockColumnNames(), ", "), spec.Metric)
		}
		return nil, fmt.Errorf("no run has the figure %s: want a metric of bench (ms_per_slot, total_ms, ...), another figure of the runs, or a column of the blocks table (%s)", spec.Metric, strings.Join(BlockColumnNames(), ", "))
	}
	from := max(spec.FromBlock, 1) - 1
	return func(r *record.Run) float64 { return blockMean(r, block, from) }, nil
}

// figure is a run's stored figure, NaN if it has none.
func figure(r *record.Run, name string) float64 {
	if v, ok := r.Figures[name]; ok {
		return v
	}
	return math.NaN()
}

// blockMean is the mean of a block column over a run's blocks from index
// from on, over the blocks that have it; NaN if none does.
func blockMean(r *record.Run, value func(*slowblock.Entry) (float64, bool), from int) float64 {
	var sum float64
	n := 0
	for i := from; i < len(r.Blocks); i++ {
		if v, ok := value(&r.Blocks[i]); ok {
			sum += v
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// cells groups the measured runs' values by workload and variant, with
// the workloads and variants in the order they first ran.
type cells struct {
	workloads, variants []string
	values              map[[2]string][]float64
}

func groupRuns(runs []*record.Run, value func(*record.Run) float64) *cells {
	c := &cells{values: map[[2]string][]float64{}}
	for _, r := range runs {
		if !slices.Contains(c.workloads, r.Workload) {
			c.workloads = append(c.workloads, r.Workload)
		}
		if !slices.Contains(c.variants, r.Variant) {
			c.variants = append(c.variants, r.Variant)
		}
		if r.WarmUp {
			continue
		}
		k := [2]string{r.Workload, r.Variant}
		c.values[k] = append(c.values[k], value(r))
	}
	return c
}

// Ratios computes the ratios a spec asks for over runs (of one study, or
// of several pooled), from their measured runs: one per workload and pair
// that both sides ran. The bootstrap is seeded as the reports' are, so
// that a ratio against a study's baseline is the report's.
func Ratios(runs []*record.Run, spec RatioSpec) ([]Ratio, error) {
	value, err := valueOf(spec, runs)
	if err != nil {
		return nil, err
	}
	c := groupRuns(runs, value)
	pairs := spec.Pairs
	if spec.Baseline != "" {
		if len(pairs) > 0 {
			return nil, fmt.Errorf("give a baseline or pairs, not both")
		}
		for _, v := range c.variants {
			if v != spec.Baseline {
				pairs = append(pairs, [2]string{v, spec.Baseline})
			}
		}
	}
	if len(pairs) == 0 {
		return nil, fmt.Errorf("no pairs to compare: give a baseline or pairs")
	}
	for _, p := range pairs {
		for _, v := range p {
			if !slices.Contains(c.variants, v) {
				return nil, fmt.Errorf("no variant %s; the runs have: %s", v, strings.Join(c.variants, ", "))
			}
		}
	}
	for _, wl := range spec.Workloads {
		if !slices.Contains(c.workloads, wl) {
			return nil, fmt.Errorf("no workload %s; the runs have: %s", wl, strings.Join(c.workloads, ", "))
		}
	}
	var out []Ratio
	for _, wl := range c.workloads {
		if len(spec.Workloads) > 0 && !slices.Contains(spec.Workloads, wl) {
			continue
		}
		for _, p := range pairs {
			a, b := c.values[[2]string{wl, p[0]}], c.values[[2]string{wl, p[1]}]
			if len(a) == 0 || len(b) == 0 {
				continue
			}
			out = append(out, Ratio{
				Workload: wl, Variant: p[0], Reference: p[1],
				N: len(a), RefN: len(b),
				Median: stats.Median(a), RefMedian: stats.Median(b),
				Ratio: stats.BootstrapRatio(b, a, bootstrapIters, 0.95, stats.Seed(wl, p[0], spec.Metric)),
				Test:  stats.MannWhitney(a, b),
			})
		}
	}
	return out, nil
}

// WriteRatios writes ratios as a Markdown table.
func WriteRatios(w io.Writer, metric string, rs []Ratio) {
	fmt.Fprintf(w, "| workload | variant | n | median %s | against | n | median | ratio | 95%% CI | U | p |\n", metric)
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %d | %s | %s | [%s, %s] | %s | %s |\n",
			r.Workload, r.Variant, r.N, report.Num(r.Median), r.Reference, r.RefN, report.Num(r.RefMedian),
			report.Num(r.Ratio.Ratio), report.Num(r.Ratio.Lo), report.Num(r.Ratio.Hi), report.Num(r.Test.U), report.Num(r.Test.P))
	}
}
