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
	"bytes"
	"math"
	"strings"
	"testing"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/slowblock"
)

// boundedRun is a run with per-block I/O samples: cumulative read
// syscalls and disk reads at each block's JSON line.
func boundedRun(variant string, warm bool, syscr, ops []uint64) *RunRecord {
	r := testRun(variant, "uniform_read", warm, 1000, make([]float64, len(syscr))...)
	r.SlotReads = 1000
	for i := range syscr {
		// 4 KiB per read syscall, 4 KiB per disk read
		r.BlockIO = append(r.BlockIO, ioSample{ProcIO: iostat.ProcIO{SysCR: syscr[i], RChar: 4096 * syscr[i], ReadBytes: 4096 * ops[i]}, Cgroup: &cgroup.Sample{DiskReadOps: int64(ops[i])}})
	}
	last := len(syscr) - 1
	r.ProcIO = iostat.ProcIO{SysCR: syscr[last], ReadBytes: 8 << 20}
	r.ReadBytes = r.ProcIO.ReadBytes
	r.Bound = &cgroup.BoundRecord{Version: 1, Limit: 256 << 20, Peak: 250 << 20, Reached: true, End: cgroup.Sample{DiskReadOps: int64(ops[last])}}
	return r
}

func TestIOMetrics(t *testing.T) {
	r := boundedRun("mpt", false, []uint64{100, 300, 500}, []uint64{80, 200, 300})
	hit := 62.5
	r.PebbleBlockHitPct = &hit
	r.NodeFetches = map[string]int64{"disk": 500, "clean": 1500}
	want := map[string]float64{
		"page_cache_hit_pct":         40, // 300 disk reads for 500 read syscalls
		"disk_reads_per_slot":        0.3,
		"read_syscalls_per_slot":     0.5,
		"disk_kb_per_slot":           8 * 1024.0 / 1000,
		"pebble_block_hit_pct":       62.5,
		"mem_peak_mb":                250,
		"node_fetches_per_slot":      2,
		"disk_node_fetches_per_slot": 0.5,
	}
	for name, w := range want {
		m, _ := metricByName(name)
		if got := m.value(r); math.Abs(got-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	shares := diskReadShares(r)
	for i, w := range []float64{0.8, 0.6, 0.5} {
		if math.Abs(shares[i].Share-w) > 1e-9 || math.Abs(shares[i].Bytes-w) > 1e-9 {
			t.Errorf("block %d shares %v (ops), %v (bytes), want %v", i, shares[i].Share, shares[i].Bytes, w)
		}
	}
	// An unbounded run has no cgroup figures: NaN, not zero.
	u := testRun("mpt", "w", false, 1000, 1, 2)
	for _, name := range []string{"page_cache_hit_pct", "disk_reads_per_slot", "mem_peak_mb", "pebble_block_hit_pct", "node_fetches_per_slot"} {
		if m, _ := metricByName(name); !math.IsNaN(m.value(u)) {
			t.Errorf("unbounded run: %s = %v, want NaN", name, m.value(u))
		}
	}
	if h := hitPct(5, 4); h != 0 {
		t.Errorf("more misses than lookups: hit %v%%, want 0", h)
	}
}

// TestIOReport writes the I/O section and the per-block share plot.
func TestIOReport(t *testing.T) {
	var runs []*RunRecord
	for i := 0; i < 4; i++ {
		runs = append(runs, boundedRun("mpt", i == 0, []uint64{100, 300, 500}, []uint64{80, 200, 300}))
	}
	a := analyze(runs, "mpt")
	var buf bytes.Buffer
	writeIOSection(&buf, a, runs)
	text := buf.String()
	for _, want := range []string{"## I/O per state operation", "| uniform_read | read | mpt |", "pagecache-hit-%", "limit was reached in 4 of 4 bounded runs"} {
		if !strings.Contains(text, want) {
			t.Errorf("I/O section lacks %q:\n%s", want, text)
		}
	}
	files, err := writeSharePlots(t.TempDir(), a)
	if err != nil || len(files) != 2 || files[0] != "disk_read_share_uniform_read.png" || files[1] != "disk_byte_share_uniform_read.png" {
		t.Errorf("share plots %v, %v", files, err)
	}
	for _, kind := range shareKinds {
		pts := medianShares(a.cell("uniform_read", "mpt").Runs, kind.of)
		if len(pts) != 2 || pts[0].X != 2 || math.Abs(pts[1].Y-0.5) > 1e-9 {
			t.Errorf("median %s %v, want blocks 2 and 3 (the first left out)", kind.file, pts)
		}
	}
}

// TestShareTable checks the quarters of the disk-byte share: a run that
// warms up shows a last quarter below its first.
func TestShareTable(t *testing.T) {
	// 9 blocks: blocks 2-3 read all from disk, blocks 8-9 none.
	syscr := []uint64{10, 20, 30, 40, 50, 60, 70, 80, 90}
	ops := []uint64{10, 20, 30, 35, 40, 45, 50, 50, 50}
	var runs []*RunRecord
	for i := 0; i < 3; i++ {
		runs = append(runs, boundedRun("mpt", i == 0, syscr, ops))
	}
	r := runs[1]
	if got := runBytesShare(r, 1, 3); math.Abs(got-1) > 1e-9 {
		t.Errorf("first quarter %v, want 1", got)
	}
	if got := runBytesShare(r, 7, 9); got != 0 {
		t.Errorf("last quarter %v, want 0", got)
	}
	if got := runBytesShare(r, 1, 9); math.Abs(got-0.5) > 1e-9 {
		t.Errorf("whole run %v, want 0.5 (40 of 80)", got)
	}
	if got := runBytesShare(r, 0, 3); !math.IsNaN(got) {
		t.Errorf("from block 0: %v, want NaN", got)
	}
	var buf bytes.Buffer
	writeShareTable(&buf, analyze(runs, "mpt"))
	if want := "| uniform_read | mpt | 9 | 100% | 0% | 50% |"; !strings.Contains(buf.String(), want) {
		t.Errorf("share table lacks %q:\n%s", want, buf.String())
	}
}

// TestCopyLog checks that every per-block JSON line marks a block, as it
// arrives, and that the log is copied whole.
func TestCopyLog(t *testing.T) {
	in := "INFO start\n" + string(slowblock.Marker) + `,"block":{"number":1}}` + "\nINFO x\n" + string(slowblock.Marker) + `,"block":{"number":2}}`
	var out bytes.Buffer
	marks := 0
	if err := copyLog(strings.NewReader(in), &out, func() { marks++ }); err != nil {
		t.Fatal(err)
	}
	if marks != 2 || out.String() != in {
		t.Errorf("%d marks, log %q", marks, out.String())
	}
}

func TestDeviceReadMicros(t *testing.T) {
	d := iostat.DeviceReads{Device: "vda", Reads: 2000, Sectors: 16000, Millis: 800}
	if got := deviceReadMicros(&RunRecord{importResult: importResult{Device: &d}}); got != 400 {
		t.Errorf("mean read time %v us, want 400", got)
	}
	if got := deviceReadMicros(&RunRecord{}); !math.IsNaN(got) {
		t.Errorf("without counters: %v, want NaN", got)
	}
}
