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
	"math"
	"testing"

	"statelab/tools/bench/slowblock"
)

// testRun builds a run of blocks with the given total ms, 100M gas each.
func testRun(variant, workload string, warmUp bool, slots uint64, totals ...float64) *RunRecord {
	r := &RunRecord{Variant: variant, Workload: workload, WarmUp: warmUp, Slots: slots}
	for _, ms := range totals {
		var b slowblock.Entry
		b.Block.GasUsed = 100_000_000
		b.Timing.TotalMs = ms
		b.Timing.StateReadMs = ms / 2
		b.StateReads.StorageSlots = 100
		b.StateWrites.StorageSlots = 50
		b.Cache.Storage = slowblock.CacheEntry{Hits: 30, Misses: 70}
		r.Blocks = append(r.Blocks, b)
	}
	return r
}

func TestMetrics(t *testing.T) {
	r := testRun("v", "w", false, 4000, 1000, 3000)
	r.WallSeconds, r.ReadBytes = 5.5, 2_000_000
	want := map[string]float64{
		"total_ms":        2000,
		"state_read_ms":   1000,
		"mgas_s":          50,  // 200 Mgas in 4 s
		"ms_per_slot":     1,   // 4000 ms over the manifest's 4000 slots
		"storage_hit_pct": 30,  // 60 of 200
		"wall_s":          5.5, // process counters
		"read_mb":         2,
	}
	for name, w := range want {
		m, ok := metricByName(name)
		if !ok {
			t.Fatalf("no metric %s", name)
		}
		if got := m.value(r); math.Abs(got-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	// Without manifest counts the JSON's slots (150 per block) are used.
	r.Slots = 0
	if got := msPerSlot(r); math.Abs(got-4000.0/300) > 1e-9 {
		t.Errorf("ms_per_slot from JSON = %v, want %v", got, 4000.0/300)
	}
	// A geth that logs no per-block JSON has no block metrics.
	empty := &RunRecord{importResult: importResult{WallSeconds: 3}}
	if !math.IsNaN(msPerSlot(empty)) || !math.IsNaN(mgasPerSec(empty)) {
		t.Error("block metrics of a run without blocks are not NaN")
	}
}

// TestBALMetrics checks that the BAL metrics of a run average the blocks
// that have BAL figures, not all of them.
func TestBALMetrics(t *testing.T) {
	var with, without slowblock.Entry
	with.BAL = &slowblock.BAL{Type: 3, PrefetchMs: 12.5, DBSlotReads: 2}
	r := &RunRecord{importResult: importResult{Blocks: []slowblock.Entry{without, with}}}
	for name, want := range map[string]float64{"bal_prefetch_ms": 12.5, "exec_db_slot_reads": 2} {
		m, _ := metricByName(name)
		if got := m.value(r); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if m, _ := metricByName("bal_prefetch_ms"); !math.IsNaN(m.value(&RunRecord{importResult: importResult{Blocks: []slowblock.Entry{without}}})) {
		t.Error("a run without BAL figures has a BAL prefetch time")
	}
}
