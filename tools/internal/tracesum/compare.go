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
	"sort"
)

// compareView sets several blocks' figures side by side on the HTML page:
// one row per block in every chart, on a common scale, so that a range of
// blocks or a study's traced runs (one per group depth, say) compare at a
// glance.
type compareView struct {
	Blocks  []*blockView
	Time    *stackChart // time breakdown per block
	Sources *stackChart // fetches by source per block, shares
	Heat    *heatmap    // fetches by depth per block
	Bytes   *pairChart  // bytes read and written per block
	Rehash  *pairChart  // nodes hashed and hash ops per block
	Legend  []legendItem
	SrcKeys []legendItem
}

type legendItem struct{ Name, Color string }

// stackChart is one stacked horizontal bar per block.
type stackChart struct {
	Height int
	Rows   []stackRow
	Ticks  []tick
}

type stackRow struct {
	Label string
	Y     float64
	Segs  []stackSeg
	Value string // right of the bar
	EndX  float64
}

type stackSeg struct {
	Name, Color, Title string
	X, W               float64
}

// The time breakdown rows stacked, in order.
var stackedRows = []string{rowExecution, rowReads, rowUpdate, rowRehash, rowCommit, rowTriedb, rowOther}

func newCompareView(blocks []*blockView) *compareView {
	c := &compareView{Blocks: blocks}
	for _, name := range stackedRows {
		c.Legend = append(c.Legend, legendItem{name, phaseColor(name)})
	}
	c.Time = timeStack(blocks)
	c.Sources, c.SrcKeys = sourceStack(blocks)
	c.Heat = newHeatmap(blocks)
	c.Bytes = newPairChart(blocks, "read", "written", func(s *Summary) (int64, int64) { return s.Bytes.Read, s.Bytes.Written }, size)
	c.Rehash = newPairChart(blocks, "nodes hashed", "hash ops", func(s *Summary) (int64, int64) { return s.Rehash.NodesHashed, s.Rehash.HashOps }, commas)
	return c
}

// barSpan is the width the stacked and paired bars may take.
const barSpan = chartWidth - labelWidth - valueMargin

func timeStack(blocks []*blockView) *stackChart {
	var longest float64
	for _, b := range blocks {
		if t := b.S.Time; len(t) > 0 && t[0].SpanUS != nil {
			longest = math.Max(longest, *t[0].SpanUS)
		}
	}
	c := &stackChart{Height: axisHeight + len(blocks)*rowHeight + 4}
	if longest <= 0 {
		return c
	}
	scale := barSpan / longest
	for i, b := range blocks {
		row := stackRow{Label: b.Label, Y: float64(axisHeight + i*rowHeight)}
		x := float64(labelWidth)
		for _, t := range b.S.Time[1:] {
			if t.SpanUS == nil || *t.SpanUS <= 0 {
				continue
			}
			w := *t.SpanUS * scale
			row.Segs = append(row.Segs, stackSeg{Name: t.Name, Color: phaseColor(t.Name), X: x, W: w,
				Title: fmt.Sprintf("%s: %s ms (%s%%)", t.Name, ms(t.SpanUS), pct(t.SpanPct))})
			x += w
		}
		row.EndX = x + 4
		row.Value = ms(b.S.Time[0].SpanUS) + " ms"
		c.Rows = append(c.Rows, row)
	}
	for _, t := range niceTicks(longest/1e3, 8) {
		c.Ticks = append(c.Ticks, tick{X: labelWidth + t*1e3*scale, Label: trimFloat(t)})
	}
	return c
}

// sourceStack draws each block's fetches by source as shares of its fetches.
func sourceStack(blocks []*blockView) (*stackChart, []legendItem) {
	seen := map[string]bool{}
	var keys []string
	for _, b := range blocks {
		if b.S.Fetches == nil {
			continue
		}
		for _, g := range b.S.Fetches.BySource {
			if !seen[g.Key] {
				seen[g.Key] = true
				keys = append(keys, g.Key)
			}
		}
	}
	if len(keys) == 0 {
		return nil, nil // no block traced at node level
	}
	sort.SliceStable(keys, func(i, j int) bool { return bySource(keys[i], keys[j], nil, nil) })
	legend := make([]legendItem, len(keys))
	for i, k := range keys {
		legend[i] = legendItem{k, sourceColor(k)}
	}
	c := &stackChart{Height: axisHeight + len(blocks)*rowHeight + 4}
	for i, b := range blocks {
		row := stackRow{Label: b.Label, Y: float64(axisHeight + i*rowHeight)}
		fs := b.S.Fetches
		if fs == nil || fs.Spans == 0 {
			row.Value, row.EndX = "no fetch spans", labelWidth+4
			c.Rows = append(c.Rows, row)
			continue
		}
		x := float64(labelWidth)
		for _, g := range fs.BySource {
			share := float64(g.Count) / float64(fs.Spans)
			w := share * barSpan
			row.Segs = append(row.Segs, stackSeg{Name: g.Key, Color: sourceColor(g.Key), X: x, W: w,
				Title: fmt.Sprintf("%s: %s fetches (%.1f%%), %s ms", g.Key, commas(g.Count), 100*share, msv(g.TimeUS))})
			x += w
		}
		row.EndX, row.Value = x+4, commas(fs.Spans)+" fetches"
		c.Rows = append(c.Rows, row)
	}
	for _, t := range []float64{0, 25, 50, 75, 100} {
		c.Ticks = append(c.Ticks, tick{X: labelWidth + t/100*barSpan, Label: fmt.Sprintf("%.0f%%", t)})
	}
	return c, legend
}

