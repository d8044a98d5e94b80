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
	"statelab/tools/bench/record"
)

// The I/O figures of a run: what its state reads cost the disk, per slot
// and as a page-cache hit rate. Disk read operations and the page-cache
// hit rate need the per-cgroup disk accounting of a memory-bounded run;
// node fetches need the run's traces at telemetry level node.

// perSlot divides a run total by the run's storage slot reads and writes.
func perSlot(total func(*record.Run) float64) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		return total(r) / runSlots(r)
	}
}

// diskReadOps is the number of reads the run's cgroup issued to the disk,
// NaN without disk accounting.
func diskReadOps(r *record.Run) float64 {
	if r.Bound == nil || r.Bound.End.DiskReadOps < 0 {
		return math.NaN()
	}
	return float64(r.Bound.End.DiskReadOps)
}

// PageCacheHitPct is the share of geth's read syscalls that the page cache
// served: one minus the disk reads over the read syscalls. Pebble reads
// its tables with readahead off (POSIX_FADV_RANDOM), so a read syscall
// that misses issues one disk read, and one that hits none.
func PageCacheHitPct(r *record.Run) float64 {
	return hitPct(diskReadOps(r), float64(r.ProcIO.SysCR))
}

// hitPct is 100 * (1 - misses/lookups), clamped at 0; NaN without lookups.
func hitPct(misses, lookups float64) float64 {
	if math.IsNaN(misses) || lookups <= 0 {
		return math.NaN()
	}
	return 100 * max(0, 1-misses/lookups)
}

// diskKBPerStateRead is the run's read amplification: the KB it read from
// disk over the accounts and storage slots its blocks read (the per-block
// JSON's state_reads); NaN without blocks or reads. Unlike disk_kb_per_slot
// it counts account reads too, and the slots a write reads first.
func diskKBPerStateRead(r *record.Run) float64 {
	var reads int
	for i := range r.Blocks {
		reads += r.Blocks[i].StateReads.Accounts + r.Blocks[i].StateReads.StorageSlots
	}
	if reads == 0 {
		return math.NaN()
	}
	return float64(r.ReadBytes) / 1024 / float64(reads)
}

// kbPerDiskRead is the mean size of the run's disk reads, in KB: at least
// pebble's block size when geth reads its tables, with readahead off; NaN
// without disk accounting or reads.
func kbPerDiskRead(r *record.Run) float64 {
	ops := diskReadOps(r)
	if math.IsNaN(ops) || ops == 0 {
		return math.NaN()
	}
	return float64(r.ReadBytes) / 1024 / ops
}

// datadirMB is the size of the datadir the run imported into, before it
// ran: the prepared datadir's. NaN if the run did not record it.
func datadirMB(r *record.Run) float64 {
	if r.Cache.DatadirBytes == 0 {
		return math.NaN()
	}
	return float64(r.Cache.DatadirBytes) / 1e6
}

// pebbleBlockHit is pebble's block cache hit rate, NaN if geth printed none.
func pebbleBlockHit(r *record.Run) float64 {
	if r.PebbleBlockHitPct == nil {
		return math.NaN()
	}
	return *r.PebbleBlockHitPct
}

// memPeakMiB is the cgroup's peak usage, NaN for an unbounded run.
func memPeakMiB(r *record.Run) float64 {
	if r.Bound == nil {
		return math.NaN()
	}
	return float64(r.Bound.Peak) / (1 << 20)
}

// nodeFetches returns the run's trie node fetches from one source ("" for
// all), NaN without traces.
func nodeFetches(source string) func(*record.Run) float64 {
	return func(r *record.Run) float64 {
		if r.NodeFetches == nil {
			return math.NaN()
		}
		if source != "" {
			return float64(r.NodeFetches[source])
		}
		var n int64
		for _, c := range r.NodeFetches {
			n += c
		}
		return float64(n)
	}
}

// BlockShare is one block's disk-read shares over the interval between its
// per-block JSON line and the previous one (for the first block, since
// start): by operations, the disk reads over the read syscalls; by bytes,
// the bytes geth caused to be read from the disk (/proc/PID/io read_bytes)
// over the bytes its read syscalls returned (rchar), which is what the
// block touched in the datadir's files: its reads that pebble's block
// cache and geth's own caches served touch no file and count in neither.
type BlockShare struct {
	Block int     // index in the run, from 0
	Share float64 // disk reads / read syscalls, NaN without disk accounting
	Bytes float64 // disk bytes / bytes read by syscalls, NaN without reads
}

// DiskReadShares returns the disk-read shares of every block of a run.
func DiskReadShares(r *record.Run) []BlockShare {
	out := make([]BlockShare, len(r.BlockIO))
	var prev record.IOSample
	for i, s := range r.BlockIO {
		share, bytes := math.NaN(), math.NaN()
		calls := float64(s.SysCR - prev.SysCR)
		if s.Cgroup != nil && s.Cgroup.DiskReadOps >= 0 {
			var prevOps int64
			if prev.Cgroup != nil {
				prevOps = prev.Cgroup.DiskReadOps
			}
			if calls > 0 {
				share = float64(s.Cgroup.DiskReadOps-prevOps) / calls
			}
		}
		if read := float64(s.RChar - prev.RChar); read > 0 {
			bytes = float64(s.ReadBytes-prev.ReadBytes) / read
		}
		out[i] = BlockShare{Block: i, Share: share, Bytes: bytes}
		prev = s
	}
	return out
}

// BytesShare is the disk-byte share of a run's blocks from first to
// last (indices, last excluded): their disk bytes over their bytes read
// by syscalls, NaN if they read none or the run has too few blocks.
func BytesShare(r *record.Run, first, last int) float64 {
	if first < 1 || last > len(r.BlockIO) || first >= last {
		return math.NaN()
	}
	a, b := r.BlockIO[first-1], r.BlockIO[last-1]
	read := float64(b.RChar - a.RChar)
	if read <= 0 {
		return math.NaN()
	}
	return float64(b.ReadBytes-a.ReadBytes) / read
}

// deviceReadMicros is the mean time the datadir's device took per read
// during a run, in microseconds; NaN without device counters or reads.
func deviceReadMicros(r *record.Run) float64 {
	if r.Device == nil || r.Device.Reads == 0 {
		return math.NaN()
	}
	return 1000 * float64(r.Device.Millis) / float64(r.Device.Reads)
}
