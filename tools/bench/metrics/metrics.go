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

// Package metrics computes the figures bench reports from a run's record:
// per-block means of the per-block JSON, ratios of sums (Mgas/s, ms per
// storage slot), process and device counters, and the I/O figures of
// memory-bounded and traced runs. A metric the run does not have (a geth
// that logs no per-block JSON, an unbounded run) is NaN, never zero.
package metrics

import (
	"math"

	"statelab/tools/bench/record"
	"statelab/tools/bench/slowblock"
)

// Metric is one figure computed from a run: a per-block mean over the run's
// blocks, a ratio of sums, or a process counter. NaN means the run does not
// have it (a geth that logs no per-block JSON).
type Metric struct {
	Name        string // key in studies and tables
	Unit        string // benchstat unit
	Title       string // for tables and plots
	LowerBetter bool
	value       func(r *record.Run) float64
}

// Value computes the metric of a run; NaN if the run does not have it. A
// run loaded from a results dataset has its figures stored: they are
// returned as stored, NaN for a metric the dataset lacks.
func (m Metric) Value(r *record.Run) float64 {
	if r.Figures != nil {
		if v, ok := r.Figures[m.Name]; ok {
			return v
		}
		return math.NaN()
	}
	return m.value(r)
}

// metrics lists every figure, in report order.
var metrics = []Metric{
	{"total_ms", "ms/block", "block total ms", true, blockMean(func(b *slowblock.Entry) float64 { return b.Timing.TotalMs })},
	{"state_read_ms", "read-ms/block", "state read ms", true, blockMean(func(b *slowblock.Entry) float64 { return b.Timing.StateReadMs })},
	{"state_hash_ms", "hash-ms/block", "state hash ms", true, blockMean(func(b *slowblock.Entry) float64 { return b.Timing.StateHashMs })},
	{"commit_ms", "commit-ms/block", "commit ms", true, blockMean(func(b *slowblock.Entry) float64 { return b.Timing.CommitMs })},
	{"mgas_s", "Mgas/s", "Mgas/s", false, mgasPerSec},
	{"ms_per_slot", "ms/slot", "ms per slot", true, msPerSlot},
	{"account_hit_pct", "account-hit-%", "account cache hit %", false, hitRate(func(b *slowblock.Entry) slowblock.CacheEntry { return b.Cache.Account })},
	{"storage_hit_pct", "storage-hit-%", "storage cache hit %", false, hitRate(func(b *slowblock.Entry) slowblock.CacheEntry { return b.Cache.Storage })},
	{"bal_prefetch_ms", "prefetch-ms/block", "BAL prefetch ms", true, balMean(func(b *slowblock.BAL) float64 { return b.PrefetchMs })},
	{"exec_db_slot_reads", "db-slot-reads/block", "slot reads reaching the database during execution (BAL)", true, balMean(func(b *slowblock.BAL) float64 { return float64(b.DBSlotReads) })},
	{"bal_warm_ms", "warm-ms/block", "BAL write-set warming ms (parallel passes)", true, balMean(func(b *slowblock.BAL) float64 { return b.WarmMs })},
	{"bal_warm_wait_ms", "warm-wait-ms/block", "BAL warming wait ms (before execution)", true, balMean(func(b *slowblock.BAL) float64 { return b.WarmWaitMs })},
	{"bal_warm_nodes", "warm-nodes/block", "trie nodes warmed per block (BAL)", true, balMean(func(b *slowblock.BAL) float64 { return float64(b.WarmNodes) })},
	{"wall_s", "wall-sec", "import wall s", true, func(r *record.Run) float64 { return r.WallSeconds }},
	{"read_mb", "read-MB", "read MB (/proc io)", true, func(r *record.Run) float64 { return float64(r.ReadBytes) / 1e6 }},
	{"disk_kb_per_slot", "disk-KB/slot", "disk KB read per slot", true, perSlot(func(r *record.Run) float64 { return float64(r.ReadBytes) / 1024 })},
	{"disk_kb_per_state_read", "disk-KB/state-read", "read amplification: disk KB per account or slot read (per-block JSON)", true, diskKBPerStateRead},
	{"kb_per_disk_read", "KB/disk-read", "KB per disk read (cgroup)", false, kbPerDiskRead},
	{"datadir_mb", "datadir-MB", "datadir MB (the run's copy)", true, datadirMB},
	{"disk_reads_per_slot", "disk-reads/slot", "disk reads per slot (cgroup)", true, perSlot(diskReadOps)},
	{"read_syscalls_per_slot", "read-syscalls/slot", "read syscalls per slot", true, perSlot(func(r *record.Run) float64 { return float64(r.ProcIO.SysCR) })},
	{"page_cache_hit_pct", "pagecache-hit-%", "page-cache hit % of read syscalls (cgroup)", false, PageCacheHitPct},
	{"disk_read_us", "us/disk-read", "mean device time per disk read, us (/proc/diskstats)", true, deviceReadMicros},
	{"pebble_block_hit_pct", "pebble-hit-%", "pebble block cache hit %", false, pebbleBlockHit},
	{"mem_peak_mb", "peak-MiB", "cgroup peak memory MiB", true, memPeakMiB},
	{"node_fetches_per_slot", "node-fetches/slot", "trie nodes fetched per slot (traces)", true, perSlot(nodeFetches(""))},
	{"disk_node_fetches_per_slot", "disk-node-fetches/slot", "trie nodes fetched from disk per slot (traces)", true, perSlot(nodeFetches("disk"))},
	{"block_node_fetches", "node-fetches/block", "trie node fetches per block", true, fetchMean(func(f *slowblock.NodeFetches) float64 { return float64(f.Total) })},
	{"block_fetch_repeats", "repeat-fetches/block", "repeated node fetches per block (a node fetched before in the block)", true, fetchMean(func(f *slowblock.NodeFetches) float64 { return float64(f.Repeats) })},
	{"fetch_repeat_pct", "repeat-fetch-%", "share of node fetches that are repeats, %", true, repeatPct},
	{"block_fetch_kib", "node-KiB/block", "KiB of trie nodes fetched per block", true, fetchMean(func(f *slowblock.NodeFetches) float64 { return float64(f.Bytes) / 1024 })},
	{"block_disk_fetches", "disk-fetches/block", "trie node fetches per block read from the key-value store (missed the diff layers, write buffer and clean cache)", true, fetchMean(func(f *slowblock.NodeFetches) float64 { return float64(f.Sources["disk"]) })},
	{"reader_fetches", "reader-fetches/block", "node fetches per block by the state reader", true, pathMean("reader")},
	{"prefetcher_fetches", "prefetcher-fetches/block", "node fetches per block by the trie prefetcher", true, pathMean("prefetcher")},
	{"update_fetches", "update-fetches/block", "node fetches per block by the trie update and rehash", true, pathMean("update")},
	{"commit_fetches", "commit-fetches/block", "node fetches per block by the commit", true, pathMean("commit")},
}

