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

// Package recordtest builds synthetic run records with known figures, for
// the tests of the packages that compute and report from records.
package recordtest

import (
	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/record"
	"statelab/tools/bench/slowblock"
)

// Run builds a run of blocks with the given total ms, 100M gas each. Each
// block reads 100 storage slots and writes 50, and hits the storage cache
// on 30 of 100 lookups; it reads state for half its time.
func Run(variant, workload string, warmUp bool, slots uint64, totals ...float64) *record.Run {
	r := &record.Run{Variant: variant, Workload: workload, WarmUp: warmUp, Slots: slots}
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

// Bounded builds a memory-bounded run of workload uniform_read, 1000 slots
// read, with per-block I/O samples: the cumulative read syscalls (syscr)
// and disk reads (ops) at each block's JSON line, 4 KiB per read syscall
// and per disk read. It read 8 MiB from disk in all and reached its bound
// of 256 MiB with a peak of 250 MiB.
func Bounded(variant string, warm bool, syscr, ops []uint64) *record.Run {
	r := Run(variant, "uniform_read", warm, 1000, make([]float64, len(syscr))...)
	r.SlotReads = 1000
	for i := range syscr {
		r.BlockIO = append(r.BlockIO, record.IOSample{ProcIO: iostat.ProcIO{SysCR: syscr[i], RChar: 4096 * syscr[i], ReadBytes: 4096 * ops[i]}, Cgroup: &cgroup.Sample{DiskReadOps: int64(ops[i])}})
	}
	last := len(syscr) - 1
	r.ProcIO = iostat.ProcIO{SysCR: syscr[last], ReadBytes: 8 << 20}
	r.ReadBytes = r.ProcIO.ReadBytes
	r.Bound = &cgroup.BoundRecord{Version: 1, Limit: 256 << 20, Peak: 250 << 20, Reached: true, End: cgroup.Sample{DiskReadOps: int64(ops[last])}}
	return r
}
