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

package metrics

import (
	"math"
	"testing"

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
	"statelab/tools/bench/slowblock"
)

func TestMetrics(t *testing.T) {
	r := recordtest.Run("v", "w", false, 4000, 1000, 3000)
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
		m, ok := ByName(name)
		if !ok {
			t.Fatalf("no Metric %s", name)
		}
		if got := m.Value(r); math.Abs(got-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	// Without manifest counts the JSON's slots (150 per block) are used.
	r.Slots = 0
	if got := msPerSlot(r); math.Abs(got-4000.0/300) > 1e-9 {
		t.Errorf("ms_per_slot from JSON = %v, want %v", got, 4000.0/300)
	}
	// A geth that logs no per-block JSON has no block metrics.
	empty := &record.Run{Import: record.Import{WallSeconds: 3}}
	if !math.IsNaN(msPerSlot(empty)) || !math.IsNaN(mgasPerSec(empty)) {
		t.Error("block metrics of a run without blocks are not NaN")
	}
}

// TestBALMetrics checks that the BAL metrics of a run average the blocks
// that have BAL figures, not all of them.
func TestBALMetrics(t *testing.T) {
	var with, without slowblock.Entry
	with.BAL = &slowblock.BAL{Type: 3, PrefetchMs: 12.5, DBSlotReads: 2}
	r := &record.Run{Import: record.Import{Blocks: []slowblock.Entry{without, with}}}
	for name, want := range map[string]float64{"bal_prefetch_ms": 12.5, "exec_db_slot_reads": 2} {
		m, _ := ByName(name)
		if got := m.Value(r); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if m, _ := ByName("bal_prefetch_ms"); !math.IsNaN(m.Value(&record.Run{Import: record.Import{Blocks: []slowblock.Entry{without}}})) {
		t.Error("a run without BAL figures has a BAL prefetch time")
	}
}

// TestStoredFigures checks that a run loaded from a results dataset gives
// its stored figures, not figures computed from its (partial) record, and
// NaN for a metric the dataset does not have.
func TestStoredFigures(t *testing.T) {
	r := recordtest.Run("v", "w", false, 4000, 1000, 3000)
	r.Figures = map[string]float64{"total_ms": 1234.5}
	if m, _ := ByName("total_ms"); m.Value(r) != 1234.5 {
		t.Errorf("total_ms = %v, want the stored 1234.5", m.Value(r))
	}
	if m, _ := ByName("ms_per_slot"); !math.IsNaN(m.Value(r)) {
		t.Errorf("ms_per_slot = %v, want NaN: the dataset has none", m.Value(r))
	}
}

// TestNodeFetchMetrics checks the node-fetch metrics of the per-block JSON:
// means over the blocks that have them, the repeat share as a ratio of sums,
// NaN for a run recorded before geth logged them.
func TestNodeFetchMetrics(t *testing.T) {
	var without, a, b slowblock.Entry
	a.NodeFetches = &slowblock.NodeFetches{Total: 100, Bytes: 1024, Repeats: 10, Sources: map[string]int64{"clean": 70, "disk": 30}, ByPath: map[string]slowblock.PathFetches{
		"reader": {Fetches: 40}, "prefetcher": {Fetches: 50, Repeats: 10}, "update": {Fetches: 10},
	}}
	b.NodeFetches = &slowblock.NodeFetches{Total: 300, Bytes: 5120, Repeats: 10, Sources: map[string]int64{"diff": 290, "disk": 10}, ByPath: map[string]slowblock.PathFetches{
		"reader": {Fetches: 60}, "prefetcher": {Fetches: 230, Repeats: 5}, "update": {Fetches: 8, Repeats: 5}, "commit": {Fetches: 2},
	}}
	r := &record.Run{Import: record.Import{Blocks: []slowblock.Entry{without, a, b}}}
	for name, want := range map[string]float64{
		"block_node_fetches": 200, "block_fetch_repeats": 10, "fetch_repeat_pct": 5,
		"reader_fetches": 50, "prefetcher_fetches": 140, "update_fetches": 9, "commit_fetches": 1,
		"block_fetch_kib": 3, "block_disk_fetches": 20,
	} {
		m, ok := ByName(name)
		if !ok {
			t.Fatalf("no Metric %s", name)
		}
		if got := m.Value(r); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	old := &record.Run{Import: record.Import{Blocks: []slowblock.Entry{without}}}
	for _, name := range []string{"block_node_fetches", "fetch_repeat_pct", "reader_fetches", "block_disk_fetches"} {
		if m, _ := ByName(name); !math.IsNaN(m.Value(old)) {
			t.Errorf("%s of a run without node fetches = %v, want NaN", name, m.Value(old))
		}
	}
}

// TestNames checks that every metric is found by its name, once, in the
// order of All, and that an unknown name is not.
func TestNames(t *testing.T) {
	names := Names()
	if len(names) != len(All()) {
		t.Fatalf("%d names for %d metrics", len(names), len(All()))
	}
	seen := map[string]bool{}
	for i, name := range names {
		if seen[name] {
			t.Errorf("metric %s named twice", name)
		}
		seen[name] = true
		if m, ok := ByName(name); !ok || m.Name != All()[i].Name {
			t.Errorf("ByName(%s) = %+v, %v", name, m, ok)
		}
	}
	if _, ok := ByName("speed"); ok {
		t.Error("unknown metric found")
	}
}