func msv(us float64) string { return ms(&us) }

// heatmap shows the fetches of every block (rows) per trie depth (columns),
// shaded by the share of the block's fetches at that depth.
type heatmap struct {
	Kind, Unit string
	Width      int
	Height     int
	Cols       []tick // depth labels
	Cells      []heatCell
	Labels     []stackRow // the block labels, reusing Label and Y
	CellW      float64
}

type heatCell struct {
	X, Y, W, H float64
	TX         float64 // centre, for the count
	Fill       string
	Text       string
	Title      string
	TextDark   bool
}

func newHeatmap(blocks []*blockView) *heatmap {
	depths := map[int64]bool{}
	kind := ""
	for _, b := range blocks {
		if b.S.Fetches == nil {
			continue
		}
		for _, d := range b.S.Fetches.ByDepth {
			depths[d.Depth] = true
			if kind == "" {
				kind = d.Kind
			} else if kind != d.Kind {
				kind = "mixed"
			}
		}
	}
	if len(depths) == 0 {
		return nil
	}
	var cols []int64
	for d := range depths {
		cols = append(cols, d)
	}
	sort.Slice(cols, func(i, j int) bool { return cols[i] < cols[j] })
	h := &heatmap{Kind: kind, Unit: depthUnit(kind), Width: chartWidth}
	h.CellW = math.Min(float64(chartWidth-labelWidth)/float64(len(cols)), 60)
	index := map[int64]int{}
	for i, d := range cols {
		index[d] = i
		h.Cols = append(h.Cols, tick{X: labelWidth + (float64(i)+0.5)*h.CellW, Label: fmt.Sprint(d)})
	}
	for r, b := range blocks {
		y := float64(axisHeight + r*rowHeight)
		h.Labels = append(h.Labels, stackRow{Label: b.Label, Y: y})
		fs := b.S.Fetches
		if fs == nil || fs.Spans == 0 {
			continue
		}
		counts := map[int64]int64{}
		for _, d := range fs.ByDepth {
			counts[d.Depth] += d.Count
		}
		for d, n := range counts {
			share := float64(n) / float64(fs.Spans)
			cell := heatCell{X: labelWidth + float64(index[d])*h.CellW, Y: y, W: h.CellW - 1, H: rowHeight - 2,
				Fill: heatColor(share), Title: fmt.Sprintf("%s, depth %d: %s fetches (%.1f%%)", b.Label, d, commas(n), 100*share), TextDark: share < 0.35}
			cell.TX = cell.X + cell.W/2
			if h.CellW >= 34 {
				cell.Text = compactCount(n)
			}
			h.Cells = append(h.Cells, cell)
		}
	}
	sort.Slice(h.Cells, func(i, j int) bool {
		if h.Cells[i].Y != h.Cells[j].Y {
			return h.Cells[i].Y < h.Cells[j].Y
		}
		return h.Cells[i].X < h.Cells[j].X
	})
	h.Height = axisHeight + len(blocks)*rowHeight + 4
	return h
}

// heatColor shades from pale to deep blue with the share (0..1).
func heatColor(share float64) string {
	t := math.Sqrt(math.Min(math.Max(share, 0), 1))
	mix := func(a, b float64) int { return int(a + (b-a)*t) }
	return fmt.Sprintf("rgb(%d,%d,%d)", mix(239, 23), mix(243, 64), mix(255, 130))
}

// compactCount writes a count in at most five characters: 950, 12.3k, 1.2M.
func compactCount(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 100_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	case n < 1_000_000:
		return fmt.Sprintf("%.0fk", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1fM", float64(n)/1e6)
}

// pairChart draws two figures per block as a pair of thin bars.
type pairChart struct {
	A, B   string // the figures' names
	Height int
	Rows   []pairRow
}

type pairRow struct {
	Label        string
	Y            float64
	AW, BW       float64
	AText, BText string
	AEndX, BEndX float64
}

func newPairChart(blocks []*blockView, a, b string, get func(*Summary) (int64, int64), format func(int64) string) *pairChart {
	var largest int64
	for _, bv := range blocks {
		x, y := get(bv.S)
		largest = max(largest, x, y)
	}
	c := &pairChart{A: a, B: b, Height: len(blocks)*rowHeight + 8}
	for i, bv := range blocks {
		x, y := get(bv.S)
		row := pairRow{Label: bv.Label, Y: float64(4 + i*rowHeight), AText: format(x), BText: format(y)}
		if largest > 0 {
			row.AW = barSpan * float64(x) / float64(largest)
			row.BW = barSpan * float64(y) / float64(largest)
		}
		row.AEndX, row.BEndX = labelWidth+row.AW+4, labelWidth+row.BW+4
		c.Rows = append(c.Rows, row)
	}
	return c
}
