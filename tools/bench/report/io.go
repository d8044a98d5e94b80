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
	"math"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"statelab/tools/bench/bytesize"
	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/stats"
)

// ioMetrics are the columns of the report's I/O table, in order.
var ioMetrics = []string{"disk_kb_per_slot", "disk_reads_per_slot", "read_syscalls_per_slot", "page_cache_hit_pct",
	"disk_read_us", "pebble_block_hit_pct", "node_fetches_per_slot", "disk_node_fetches_per_slot", "mem_peak_mb"}

// writeIOSection writes what the state reads cost the disk: per workload
// and variant, the medians of the I/O metrics, with what a slot is on that
// workload (read, written or either), and the memory bound's figures.
func writeIOSection(w io.Writer, a *Analysis, runs []*record.Run) {
	var cols []metrics.Metric
	for _, name := range ioMetrics {
		m, _ := metrics.ByName(name)
		for _, c := range a.Cells {
			if !math.IsNaN(c.Summaries[name].Median) {
				cols = append(cols, m)
				break
			}
		}
	}
	if len(cols) == 0 {
		return
	}
	fmt.Fprintf(w, "## I/O per state operation\n\n")
	fmt.Fprintf(w, "Medians of the measured runs. A slot is a storage slot read or written by the workload (manifest counts): per slot read on a read-only workload, per slot written on a write-only one. Disk KB come from `/proc/PID/io` read_bytes; disk reads and the page-cache hit rate (the share of geth's read syscalls the page cache served: 1 - disk reads / read syscalls) from the run's cgroup; the device's mean time per read from `/proc/diskstats` (device-wide, over the run: tens of microseconds for a local SSD, hundreds for a network disk, less when the host under a virtual machine still caches the datadir copied for the run); pebble's block cache hit rate from the statistics geth import prints at exit; node fetches by source from the block traces of runs at telemetry level node.\n\n")
	fmt.Fprintf(w, "| workload | slots are | variant |")
	for _, m := range cols {
		fmt.Fprintf(w, " %s |", m.Unit)
	}
	fmt.Fprintf(w, "\n|---|---|---|%s\n", strings.Repeat("---|", len(cols)))
	for _, wl := range a.Workloads {
		for _, v := range a.Variants {
			c := a.Cell(wl, v)
			if c == nil {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %s |", wl, slotKind(c.Runs), v)
			for _, m := range cols {
				fmt.Fprintf(w, " %s |", cellText(c, m))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w)
	writeBoundSummary(w, runs)
}

// slotKind says what the slots of a workload's runs are.
func slotKind(runs []*record.Run) string {
	if len(runs) == 0 {
		return "-"
	}
	r := runs[0]
	switch {
	case r.SlotReads > 0 && r.SlotWrites == 0:
		return "read"
	case r.SlotWrites > 0 && r.SlotReads == 0:
		return "written"
	case r.SlotReads > 0:
		return fmt.Sprintf("read or written (%.0f%% read)", 100*float64(r.SlotReads)/float64(r.SlotReads+r.SlotWrites))
	}
	return "loaded or updated (per-block JSON)"
}

// writeBoundSummary states the memory bound of the bounded runs: limit,
// peaks, and in how many runs usage reached the limit.
func writeBoundSummary(w io.Writer, runs []*record.Run) {
	var bounded, reached, hits, refaults int64
	var lo, hi, peak, anon int64
	for _, r := range runs {
		if r.Bound == nil || r.Bound.Limit == 0 {
			continue // unbounded, or an accounting-only warm-up
		}
		bounded++
		if r.Bound.Reached {
			reached++
		}
		hits += r.Bound.LimitHits
		refaults += r.Bound.End.RefaultFile
		if lo == 0 || r.Bound.Limit < lo {
			lo = r.Bound.Limit
		}
		hi = max(hi, r.Bound.Limit)
		peak = max(peak, r.Bound.Peak)
		anon = max(anon, r.Bound.Sampled.Anon)
	}
	if bounded == 0 {
		return
	}
	b := runs[slices.IndexFunc(runs, func(r *record.Run) bool { return r.Bound != nil && r.Bound.Limit > 0 })].Bound
	fmt.Fprintf(w, "Memory bound: cgroup v%d, limit %s; highest usage %s, highest process memory (anon) %s; the limit was reached in %d of %d bounded runs (%d reclaim events at the limit); %d page-cache refaults (misses on pages the bound had evicted) in all. Warm runs, the in-memory reference, run unbounded.\n\n",
		b.Version, rangeText(lo, hi, bytesize.MiB), bytesize.MiB(peak), bytesize.MiB(anon), reached, bounded, hits, refaults)
}

// modelMeasuresOf gathers the medians the scale-model table shows.
func modelMeasuresOf(runs []*record.Run) modelMeasures {
	var process, left, hit []float64
	mm := modelMeasures{hitPct: math.NaN()}
	for _, r := range runs {
		if r.Bound == nil || r.WarmUp || r.Bound.Limit == 0 {
			continue
		}
		mm.runs++
		if r.Bound.Reached {
			mm.reached++
		}
		process = append(process, float64(r.Bound.Sampled.NonFile))
		left = append(left, float64(r.Bound.Limit-r.Bound.Sampled.NonFile))
		hit = append(hit, metrics.PageCacheHitPct(r))
	}
	if mm.runs > 0 {
		mm.process = stats.Summarize(process).Median
		mm.pageLeft = stats.Summarize(left).Median
		mm.hitPct = stats.Summarize(hit).Median
	}
	return mm
}

// shareKinds are the per-block disk-read shares the report plots: by
// operations and by bytes (see metrics.BlockShare).
var shareKinds = []struct {
	file, title, axis string
	of                func(metrics.BlockShare) float64
}{
	{"disk_read_share_", "disk-read share per block", "disk reads / read syscalls", func(s metrics.BlockShare) float64 { return s.Share }},
	{"disk_byte_share_", "disk-byte share per block", "disk bytes / bytes read by syscalls", func(s metrics.BlockShare) float64 { return s.Bytes }},
}

// writeSharePlots draws, per workload, the disk-read shares of every block
// (disk reads over read syscalls, and disk bytes over the bytes read by
// syscalls, between two per-block JSON lines): one line per variant, the
// median over its measured runs at each block. A run in the I/O-bound
// regime stays high over the whole run; one whose state fits in memory
// falls to zero as the page cache fills. It returns the files written.
func writeSharePlots(dir string, a *Analysis) ([]string, error) {
	var files []string
	for _, kind := range shareKinds {
		for _, wl := range a.Workloads {
			p := plot.New()
			p.Title.Text = kind.title + ", " + wl
			p.X.Label.Text = "block of the run"
			p.Y.Label.Text = kind.axis
			p.Legend.Top = true
			any := false
			for i, v := range a.Variants {
				c := a.Cell(wl, v)
				if c == nil {
					continue
				}
				pts := medianShares(c.Runs, kind.of)
				if len(pts) == 0 {
					continue
				}
				any = true
				line, err := plotter.NewLine(pts)
				if err != nil {
					return nil, err
				}
				line.Color = plotutil.Color(i)
				line.Dashes = plotutil.Dashes(i)
				p.Add(line)
				p.Legend.Add(v, line)
			}
			if !any {
				continue
			}
			p.Add(plotter.NewGrid())
			p.Y.Min, p.Y.Max = 0, 1.3 // a share; room above for the legend
			file := kind.file + wl + ".png"
			if err := p.Save(7*vg.Inch, 4*vg.Inch, filepath.Join(dir, file)); err != nil {
				return nil, fmt.Errorf("plot %s: %v", file, err)
			}
			files = append(files, file)
		}
	}
	return files, nil
}

// medianShares is the median of one disk-read share at each block over
// runs; the first block, which carries start-up, is left out.
func medianShares(runs []*record.Run, of func(metrics.BlockShare) float64) plotter.XYs {
	var per [][]float64
	for _, r := range runs {
		for _, s := range metrics.DiskReadShares(r) {
			v := of(s)
			if s.Block == 0 || math.IsNaN(v) {
				continue
			}
			for len(per) <= s.Block {
				per = append(per, nil)
			}
			per[s.Block] = append(per[s.Block], v)
		}
	}
	var pts plotter.XYs
	for i, xs := range per {
		if len(xs) == 0 {
			continue
		}
		pts = append(pts, plotter.XY{X: float64(i + 1), Y: stats.Summarize(xs).Median})
	}
	return pts
}

// writeShareTable states, per workload and variant, the disk-byte share of
// the run's first and last quarter of blocks and of the whole run (the
// first block, which carries start-up, left out), medians over the
// measured runs: a run that warms up to a cached steady state shows a last
// quarter far below its first.
func writeShareTable(w io.Writer, a *Analysis) {
	fmt.Fprintf(w, "Disk bytes over bytes read by syscalls, by quarter of the run (blocks 2 to n; medians over the measured runs):\n\n")
	fmt.Fprintf(w, "| workload | variant | blocks | first quarter | last quarter | whole run |\n|---|---|---|---|---|---|\n")
	for _, wl := range a.Workloads {
		for _, v := range a.Variants {
			c := a.Cell(wl, v)
			if c == nil {
				continue
			}
			var first, last, whole []float64
			n := 0
			for _, r := range c.Runs {
				b := len(r.BlockIO)
				if b < 5 {
					continue
				}
				n = b
				q := (b - 1) / 4
				first = append(first, metrics.BytesShare(r, 1, 1+q))
				last = append(last, metrics.BytesShare(r, b-q, b))
				whole = append(whole, metrics.BytesShare(r, 1, b))
			}
			if len(whole) == 0 {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s |\n", wl, v, n, sharesText(first), sharesText(last), sharesText(whole))
		}
	}
	fmt.Fprintln(w)
}

// sharesText is the median of shares as a percentage, "-" if none is known.
func sharesText(xs []float64) string {
	xs = slices.DeleteFunc(slices.Clone(xs), math.IsNaN)
	if len(xs) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*stats.Summarize(xs).Median)
}
