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

package tracesum

import (
	"fmt"
	"math"
	"strings"
)

// The geometry of the HTML page's charts: Go computes every position, the
// template only draws (page/page.tmpl).

// Chart geometry, in SVG user units (pixels at 100%).
const (
	chartWidth  = 1000 // every chart's width
	labelWidth  = 250  // left column of the waterfall and of the bar charts
	rowHeight   = 22
	barHeight   = 14
	axisHeight  = 24
	valueMargin = 90 // right of the bars, for the value labels
)

// waterfallChart places a block's phase bars on a time axis.
type waterfallChart struct {
	Height int
	Ticks  []tick
	Rows   []waterfallBar
	Total  float64 // µs
}

type tick struct {
	X     float64
	Label string
}

type waterfallBar struct {
	waterfallRow
	Y, X, W, BusyW float64
	Indent         int
	Color          string
	Label          string // the duration and fetches, right of the bar, or inside or left of it near the end
	LabelX         float64
	LabelAnchor    string // text-anchor: start, end
	LabelInside    bool   // drawn in white on the bar
}

// labelRoom is the width kept for a waterfall bar's label right of it.
const labelRoom = 150

func newWaterfallChart(s *Summary) *waterfallChart {
	total := 0.0
	if len(s.Time) > 0 && s.Time[0].SpanUS != nil {
		total = *s.Time[0].SpanUS
	}
	c := &waterfallChart{Total: total}
	if len(s.Waterfall) == 0 || total <= 0 {
		return c
	}
	scale := float64(chartWidth-labelWidth-valueMargin) / total
	// The block itself, then its phases.
	rows := append([]waterfallRow{{Phase: blockOperation, Level: 0, DurationUS: total, BusyUS: total, Spans: 1}}, s.Waterfall...)
	for i, r := range rows {
		bar := waterfallBar{
			waterfallRow: r,
			Y:            float64(axisHeight + i*rowHeight),
			X:            labelWidth + r.StartUS*scale,
			W:            math.Max(r.DurationUS*scale, 1),
			BusyW:        math.Max(r.BusyUS*scale, 1),
			Indent:       8 + 12*r.Level,
			Color:        phaseColor(r.Phase),
			Label:        ms(&r.DurationUS) + " ms",
		}
		if r.Fetches > 0 {
			bar.Label += " · " + plural(r.Fetches, "fetch", "fetches")
		}
		switch {
		case bar.X+bar.W+labelRoom <= chartWidth:
			bar.LabelX, bar.LabelAnchor = bar.X+bar.W+4, "start"
		case bar.W >= labelRoom:
			bar.LabelX, bar.LabelAnchor, bar.LabelInside = bar.X+bar.W-4, "end", true
		default:
			bar.LabelX, bar.LabelAnchor = bar.X-4, "end"
		}
		c.Rows = append(c.Rows, bar)
	}
	c.Height = axisHeight + len(rows)*rowHeight + 4
	for _, t := range niceTicks(total/1e3, 8) {
		c.Ticks = append(c.Ticks, tick{X: labelWidth + t*1e3*scale, Label: trimFloat(t)})
	}
	return c
}

// depthChart is a column chart of the fetches of one trie kind per depth.
type depthChart struct {
	Kind, Unit string
	Height     int
	Cols       []depthCol
	Ticks      []tick // y axis, counts
}

type depthCol struct {
	depthGroup
	X, Y, W, H float64
	LX         float64 // centre, for the count above the column
	Label      string
}

const depthPlotHeight = 180

func newDepthCharts(depths []depthGroup) []*depthChart {
	var (
		out []*depthChart
		cur *depthChart
	)
	for _, d := range depths {
		if cur == nil || cur.Kind != d.Kind {
			cur = &depthChart{Kind: d.Kind, Unit: depthUnit(d.Kind)}
			out = append(out, cur)
		}
		cur.Cols = append(cur.Cols, depthCol{depthGroup: d})
	}
	for _, c := range out {
		var largest int64
		maxDepth := int64(0)
		for _, col := range c.Cols {
			largest = max(largest, col.Count)
			maxDepth = max(maxDepth, col.Depth)
		}
		slots := float64(maxDepth + 1)
		slot := math.Min(float64(chartWidth-60)/slots, 56)
		for i := range c.Cols {
			col := &c.Cols[i]
			col.H = float64(depthPlotHeight) * float64(col.Count) / float64(max(largest, 1))
			col.W = math.Max(slot*0.8, 2)
			col.X = 50 + float64(col.Depth)*slot + slot*0.1
			col.Y = 20 + depthPlotHeight - col.H
			col.LX = col.X + col.W/2
			col.Label = compactCount(col.Count)
		}
		for _, t := range niceTicks(float64(largest), 5) {
			c.Ticks = append(c.Ticks, tick{X: 20 + depthPlotHeight - depthPlotHeight*t/float64(max(largest, 1)), Label: commas(int64(t))})
		}
		c.Height = 20 + depthPlotHeight + 40
	}
	return out
}

// depthXLabels is how many depth labels fit under the columns.
func (c *depthChart) XLabels() []tick {
	if len(c.Cols) == 0 {
		return nil
	}
	step := int64(1)
	last := c.Cols[len(c.Cols)-1].Depth
	for (last+1)/step > 40 {
		step *= 2
	}
	var out []tick
	for _, col := range c.Cols {
		if col.Depth%step == 0 {
			out = append(out, tick{X: col.X + col.W/2, Label: fmt.Sprint(col.Depth)})
		}
	}
	return out
}

// barChart is a horizontal bar chart of fetch groups: count bars, with the
// share of fetch time beside them.
type barChart struct {
	Height int
	Bars   []hbar
}

type hbar struct {
	fetchGroup
	Name          string // the key as shown
	Y, W, TimeW   float64
	CountX, TimeX float64 // where the value labels start
	Color         string
	CountPct      float64
	TimePct       float64
}

func newBarChart(groups []fetchGroup, color func(string) string) *barChart {
	var count int64
	var us float64
	for _, g := range groups {
		count += g.Count
		us += g.TimeUS
	}
	c := &barChart{Height: len(groups)*rowHeight*2 + 8}
	width := float64(chartWidth - labelWidth - 250)
	for i, g := range groups {
		b := hbar{fetchGroup: g, Name: phasePathLabel(g.Key), Y: float64(4 + i*rowHeight*2), Color: color(g.Key)}
		if count > 0 {
			b.CountPct = 100 * float64(g.Count) / float64(count)
		}
		if us > 0 {
			b.TimePct = 100 * g.TimeUS / us
		}
		b.W = math.Max(width*b.CountPct/100, 1)
		b.TimeW = math.Max(width*b.TimePct/100, 1)
		b.CountX, b.TimeX = labelWidth+b.W+6, labelWidth+b.TimeW+6
		c.Bars = append(c.Bars, b)
	}
	return c
}

// niceTicks returns about n round values from 0 to at least top.
func niceTicks(top float64, n int) []float64 {
	if top <= 0 {
		return []float64{0}
	}
	raw := top / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := 0.0; v <= top*1.0001; v += step {
		out = append(out, v)
	}
	return out
}

// trimFloat formats a tick value without trailing zeros.
func trimFloat(v float64) string {
	s := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
	if s == "" || s == "-0" {
		return "0"
	}
	return s
}
