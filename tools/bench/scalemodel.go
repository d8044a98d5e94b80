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
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"statelab/tools/bench/bytesize"
)

// nodeModel is the node a study's memory-bounded scales stand in for
// (the study file's [node] table): a machine whose memory holds a small
// share of its state. A scale matches it when the page cache left beside
// geth, geth's --cache and the run length keep the node's ratios to the
// state.
type nodeModel struct {
	Name         string `toml:"name" json:"name"`
	RAM          string `toml:"ram" json:"ram"`                       // memory, e.g. "64GiB"
	State        string `toml:"state" json:"state"`                   // datadir size, e.g. "360GB"
	CacheMB      int    `toml:"cache_mb" json:"cache_mb"`             // geth --cache
	Process      string `toml:"process" json:"process"`               // geth's own memory on the node; default twice cache_mb
	BlockGas     uint64 `toml:"block_gas" json:"block_gas"`           // gas per block
	BlocksPerRun int    `toml:"blocks_per_run" json:"blocks_per_run"` // blocks of one measured run
	ReadaheadKB  int    `toml:"readahead_kb" json:"readahead_kb"`     // block device readahead

	ram, state, process int64
}

// parse checks the model and parses its sizes.
func (n *nodeModel) parse() error {
	var err error
	if n.ram, err = bytesize.Parse(n.RAM); err != nil {
		return fmt.Errorf("ram: %v", err)
	}
	if n.state, err = bytesize.Parse(n.State); err != nil {
		return fmt.Errorf("state: %v", err)
	}
	if n.ram >= n.state {
		return fmt.Errorf("ram %s holds the whole state %s: the model is of a node whose state does not fit in memory", n.RAM, n.State)
	}
	if n.CacheMB <= 0 || int64(n.CacheMB)<<20 >= n.ram {
		return fmt.Errorf("cache_mb %d must be positive and below ram", n.CacheMB)
	}
	n.process = 2 * int64(n.CacheMB) << 20
	if n.Process != "" {
		if n.process, err = bytesize.Parse(n.Process); err != nil {
			return fmt.Errorf("process: %v", err)
		}
	}
	if n.process >= n.ram {
		return fmt.Errorf("process %s leaves no memory for the page cache in ram %s", bytesize.MiB(n.process), n.RAM)
	}
	return nil
}

// pageShare is the share of the node's state its page cache can hold: the
// memory geth leaves over the state.
func (n *nodeModel) pageShare() float64 { return float64(n.ram-n.process) / float64(n.state) }

// cacheRatio is the node's geth --cache over its state.
func (n *nodeModel) cacheRatio() float64 { return float64(int64(n.CacheMB)<<20) / float64(n.state) }

// minGethCacheMB is the smallest --cache a scale model gives geth: pebble
// takes half of it, but allocates at least 16 MB whatever it is given.
const minGethCacheMB = 16

// scaleModel is how a study run (or A/B) stands in for its node: the
// memory bound and geth cache it gave the runs, from the node's ratios and
// the reference datadir, and what of the node it kept or did not.
type scaleModel struct {
	Node       *nodeModel `json:"node,omitempty"`
	RefDatadir string     `json:"reference_datadir,omitempty"` // prepared datadir the ratios apply to
	RefBytes   int64      `json:"reference_datadir_bytes"`
	MemLimit   int64      `json:"mem_limit"`     // bytes; 0: unbounded (or not calibrated yet)
	GethCache  int        `json:"geth_cache_mb"` // --cache given to geth; 0: geth's default
	BlockGas   uint64     `json:"block_gas"`     // gas of a workload block
	Blocks     int        `json:"blocks_per_run"`
	Readahead  int        `json:"readahead_kb"` // of the disk under the work directory; -1 unknown

	// Calibrate is set for mem_limit "auto": every configuration's limit
	// is geth's own memory in that configuration, measured in its warm-up
	// run (Processes), times calibrationMargin, plus the same page-cache
	// budget for all: the node's page-cache share of its state (PageShare)
	// times the reference datadir (PageBudget).
	Calibrate  bool             `json:"calibrated,omitempty"`
	PageShare  float64          `json:"page_share,omitempty"`
	PageBudget int64            `json:"page_budget,omitempty"`
	Processes  map[string]int64 `json:"process_peaks,omitempty"`     // by configuration label
	Limits     map[string]int64 `json:"calibrated_limits,omitempty"` // by configuration label
}

