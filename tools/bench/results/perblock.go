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
	"strings"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/stats"
)

// BlockMedians is one workload and variant's median of a blocks-table
// column at each block, over its measured runs: where in a run the time
// goes (the first block's cold write path, the blocks after pathdb's
// layers fill).
type BlockMedians struct {
	Workload, Variant string
	Runs              int
	Medians           []float64 // by block, from block 1; NaN where no run has the block
}

// First is the median of block 1.
func (b BlockMedians) First() float64 {
	if len(b.Medians) == 0 {
		return math.NaN()
	}
	return b.Medians[0]
}

// Mean is the mean of the medians of blocks from to to (1-based, both
// included, to clamped to the run), NaN blocks left out.
func (b BlockMedians) Mean(from, to int) float64 {
	var sum float64
	n := 0
	for i := max(from, 1) - 1; i < min(to, len(b.Medians)); i++ {
		if !math.IsNaN(b.Medians[i]) {
			sum += b.Medians[i]
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// PerBlock computes the per-block medians of a column of the blocks table
// for every workload and variant of runs, in the order they ran.
func PerBlock(runs []*record.Run, column string) ([]BlockMedians, error) {
	value, ok := blockValues[column]
	if !ok {
		return nil, fmt.Errorf("no column %s in the blocks table: want one of %s", column, strings.Join(BlockColumnNames(), ", "))
	}
	byCell := map[[2]string][]*record.Run{}
	c := groupRuns(runs, func(*record.Run) float64 { return 0 })
	for _, r := range runs {
		if !r.WarmUp {
			k := [2]string{r.Workload, r.Variant}
			byCell[k] = append(byCell[k], r)
		}
	}
	var out []BlockMedians
	for _, wl := range c.workloads {
		for _, v := range c.variants {
			cell := byCell[[2]string{wl, v}]
			if len(cell) == 0 {
				continue
			}
			bm := BlockMedians{Workload: wl, Variant: v, Runs: len(cell)}
			for i := 0; ; i++ {
				var xs []float64
				for _, r := range cell {
					if i < len(r.Blocks) {
						if x, ok := value(&r.Blocks[i]); ok {
							xs = append(xs, x)
						}
					}
				}
				if !hasBlock(cell, i) {
					break
				}
				if len(xs) == 0 {
					bm.Medians = append(bm.Medians, math.NaN())
					continue
				}
				bm.Medians = append(bm.Medians, stats.Median(xs))
			}
			out = append(out, bm)
		}
	}
	return out, nil
}

// hasBlock reports whether any run has a block at index i.
func hasBlock(runs []*record.Run, i int) bool {
	for _, r := range runs {
		if i < len(r.Blocks) {
			return true
		}
	}
	return false
}

// Segment is a range of blocks, from 1, both ends included.
type Segment struct{ From, To int }

// ParseSegment parses "FROM-TO" (e.g. "129-300").
func ParseSegment(s string) (Segment, error) {
	var seg Segment
	if _, err := fmt.Sscanf(s, "%d-%d", &seg.From, &seg.To); err != nil || seg.From < 1 || seg.To < seg.From {
		return seg, fmt.Errorf("segment %q: want FROM-TO, blocks from 1, e.g. 129-300", s)
	}
	return seg, nil
}

// WriteBlockTable writes per-block medians as a Markdown table: block 1,
// the mean of blocks 2 to n and of every block, the mean over each
// segment, and with each, the median of every block.
func WriteBlockTable(w io.Writer, column string, bms []BlockMedians, segments []Segment, each bool) {
	fmt.Fprintf(w, "| workload | variant | runs | blocks | block 1 %s | blocks 2-n, mean | all blocks, mean |", column)
	for _, seg := range segments {
		fmt.Fprintf(w, " blocks %d-%d |", seg.From, seg.To)
	}
	if each {
		fmt.Fprintf(w, " per block |")
	}
	fmt.Fprintf(w, "\n|---|---|---|---|---|---|---|%s%s\n", strings.Repeat("---|", len(segments)), map[bool]string{true: "---|"}[each])
	for _, b := range bms {
		n := len(b.Medians)
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s | %s | %s |", b.Workload, b.Variant, b.Runs, n,
			report.Num(b.First()), report.Num(b.Mean(2, n)), report.Num(b.Mean(1, n)))
		for _, seg := range segments {
			fmt.Fprintf(w, " %s |", report.Num(b.Mean(seg.From, seg.To)))
		}
		if each {
			var parts []string
			for _, m := range b.Medians {
				parts = append(parts, report.Num(m))
			}
			fmt.Fprintf(w, " %s |", strings.Join(parts, " "))
		}
		fmt.Fprintln(w)
	}
}
