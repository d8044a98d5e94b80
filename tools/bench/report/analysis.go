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
	"slices"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/stats"
)

// Cell is one configuration's measured runs (warm-ups excluded) and the
// summary of each metric over them.
type Cell struct {
	Workload  string                   `json:"workload"`
	Variant   string                   `json:"variant"`
	Runs      []*record.Run            `json:"-"`
	Summaries map[string]stats.Summary `json:"summaries"`
}

// values returns the cell's per-run values of a metric.
func (c *Cell) values(m metrics.Metric) []float64 {
	out := make([]float64, len(c.Runs))
	for i, r := range c.Runs {
		out[i] = m.Value(r)
	}
	return out
}

// Comparison is a variant against the baseline on one workload and metric.
type Comparison struct {
	Workload string        `json:"workload"`
	Variant  string        `json:"variant"`
	Baseline string        `json:"baseline"`
	Metric   string        `json:"metric"`
	Test     stats.UTest   `json:"mann_whitney"`
	Ratio    stats.RatioCI `json:"ratio"` // variant median over baseline median
}

// Analysis is a study's statistics.
type Analysis struct {
	Workloads   []string         `json:"workloads"`
	Variants    []string         `json:"variants"`
	Baseline    string           `json:"baseline"`
	Cells       map[string]*Cell `json:"cells"` // by workload + "/" + variant
	Comparisons []Comparison     `json:"comparisons"`
}

// bootstrapIters is the number of bootstrap resamples per ratio.
const bootstrapIters = 10000

// Analyze groups runs into cells, summarizes every metric and compares each
// variant with the baseline on every workload. An empty or unknown baseline
// means the first variant.
func Analyze(runs []*record.Run, baseline string) *Analysis {
	a := &Analysis{Cells: map[string]*Cell{}}
	for _, r := range runs {
		if !slices.Contains(a.Workloads, r.Workload) {
			a.Workloads = append(a.Workloads, r.Workload)
		}
		if !slices.Contains(a.Variants, r.Variant) {
			a.Variants = append(a.Variants, r.Variant)
		}
		if r.WarmUp {
			continue
		}
		key := r.Workload + "/" + r.Variant
		cell := a.Cells[key]
		if cell == nil {
			cell = &Cell{Workload: r.Workload, Variant: r.Variant, Summaries: map[string]stats.Summary{}}
			a.Cells[key] = cell
		}
		cell.Runs = append(cell.Runs, r)
	}
	a.Baseline = baseline
	if !slices.Contains(a.Variants, baseline) && len(a.Variants) > 0 {
		a.Baseline = a.Variants[0]
	}
	for _, cell := range a.Cells {
		for _, m := range metrics.All() {
			cell.Summaries[m.Name] = stats.Summarize(cell.values(m))
		}
	}
	a.compare()
	return a
}

// compare fills the comparisons of every variant with the baseline.
func (a *Analysis) compare() {
	for _, wl := range a.Workloads {
		base := a.Cell(wl, a.Baseline)
		if base == nil {
			continue
		}
		for _, v := range a.Variants {
			cell := a.Cell(wl, v)
			if v == a.Baseline || cell == nil {
				continue
			}
			for _, m := range metrics.All() {
				x, y := base.values(m), cell.values(m)
				a.Comparisons = append(a.Comparisons, Comparison{
					Workload: wl, Variant: v, Baseline: a.Baseline, Metric: m.Name,
					Test:  stats.MannWhitney(y, x),
					Ratio: stats.BootstrapRatio(x, y, bootstrapIters, 0.95, stats.Seed(wl, v, m.Name)),
				})
			}
		}
	}
}

// Cell returns the cell of a workload and variant, or nil.
func (a *Analysis) Cell(workload, variant string) *Cell {
	return a.Cells[workload+"/"+variant]
}

// Comparison returns the comparison of a variant on a workload and metric.
func (a *Analysis) Comparison(workload, variant, metric string) (Comparison, bool) {
	for _, c := range a.Comparisons {
		if c.Workload == workload && c.Variant == variant && c.Metric == metric {
			return c, true
		}
	}
	return Comparison{}, false
}