// calibrationMargin is added to the measured process memory: runs vary.
const calibrationMargin = 1.15

// calibrate sets the "auto" limit of a configuration from the highest
// memory geth itself used in its warm-up run (cgroup usage less page
// cache).
func (m *scaleModel) calibrate(label string, process int64) int64 {
	if m.Processes == nil {
		m.Processes, m.Limits = map[string]int64{}, map[string]int64{}
	}
	limit := int64(math.Round(float64(process)*calibrationMargin)) + m.PageBudget
	m.Processes[label], m.Limits[label] = process, limit
	return limit
}

// limitFor returns the memory limit of a configuration's runs: the fixed
// limit, or its calibrated one; 0 for unbounded runs and, before the
// calibration, for accounting-only ones.
func (m *scaleModel) limitFor(label string) int64 {
	if m == nil {
		return 0
	}
	if m.Calibrate {
		return m.Limits[label]
	}
	return m.MemLimit
}

// limitRange returns the lowest and highest limit of the runs.
func (m *scaleModel) limitRange() (lo, hi int64) {
	if !m.Calibrate {
		return m.MemLimit, m.MemLimit
	}
	for _, l := range m.Limits {
		if lo == 0 || l < lo {
			lo = l
		}
		hi = max(hi, l)
	}
	return lo, hi
}

// resolveModel works out a scale's memory bound and geth cache. memLimit
// and gethCache, when not "", come from the command line and replace the
// scale's; "auto" scales the node's ratio by the reference datadir's size.
func resolveModel(node *nodeModel, sc Scale, memLimit, gethCache, refDir string, refBytes int64) (*scaleModel, error) {
	m := &scaleModel{Node: node, RefDatadir: refDir, RefBytes: refBytes, Blocks: sc.WorkloadBlocks, BlockGas: sc.WorkloadGas, Readahead: -1}
	if memLimit == "" {
		memLimit = sc.MemLimit
	}
	if gethCache == "" {
		gethCache = sc.GethCache
	}
	var err error
	if memLimit == "auto" {
		if node == nil {
			return nil, fmt.Errorf("--mem-limit auto: no [node] table to scale from (give a size)")
		}
		m.Calibrate, m.PageShare = true, node.pageShare()
		m.PageBudget = int64(math.Round(m.PageShare * float64(refBytes)))
	} else if m.MemLimit, err = scaledSize("--mem-limit", memLimit, node, refBytes, nil); err != nil {
		return nil, err
	}
	cache, err := scaledSize("--geth-cache", gethCache, node, refBytes, func(n *nodeModel) float64 { return n.cacheRatio() })
	if err != nil {
		return nil, err
	}
	if cache > 0 {
		m.GethCache = max(int(cache>>20), minGethCacheMB)
	}
	if !m.Calibrate && m.MemLimit > 0 && m.GethCache > 0 && int64(m.GethCache)<<20 >= m.MemLimit {
		return nil, fmt.Errorf("geth's --cache %d MiB does not fit in the memory bound of %s", m.GethCache, bytesize.MiB(m.MemLimit))
	}
	return m, nil
}

// scaledSize resolves a size setting: "" is 0, "auto" the node's ratio
// times ref, anything else a size.
func scaledSize(flag, v string, node *nodeModel, ref int64, ratio func(*nodeModel) float64) (int64, error) {
	switch v {
	case "":
		return 0, nil
	case "auto":
		if node == nil {
			return 0, fmt.Errorf("%s auto: no [node] table to scale from (give a size)", flag)
		}
		if ref <= 0 {
			return 0, fmt.Errorf("%s auto: the reference datadir is empty", flag)
		}
		return int64(ratio(node) * float64(ref)), nil
	}
	n, err := bytesize.Parse(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", flag, err)
	}
	return n, nil
}

// cacheArgs are the import flags that give geth the model's cache.
func (m *scaleModel) cacheArgs() []string {
	if m == nil || m.GethCache == 0 {
		return nil
	}
	return []string{"--cache", strconv.Itoa(m.GethCache)}
}

