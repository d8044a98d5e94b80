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
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/stats"
)

// plotMetrics are the metrics plotted for every study.
var plotMetrics = []string{"ms_per_slot", "total_ms", "mgas_s", "state_read_ms", "state_hash_ms", "commit_ms", "storage_hit_pct", "bal_prefetch_ms"}

// errPoints are medians with error bars, for gonum's YErrorBars.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// writePlots draws one PNG per plotted metric: the median of each variant
// (x axis, in study order) per workload (one line each), with error bars of
// the 95% CI of the median or, with fewer than 6 runs, the min-max range. It
// returns the file names written, relative to dir.
func writePlots(dir string, a *Analysis) ([]string, error) {
	var files []string
	for _, name := range plotMetrics {
		m, _ := metrics.ByName(name)
		p, ok, err := metricPlot(a, m)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // no run has the metric
		}
		file := name + ".png"
		if err := p.Save(7*vg.Inch, 4.5*vg.Inch, filepath.Join(dir, file)); err != nil {
			return nil, fmt.Errorf("plot %s: %v", file, err)
		}
		files = append(files, file)
	}
	return files, nil
}

// metricPlot builds the plot of one metric; ok is false if no cell has it.
func metricPlot(a *Analysis, m metrics.Metric) (*plot.Plot, bool, error) {
	p := plot.New()
	p.Title.Text = m.Title + " (median per variant)"
	p.X.Label.Text = "variant"
	p.Y.Label.Text = m.Unit
	nominalX(p, a.Variants)
	p.Legend.Top = true
	any, err := addWorkloadLines(p, a, func(wl string) errPoints { return workloadPoints(a, wl, m) }, 1)
	if err != nil {
		return nil, false, err
	}
	p.Add(plotter.NewGrid())
	// Leave room above the data for the legend.
	if wideRange(a, m) {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Label.Text += " (log scale)"
		p.Y.Max *= 6
	} else {
		p.Y.Min = 0 // linear axes start at zero, so that ratios read true
		p.Y.Max *= 1.45
	}
	return p, any, nil
}

// addWorkloadLines adds one line with points and error bars per workload,
// each from points(workload), skipping workloads with fewer than minPoints (at least 1)
// points. It reports whether it added any.
func addWorkloadLines(p *plot.Plot, a *Analysis, points func(string) errPoints, minPoints int) (bool, error) {
	any := false
	for i, wl := range a.Workloads {
		pts := points(wl)
		if len(pts.XYs) < minPoints {
			continue
		}
		any = true
		line, scatter, err := plotter.NewLinePoints(pts.XYs)
		if err != nil {
			return false, err
		}
		line.Color, scatter.Color, scatter.Shape = plotutil.Color(i), plotutil.Color(i), plotutil.Shape(i)
		bars, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return false, err
		}
		bars.Color = plotutil.Color(i)
		p.Add(line, scatter, bars)
		p.Legend.Add(wl, line, scatter)
	}
	return any, nil
}

// wideRange reports whether a metric's medians span more than a factor of 20
// (workloads of very different cost), which a log axis shows better.
func wideRange(a *Analysis, m metrics.Metric) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range a.Cells {
		s := c.Summaries[m.Name]
		if math.IsNaN(s.Median) {
			continue
		}
		l, h := s.ErrorBar()
		if l <= 0 {
			return false
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	return hi > 20*lo
}

// workloadPoints collects a workload's medians and error bars by variant.
func workloadPoints(a *Analysis, wl string, m metrics.Metric) errPoints {
	var pts errPoints
	for x, v := range a.Variants {
		cell := a.Cell(wl, v)
		if cell == nil {
			continue
		}
		s := cell.Summaries[m.Name]
		if math.IsNaN(s.Median) {
			continue
		}
		lo, hi := s.ErrorBar()
		pts.XYs = append(pts.XYs, plotter.XY{X: float64(x), Y: s.Median})
		pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{s.Median - lo, hi - s.Median})
	}
	return pts
}

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
	nominalX(p, a.Variants)
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
			c, ok := a.Comparison(wl, v, m.Name)
			if !ok {
				continue
			}
			r = c.Ratio
		} else if a.Cell(wl, v) == nil {
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

// nominalX names the x axis's ticks after the variants, slanting the names
// when there are too many of them to stand side by side (a study of a dozen
// variants would print them over each other).
func nominalX(p *plot.Plot, variants []string) {
	p.NominalX(variants...)
	chars := 0
	for _, v := range variants {
		chars += len(v)
	}
	if chars <= 80 {
		return
	}
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
}
