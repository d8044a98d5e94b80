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

// Package record holds what bench keeps of a run: its configuration, the
// page-cache check it ran after, and what its import measured (process and
// device counters, the cgroup's figures, the per-block JSON), written as
// runs.json beside the report. The runner fills records; the metrics and
// the report read them, also back from runs.json.
package record

import (
	"encoding/json"
	"fmt"
	"os"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/slowblock"
	"statelab/tools/bench/study"
)

// Run is everything one run measured, written as raw JSON beside the
// report.
type Run struct {
	Config     study.Config    `json:"config"`
	Variant    string          `json:"variant"`
	Workload   string          `json:"workload"`
	Run        int             `json:"run"`     // 0 is the discarded warm-up
	WarmUp     bool            `json:"warm_up"` // discarded from the analysis
	Cache      pagecache.Check `json:"cache"`
	Slots      uint64          `json:"manifest_slots"` // slot reads + writes of the workload file
	SlotReads  uint64          `json:"manifest_slot_reads"`
	SlotWrites uint64          `json:"manifest_slot_writes"`
	Gas        uint64          `json:"manifest_gas"`
	Traces     string          `json:"traces,omitempty"` // tracesum JSON of the run's block traces, relative to the report
	Journal    int64           `json:"journal_bytes"`    // pathdb journal in the datadir copy, loaded into memory by geth at start
	// NodeFetches counts the run's trie node fetches by source (diff,
	// dirty, clean, disk), from its traces; nil without traces at
	// telemetry level node.
	NodeFetches map[string]int64 `json:"node_fetches_by_source,omitempty"`
	// Node is the cluster node the run ran on (Slurm's node name); empty
	// for a run of a local study.
	Node string `json:"node,omitempty"`
	// Figures are the run's metrics as a results dataset keeps them
	// (tools/bench/results), by metric name, with figures of other tools
	// beside them; nil for a run read from runs.json, whose metrics are
	// computed from the record.
	Figures map[string]float64 `json:"-"`
	Import
}

// Write writes runs as indented JSON (runs.json).
func Write(path string, runs []*Run) error {
	blob, err := json.MarshalIndent(runs, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, blob, 0o644)
}

// Read reads runs written by Write.
func Read(path string) ([]*Run, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var runs []*Run
	if err := json.Unmarshal(blob, &runs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return runs, nil
}

// Import is what one geth import measured.
type Import struct {
	WallSeconds float64             `json:"wall_seconds"`
	ReadBytes   uint64              `json:"read_bytes"`     // /proc/PID/io read_bytes at exit
	InBlockIO   int64               `json:"rusage_inblock"` // getrusage ru_inblock (512-byte blocks)
	ProcIO      iostat.ProcIO       `json:"proc_io"`        // /proc/PID/io at exit
	Bound       *cgroup.BoundRecord `json:"bound,omitempty"`
	// BlockIO holds the cumulative I/O counters read as geth logged each
	// block's JSON, in block order: the first entry includes start-up.
	BlockIO []IOSample `json:"block_io,omitempty"`
	// PebbleBlockHitPct is pebble's block cache hit rate over the whole
	// process, from the database statistics geth import prints at exit.
	PebbleBlockHitPct *float64 `json:"pebble_block_cache_hit_pct,omitempty"`
	// Device holds the read counters of the datadir's block device over
	// the run; nil when the datadir is on no block device.
	Device *iostat.DeviceReads `json:"device_reads,omitempty"`
	Blocks []slowblock.Entry   `json:"blocks"`
}

// IOSample is a reading of a run's cumulative I/O counters.
type IOSample struct {
	AtMs float64 `json:"at_ms"` // since the process started
	iostat.ProcIO
	Cgroup *cgroup.Sample `json:"cgroup,omitempty"` // memory-bounded runs
}
