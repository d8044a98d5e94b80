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

package study

import (
	"fmt"
	"math"
	"strconv"

	"statelab/tools/bench/bytesize"
)

// Node is the node a study's memory-bounded scales stand in for
// (the study file's [node] table): a machine whose memory holds a small
// share of its state. A scale matches it when the page cache left beside
// geth, geth's --cache and the run length keep the node's ratios to the
// state.
type Node struct {
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

// Parse checks the node and parses its sizes; Load parses a study's node.
func (n *Node) Parse() error {
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
func (n *Node) pageShare() float64 { return float64(n.ram-n.process) / float64(n.state) }

// cacheRatio is the node's geth --cache over its state.
func (n *Node) cacheRatio() float64 { return float64(int64(n.CacheMB)<<20) / float64(n.state) }

// RAMBytes, StateBytes and ProcessBytes are the node's sizes in bytes; 0
// before the study is loaded (and in a node read back from a report's
// meta.json, which keeps the sizes as written).
func (n *Node) RAMBytes() int64     { return n.ram }
func (n *Node) StateBytes() int64   { return n.state }
func (n *Node) ProcessBytes() int64 { return n.process }

// minGethCacheMB is the smallest --cache a scale model gives geth: pebble
// takes half of it, but allocates at least 16 MB whatever it is given.
const minGethCacheMB = 16

// Model is how a study run (or A/B) stands in for its node: the
// memory bound and geth cache it gave the runs, from the node's ratios and
// the reference datadir, and what of the node it kept or did not.
type Model struct {
	Node       *Node  `json:"node,omitempty"`
	RefDatadir string `json:"reference_datadir,omitempty"` // prepared datadir the ratios apply to
	RefBytes   int64  `json:"reference_datadir_bytes"`
	MemLimit   int64  `json:"mem_limit"`     // bytes; 0: unbounded (or not calibrated yet)
	GethCache  int    `json:"geth_cache_mb"` // --cache given to geth; 0: geth's default
	BlockGas   uint64 `json:"block_gas"`     // gas of a workload block
	Blocks     int    `json:"blocks_per_run"`
	Readahead  int    `json:"readahead_kb"` // of the disk under the work directory; -1 unknown

	// Calibrate is set for mem_limit "auto": every configuration's limit
	// is geth's own memory in that configuration, measured in its warm-up
	// run (Processes), times CalibrationMargin, plus the same page-cache
	// budget for all: the node's page-cache share of its state (PageShare)
	// times the reference datadir (PageBudget).
	Calibrate  bool             `json:"calibrated,omitempty"`
	PageShare  float64          `json:"page_share,omitempty"`
	PageBudget int64            `json:"page_budget,omitempty"`
	Processes  map[string]int64 `json:"process_peaks,omitempty"`     // by configuration label
	Limits     map[string]int64 `json:"calibrated_limits,omitempty"` // by configuration label
}

// CalibrationMargin is added to the measured process memory: runs vary.
const CalibrationMargin = 1.15

// CalibrateFor sets the "auto" limit of a configuration from the highest
// memory geth itself used in its warm-up run (cgroup usage less page
// cache).
func (m *Model) CalibrateFor(label string, process int64) int64 {
	if m.Processes == nil {
		m.Processes, m.Limits = map[string]int64{}, map[string]int64{}
	}
	limit := int64(math.Round(float64(process)*CalibrationMargin)) + m.PageBudget
	m.Processes[label], m.Limits[label] = process, limit
	return limit
}

// LimitFor returns the memory limit of a configuration's runs: the fixed
// limit, or its calibrated one; 0 for unbounded runs and, before the
// calibration, for accounting-only ones.
func (m *Model) LimitFor(label string) int64 {
	if m == nil {
		return 0
	}
	if m.Calibrate {
		return m.Limits[label]
	}
	return m.MemLimit
}

// LimitRange returns the lowest and highest limit of the runs.
func (m *Model) LimitRange() (lo, hi int64) {
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

// ResolveModel works out a scale's memory bound and geth cache. memLimit
// and gethCache, when not "", come from the command line and replace the
// scale's; "auto" scales the node's ratio by the reference datadir's size.
func ResolveModel(node *Node, sc Scale, memLimit, gethCache, refDir string, refBytes int64) (*Model, error) {
	m := &Model{Node: node, RefDatadir: refDir, RefBytes: refBytes, Blocks: sc.WorkloadBlocks, BlockGas: sc.WorkloadGas, Readahead: -1}
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
	cache, err := scaledSize("--geth-cache", gethCache, node, refBytes, func(n *Node) float64 { return n.cacheRatio() })
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
func scaledSize(flag, v string, node *Node, ref int64, ratio func(*Node) float64) (int64, error) {
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

// CacheArgs are the import flags that give geth the model's cache.
func (m *Model) CacheArgs() []string {
	if m == nil || m.GethCache == 0 {
		return nil
	}
	return []string{"--cache", strconv.Itoa(m.GethCache)}
}
