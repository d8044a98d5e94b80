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

package record

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/slowblock"
	"statelab/tools/bench/study"
	"statelab/tools/internal/statekind"
)

// TestWriteRead writes runs and reads them back unchanged, and checks the
// layout of runs.json that reports written before depend on: what an
// import measured sits beside the configuration, not below it, and a block
// sample's /proc/PID/io counters beside its time.
func TestWriteRead(t *testing.T) {
	hit := 42.5
	runs := []*Run{{
		Config:  study.Config{Trie: statekind.UBT, GroupDepth: 5, Workload: "w", BAL: "none", Cache: statekind.Cold, Geth: study.Binary{Name: "statelab", Path: "/bin/geth"}},
		Variant: "ubt-gd5", Workload: "w", Run: 1, Cache: pagecache.Check{State: statekind.Cold, DatadirBytes: 100},
		Import: Import{WallSeconds: 1.5, ReadBytes: 4096, ProcIO: iostat.ProcIO{RChar: 1, SysCR: 2, ReadBytes: 4096},
			Bound:             &cgroup.BoundRecord{Version: 2, Limit: 1 << 30},
			BlockIO:           []IOSample{{AtMs: 12.5, ProcIO: iostat.ProcIO{SysCR: 7}, Cgroup: &cgroup.Sample{DiskReadOps: 3}}},
			PebbleBlockHitPct: &hit},
	}}
	path := filepath.Join(t.TempDir(), "runs.json")
	if err := Write(path, runs); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, runs) {
		t.Errorf("read back %+v, want %+v", got[0], runs[0])
	}
	blob, _ := os.ReadFile(path)
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(blob, &raw); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"config", "variant", "wall_seconds", "proc_io", "bound", "block_io", "pebble_block_cache_hit_pct", "blocks"} {
		if _, ok := raw[0][key]; !ok {
			t.Errorf("runs.json lacks top-level key %q", key)
		}
	}
	if sample := string(raw[0]["block_io"]); !strings.Contains(sample, `"at_ms": 12.5`) || !strings.Contains(sample, `"syscr": 7`) {
		t.Errorf("block sample %s: want its counters beside its time", sample)
	}
	if _, err := Read(filepath.Join(t.TempDir(), "absent.json")); err == nil {
		t.Error("read a missing runs.json")
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := Read(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("broken runs.json: error %v, want one naming the file", err)
	}
}

// TestBlocksNodeFetches checks that a run's per-block node fetches survive
// runs.json, and that a runs.json written before geth logged them reads
// with none.
func TestBlocksNodeFetches(t *testing.T) {
	var block slowblock.Entry
	block.Block.Number = 3
	block.NodeFetches = &slowblock.NodeFetches{Total: 9, Repeats: 2, Sources: map[string]int64{"disk": 9},
		ByPath: map[string]slowblock.PathFetches{"prefetcher": {Fetches: 9, Repeats: 2, Sources: map[string]int64{"disk": 9}}}}
	runs := []*Run{{Variant: "v", Workload: "w", Run: 1, Import: Import{Blocks: []slowblock.Entry{block}}}}
	path := filepath.Join(t.TempDir(), "runs.json")
	if err := Write(path, runs); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got[0].Blocks, runs[0].Blocks) {
		t.Errorf("blocks read back %+v, want %+v", got[0].Blocks, runs[0].Blocks)
	}
	old := `[{"variant": "v", "workload": "w", "run": 1, "blocks": [{"msg": "Slow block", "block": {"number": 3}, "timing": {"total_ms": 5}}]}]`
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err = Read(path)
	if err != nil {
		t.Fatalf("runs.json without node fetches: %v", err)
	}
	if b := got[0].Blocks[0]; b.NodeFetches != nil || b.Timing.TotalMs != 5 {
		t.Errorf("old block read as %+v", b)
	}
}
