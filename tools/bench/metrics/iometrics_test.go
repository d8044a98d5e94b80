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

	"statelab/tools/bench/iostat"
	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
)

func TestIOMetrics(t *testing.T) {
	r := recordtest.Bounded("mpt", false, []uint64{100, 300, 500}, []uint64{80, 200, 300})
	hit := 62.5
	r.PebbleBlockHitPct = &hit
	r.NodeFetches = map[string]int64{"disk": 500, "clean": 1500}
	r.Cache.DatadirBytes = 250e6
	want := map[string]float64{
		"page_cache_hit_pct":         40, // 300 disk reads for 500 read syscalls
		"disk_reads_per_slot":        0.3,
		"read_syscalls_per_slot":     0.5,
		"disk_kb_per_slot":           8 * 1024.0 / 1000,
		"pebble_block_hit_pct":       62.5,
		"mem_peak_mb":                250,
		"node_fetches_per_slot":      2,
		"disk_node_fetches_per_slot": 0.5,
		"disk_kb_per_state_read":     8 * 1024.0 / 300, // 3 blocks of 100 slot reads
		"kb_per_disk_read":           8 * 1024.0 / 300, // 300 disk reads
		"datadir_mb":                 250,
	}
	for name, w := range want {
		m, _ := ByName(name)
		if got := m.Value(r); math.Abs(got-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	shares := DiskReadShares(r)
	for i, w := range []float64{0.8, 0.6, 0.5} {
		if math.Abs(shares[i].Share-w) > 1e-9 || math.Abs(shares[i].Bytes-w) > 1e-9 {
			t.Errorf("block %d shares %v (ops), %v (bytes), want %v", i, shares[i].Share, shares[i].Bytes, w)
		}
	}
	// An unbounded run has no cgroup figures: NaN, not zero.
	u := recordtest.Run("mpt", "w", false, 1000, 1, 2)
	for _, name := range []string{"page_cache_hit_pct", "disk_reads_per_slot", "mem_peak_mb", "pebble_block_hit_pct", "node_fetches_per_slot", "kb_per_disk_read", "datadir_mb"} {
		if m, _ := ByName(name); !math.IsNaN(m.Value(u)) {
			t.Errorf("unbounded run: %s = %v, want NaN", name, m.Value(u))
		}
	}
	if h := hitPct(5, 4); h != 0 {
		t.Errorf("more misses than lookups: hit %v%%, want 0", h)
	}
}

func TestDeviceReadMicros(t *testing.T) {
	d := iostat.DeviceReads{Device: "vda", Reads: 2000, Sectors: 16000, Millis: 800}
	if got := deviceReadMicros(&record.Run{Import: record.Import{Device: &d}}); got != 400 {
		t.Errorf("mean read time %v us, want 400", got)
	}
	if got := deviceReadMicros(&record.Run{}); !math.IsNaN(got) {
		t.Errorf("without counters: %v, want NaN", got)
	}
}

// TestBytesShare checks the disk-byte share of a run's blocks: a run that
// warms up reads its first quarter from disk and its last from the cache.
func TestBytesShare(t *testing.T) {
	// 9 blocks: blocks 2-3 read all from disk, blocks 8-9 none.
	syscr := []uint64{10, 20, 30, 40, 50, 60, 70, 80, 90}
	ops := []uint64{10, 20, 30, 35, 40, 45, 50, 50, 50}
	var runs []*record.Run
	for i := 0; i < 3; i++ {
		runs = append(runs, recordtest.Bounded("mpt", i == 0, syscr, ops))
	}
	r := runs[1]
	if got := BytesShare(r, 1, 3); math.Abs(got-1) > 1e-9 {
		t.Errorf("first quarter %v, want 1", got)
	}
	if got := BytesShare(r, 7, 9); got != 0 {
		t.Errorf("last quarter %v, want 0", got)
	}
	if got := BytesShare(r, 1, 9); math.Abs(got-0.5) > 1e-9 {
		t.Errorf("whole run %v, want 0.5 (40 of 80)", got)
	}
	if got := BytesShare(r, 0, 3); !math.IsNaN(got) {
		t.Errorf("from block 0: %v, want NaN", got)
	}
}
