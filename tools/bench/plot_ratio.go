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

package main

import (
	"fmt"
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/stats"
)

// writeRatioPlot draws the headline metric of every variant as a ratio to the
// baseline on the same workload (one line per workload, the baseline at 1.0),
// with error bars of the bootstrap 95% CI of the median ratio. Differences of
// a few percent, which a plot of absolute medians across workloads of very
// different cost hides, show here. It returns the file name written, or ""
// if no variant has a comparison.
func writeRatioPlot(dir string, a *Analysis, m metrics.Metric) (string, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, ratio to %s (median, 95%% CI)", m.Title, a.Baseline)
	p.X.Label.Text = "variant"
	p.Y.Label.Text = "ratio to " + a.Baseline
	p.NominalX(a.Variants...)
	p.Legend.Top = true
	any, err := addWorkloadLines(p, a, func(wl string) errPoints { return ratioPoints(a, wl, m) }, 2)
	if err != nil {
		return "", err
	}
	if !any {
		return "", nil
	}
	one := plotter.NewFunction(func(float64) float64 { return 1 })
	one.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(one, plotter.NewGrid())
	p.Y.Max += (p.Y.Max - p.Y.Min) * 0.45 // room for the legend
	file := m.Name + "_ratio.png"
	if err := p.Save(7*vg.Inch, 4.5*vg.Inch, filepath.Join(dir, file)); err != nil {
		return "", fmt.Errorf("plot %s: %v", file, err)
	}
	return file, nil
}

// ratioPoints collects a workload's median ratios to the baseline and their
// CIs by variant; the baseline itself is 1 with no error bar.
func ratioPoints(a *Analysis, wl string, m metrics.Metric) errPoints {
	var pts errPoints
	for x, v := range a.Variants {
		r := stats.RatioCI{Ratio: 1, Lo: 1, Hi: 1}
		if v != a.Baseline {
			c, ok := a.comparison(wl, v, m.Name)
			if !ok {
				continue
			}
			r = c.Ratio
		} else if a.cell(wl, v) == nil {
			continue
		}
		if math.IsNaN(r.Ratio) || math.IsInf(r.Ratio, 0) {
			continue
		}
		lo, hi := r.Lo, r.Hi
		if math.IsNaN(lo) || math.IsNaN(hi) {
			lo, hi = r.Ratio, r.Ratio
		}
		pts.XYs = append(pts.XYs, plotter.XY{X: float64(x), Y: r.Ratio})
		pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{r.Ratio - lo, hi - r.Ratio})
	}
	return pts
}
