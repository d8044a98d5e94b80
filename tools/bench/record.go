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
	"encoding/json"
	"fmt"
	"os"

	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/study"
)

// RunRecord is everything one run measured, written as raw JSON beside the
// report.
type RunRecord struct {
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
	importResult
}

// writeRecords writes runs as indented JSON.
func writeRecords(path string, runs []*RunRecord) error {
	blob, err := json.MarshalIndent(runs, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, blob, 0o644)
}

// readRecords reads runs written by writeRecords.
func readRecords(path string) ([]*RunRecord, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var runs []*RunRecord
	if err := json.Unmarshal(blob, &runs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return runs, nil
}