// treeBytes sums the sizes of the regular files under dir.
func treeBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		n += fi.Size()
		return nil
	})
	return n, err
}

// readaheadKB returns the readahead of a disk (MAJ:MIN), -1 if unknown.
func readaheadKB(sysDev, disk string) int {
	blob, err := os.ReadFile(filepath.Join(sysDev, disk, "queue", "read_ahead_kb"))
	if err != nil {
		return -1
	}
	v, err := strconv.Atoi(strings.TrimSpace(string(blob)))
	if err != nil {
		return -1
	}
	return v
}

// writeModel writes the report's scale-model section: the node and the
// run side by side, with their ratios to the state.
func writeModel(w io.Writer, m *scaleModel, measured modelMeasures) {
	if m == nil || (m.MemLimit == 0 && !m.Calibrate && m.Node == nil) {
		return
	}
	lo, hi := m.limitRange()
	fmt.Fprintf(w, "## Scale model\n\n")
	pct := func(a, b float64) string {
		if a <= 0 || b <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f%%", 100*a/b)
	}
	n := m.Node
	if n == nil {
		n = &nodeModel{}
	}
	fmt.Fprintf(w, "| | node: %s | this run | \n|---|---|---|\n", orDash(n.Name))
	fmt.Fprintf(w, "| state (datadir) | %s | %s (`%s`) |\n", orDash(n.State), bytesize.MiB(m.RefBytes), filepath.Base(m.RefDatadir))
	fmt.Fprintf(w, "| memory: RAM / cgroup limit | %s | %s |\n", orDash(n.RAM), rangeText(lo, hi, sizeOrUnbounded))
	fmt.Fprintf(w, "| memory / state | %s | %s |\n", pct(float64(n.ram), float64(n.state)), rangeText(lo, hi, func(b int64) string { return pct(float64(b), float64(m.RefBytes)) }))
	fmt.Fprintf(w, "| geth's own memory | %s | %s |\n", sizeOrDash(n.process), processText(measured))
	fmt.Fprintf(w, "| page cache left for the state / state | %s | %s |\n", pct(float64(n.ram-n.process), float64(n.state)), pageText(m, measured))
	fmt.Fprintf(w, "| geth `--cache` | %s | %s |\n", cacheText(n.CacheMB), cacheText(m.GethCache))
	fmt.Fprintf(w, "| `--cache` / state | %s | %s |\n", pct(float64(int64(n.CacheMB)<<20), float64(n.state)), pct(float64(int64(m.GethCache)<<20), float64(m.RefBytes)))
	fmt.Fprintf(w, "| gas per block | %s | %s |\n", gasText(n.BlockGas), gasText(m.BlockGas))
	fmt.Fprintf(w, "| blocks per run | %s | %d |\n", intOrDash(n.BlocksPerRun), m.Blocks)
	fmt.Fprintf(w, "| disk readahead | %s | %s |\n", kbText(n.ReadaheadKB), kbText(m.Readahead))
	if measured.runs > 0 {
		fmt.Fprintf(w, "| page-cache hit rate of read syscalls | - | %s |\n", pctText(measured.hitPct))
		fmt.Fprintf(w, "| bound reached (runs) | - | %d of %d |\n", measured.reached, measured.runs)
	}
	if m.Calibrate {
		fmt.Fprintf(w, "\nThe limits were calibrated per configuration: geth's own memory in that configuration (cgroup usage less page cache, peak of its warm-up run, which ran in a cgroup that accounts without a limit) times %.2f, plus the same page-cache budget for all, the node's page-cache share of its state (%.2f%%) times the reference datadir: %s. Geth's own memory does not shrink with the state (here it is %s), so a limit of the node's memory-to-state ratio would leave a small state no page cache at all, and one limit for all would give a design that needs less memory more page cache.\n",
			calibrationMargin, 100*m.PageShare, bytesize.MiB(m.PageBudget), processRange(m))
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
func pageText(m *scaleModel, measured modelMeasures) string {
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
func processRange(m *scaleModel) string {
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

func cacheText(mb int) string {
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