// Names lists the names of every metric, in report order: the headline
// metrics a study may choose from.
func Names() []string {
	names := make([]string, len(metrics))
	for i, m := range metrics {
		names[i] = m.Name
	}
	return names
}

// All lists every metric, in report order. The slice is shared: callers
// must not modify it.
func All() []Metric {
	return metrics
}

// ByName finds a metric.
func ByName(name string) (Metric, bool) {
	for _, m := range metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// blockMean averages a per-block field over a run's blocks.
func blockMean(field func(*slowblock.Entry) float64) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		if len(r.Blocks) == 0 {
			return math.NaN()
		}
		var sum float64
		for i := range r.Blocks {
			sum += field(&r.Blocks[i])
		}
		return sum / float64(len(r.Blocks))
	}
}

// balMean averages a field of the per-block BAL figures over a run's blocks;
// NaN if the run imported without a sidecar.
func balMean(field func(*slowblock.BAL) float64) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		var sum float64
		n := 0
		for i := range r.Blocks {
			if b := r.Blocks[i].BAL; b != nil {
				sum += field(b)
				n++
			}
		}
		if n == 0 {
			return math.NaN()
		}
		return sum / float64(n)
	}
}

// totalMs sums the blocks' total time.
func totalMs(r *record.Run) float64 {
	var sum float64
	for i := range r.Blocks {
		sum += r.Blocks[i].Timing.TotalMs
	}
	return sum
}

// mgasPerSec is the run's gas over its summed block time.
func mgasPerSec(r *record.Run) float64 {
	ms := totalMs(r)
	if len(r.Blocks) == 0 || ms == 0 {
		return math.NaN()
	}
	var gas uint64
	for i := range r.Blocks {
		gas += r.Blocks[i].Block.GasUsed
	}
	return float64(gas) / 1e6 / (ms / 1e3)
}

// msPerSlot is the run's summed block time over its storage slot reads and
// writes: the manifest's counts of the workload file, or, without them, the
// per-block JSON's loaded and updated slots. Unlike Mgas/s it compares
// designs with different gas schedules (EIP-4762 vs EIP-2929).
func msPerSlot(r *record.Run) float64 {
	if len(r.Blocks) == 0 {
		return math.NaN()
	}
	return totalMs(r) / runSlots(r)
}

// runSlots is the run's storage slot reads and writes: the manifest's
// counts of the workload file, or, without them (a chain dumpgen did not
// make), the per-block JSON's loaded and updated slots; NaN if neither
// has any.
func runSlots(r *record.Run) float64 {
	slots := float64(r.Slots)
	if slots == 0 {
		for i := range r.Blocks {
			slots += float64(r.Blocks[i].StateReads.StorageSlots + r.Blocks[i].StateWrites.StorageSlots)
		}
	}
	if slots == 0 {
		return math.NaN()
	}
	return slots
}

// hitRate is the run's cache hits over lookups, in percent.
func hitRate(entry func(*slowblock.Entry) slowblock.CacheEntry) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		var hits, total int64
		for i := range r.Blocks {
			e := entry(&r.Blocks[i])
			hits += e.Hits
			total += e.Hits + e.Misses
		}
		if total == 0 {
			return math.NaN()
		}
		return 100 * float64(hits) / float64(total)
	}
}

// fetchMean averages a field of the per-block node fetches over a run's
// blocks; NaN if geth logged none (a geth without them, or an old record).
func fetchMean(field func(*slowblock.NodeFetches) float64) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		var sum float64
		n := 0
		for i := range r.Blocks {
			if f := r.Blocks[i].NodeFetches; f != nil {
				sum += field(f)
				n++
			}
		}
		if n == 0 {
			return math.NaN()
		}
		return sum / float64(n)
	}
}

// pathMean is the mean per block of one code path's node fetches.
func pathMean(path string) func(*record.Run) float64 {
	return fetchMean(func(f *slowblock.NodeFetches) float64 { return float64(f.ByPath[path].Fetches) })
}

// repeatPct is the run's repeated node fetches over its node fetches, in
// percent; NaN without node fetches.
func repeatPct(r *record.Run) float64 {
	var repeats, total int64
	for i := range r.Blocks {
		if f := r.Blocks[i].NodeFetches; f != nil {
			repeats += f.Repeats
			total += f.Total
		}
	}
	if total == 0 {
		return math.NaN()
	}
	return 100 * float64(repeats) / float64(total)
}
