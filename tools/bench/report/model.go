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
	"path/filepath"
	"strconv"

	"statelab/tools/bench/bytesize"
	"statelab/tools/bench/study"
)

// writeModel writes the report's scale-model section: the node and the
// run side by side, with their ratios to the state.
func writeModel(w io.Writer, m *study.Model, measured modelMeasures) {
	if m == nil || (m.MemLimit == 0 && !m.Calibrate && m.Node == nil) {
		return
	}
	lo, hi := m.LimitRange()
	fmt.Fprintf(w, "## Scale model\n\n")
	pct := func(a, b float64) string {
		if a <= 0 || b <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f%%", 100*a/b)
	}
	n := m.Node
	if n == nil {
		n = &study.Node{}
	}
	fmt.Fprintf(w, "| | node: %s | this run | \n|---|---|---|\n", orDash(n.Name))
	fmt.Fprintf(w, "| state (datadir) | %s | %s (`%s`) |\n", orDash(n.State), bytesize.MiB(m.RefBytes), filepath.Base(m.RefDatadir))
	fmt.Fprintf(w, "| memory: RAM / cgroup limit | %s | %s |\n", orDash(n.RAM), rangeText(lo, hi, sizeOrUnbounded))
	fmt.Fprintf(w, "| memory / state | %s | %s |\n", pct(float64(n.RAMBytes()), float64(n.StateBytes())), rangeText(lo, hi, func(b int64) string { return pct(float64(b), float64(m.RefBytes)) }))
	fmt.Fprintf(w, "| geth's own memory | %s | %s |\n", sizeOrDash(n.ProcessBytes()), processText(measured))
	fmt.Fprintf(w, "| page cache left for the state / state | %s | %s |\n", pct(float64(n.RAMBytes()-n.ProcessBytes()), float64(n.StateBytes())), pageText(m, measured))
	fmt.Fprintf(w, "| geth `--cache` | %s | %s |\n", CacheText(n.CacheMB), CacheText(m.GethCache))
	fmt.Fprintf(w, "| `--cache` / state | %s | %s |\n", pct(float64(int64(n.CacheMB)<<20), float64(n.StateBytes())), pct(float64(int64(m.GethCache)<<20), float64(m.RefBytes)))
	fmt.Fprintf(w, "| gas per block | %s | %s |\n", gasText(n.BlockGas), gasText(m.BlockGas))
	fmt.Fprintf(w, "| blocks per run | %s | %d |\n", intOrDash(n.BlocksPerRun), m.Blocks)
	fmt.Fprintf(w, "| disk readahead | %s | %s |\n", kbText(n.ReadaheadKB), kbText(m.Readahead))
	if measured.runs > 0 {
		fmt.Fprintf(w, "| page-cache hit rate of read syscalls | - | %s |\n", pctText(measured.hitPct))
		fmt.Fprintf(w, "| bound reached (runs) | - | %d of %d |\n", measured.reached, measured.runs)
	}
	if m.Calibrate {
		fmt.Fprintf(w, "\nThe limits were calibrated per configuration: geth's own memory in that configuration (cgroup usage less page cache, peak of its warm-up run, which ran in a cgroup that accounts without a limit) times %.2f, plus the same page-cache budget for all, the node's page-cache share of its state (%.2f%%) times the reference datadir: %s. Geth's own memory does not shrink with the state (here it is %s), so a limit of the node's memory-to-state ratio would leave a small state no page cache at all, and one limit for all would give a design that needs less memory more page cache.\n",
			study.CalibrationMargin, 100*m.PageShare, bytesize.MiB(m.PageBudget), processRange(m))
	}
	fmt.Fprintf(w, "\nThe bound is a memory cgroup around geth: its own memory and the page cache it fills count against the limit, so the page cache holds at most what the limit leaves after geth's memory. Pebble opens its tables with `POSIX_FADV_RANDOM`, which turns the kernel's readahead off for them: the device readahead applies to the block files and logs, not to the state's point reads, here and on the node alike.\n\n")
}

// modelMeasures are the medians of the bounded runs that the model table
// sets beside the node.
type modelMeasures struct {
	runs, reached int
	process       float64 // median peak of geth's own memory (usage less page cache)
	pageLeft      float64 // median of limit less that peak: the page cache the state had
	hitPct        float64 // median page-cache hit rate, NaN without disk accounting
}

// processText is geth's own memory in the bounded runs.
func processText(measured modelMeasures) string {
	if measured.runs == 0 {
		return "-"
	}
	return fmt.Sprintf("%s (median peak of the bounded runs)", bytesize.MiB(int64(measured.process)))
}

// pageText is the page cache the state had over the state: measured in
// the bounded runs, else as configured.
func pageText(m *study.Model, measured modelMeasures) string {
	if m.RefBytes <= 0 {
		return "-"
	}
	if measured.runs > 0 {
		return fmt.Sprintf("%.2f%% (median of the bounded runs: limit less geth's peak)", 100*measured.pageLeft/float64(m.RefBytes))
	}
	if m.Calibrate {
		return fmt.Sprintf("%.2f%% (budget)", 100*float64(m.PageBudget)/float64(m.RefBytes))
	}
	return "-"
}

// rangeText formats lo..hi with f, or one value when they are equal.
func rangeText(lo, hi int64, f func(int64) string) string {
	if lo == hi {
		return f(lo)
	}
	return f(lo) + " to " + f(hi)
}

// processRange is the range of geth's own memory over the configurations.
func processRange(m *study.Model) string {
	var lo, hi int64
	for _, p := range m.Processes {
		if lo == 0 || p < lo {
			lo = p
		}
		hi = max(hi, p)
	}
	return rangeText(lo, hi, bytesize.MiB)
}

func sizeOrDash(b int64) string {
	if b <= 0 {
		return "-"
	}
	return bytesize.MiB(b)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func intOrDash(n int) string {
	if n <= 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func sizeOrUnbounded(b int64) string {
	if b <= 0 {
		return "unbounded"
	}
	return bytesize.MiB(b)
}

// CacheText describes geth's --cache setting of a run or a node.
func CacheText(mb int) string {
	if mb <= 0 {
		return "geth's default"
	}
	return fmt.Sprintf("%d MiB", mb)
}

func gasText(g uint64) string {
	if g == 0 {
		return "dumpgen's default (100M)"
	}
	return fmt.Sprintf("%.3gM", float64(g)/1e6)
}

func kbText(kb int) string {
	if kb < 0 {
		return "-"
	}
	return fmt.Sprintf("%d KiB", kb)
}

func pctText(p float64) string {
	if p != p { // NaN
		return "- (no per-cgroup disk accounting)"
	}
	return fmt.Sprintf("%.1f%%", p)
}
