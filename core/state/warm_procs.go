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

package state

import (
	"runtime"
	"sync"
)

// Reads in flight on a machine with few cores.
//
// Warming workers read trie nodes through the database with blocking
// pread(2) calls. A goroutine blocked in a system call keeps its P, one of the
// GOMAXPROCS slots that run Go code, until the runtime's monitor takes it back,
// 20µs or more later; a read from a cold virtio disk takes 50-100µs. With
// GOMAXPROCS 2 (a 2-core machine), 25 workers thus keep about one read in
// flight, where the device serves three times as many reads at once, and
// pebble's block cache shard locks queue behind holders that wait for a P.
// While workers read, GOMAXPROCS is raised to ioProcsPerProc times its value,
// at most one per worker, and restored when the last of them is done. It is
// not raised for the whole process: on 2 cores, cached blocks run about 15%
// slower at GOMAXPROCS 8, the extra Ps competing for the same cores. Nor for
// a few reads: changing GOMAXPROCS stops the world twice, which cost 0.3 ms
// per 2-10 ms block of 1M gas when a block's handful of code reads raised it.
const (
	ioProcsPerProc  = 4
	ioProcsMinReads = 64 // fewest reads of a run that raises
)

// procsRaise raises GOMAXPROCS while parallel reads run. Raises may overlap
// (several tries warm at once): the first one raises, the last one to end
// restores the value the first one found. It is safe for concurrent use.
type procsRaise struct {
	mu     sync.Mutex
	active int // raises not yet ended
	prev   int // GOMAXPROCS before the first active raise
}

// ioProcs is the process's raise: GOMAXPROCS is process-wide.
var ioProcs procsRaise

// raise raises GOMAXPROCS for a run of reads over the given number of
// workers, if the run has at least ioProcsMinReads reads and the raise adds
// Ps, and returns the function that ends the raise. Call it once.
func (r *procsRaise) raise(workers, reads int) (end func()) {
	if reads < ioProcsMinReads {
		return func() {}
	}
	r.mu.Lock()
	defer r.mu.Unlock()

	if r.active == 0 {
		r.prev = runtime.GOMAXPROCS(0)
		if n := min(workers, ioProcsPerProc*r.prev); n > r.prev {
			runtime.GOMAXPROCS(n)
		}
	}
	r.active++
	return r.end
}

// end ends a raise; the last one restores GOMAXPROCS.
func (r *procsRaise) end() {
	r.mu.Lock()
	defer r.mu.Unlock()

	r.active--
	if r.active == 0 && runtime.GOMAXPROCS(0) != r.prev {
		runtime.GOMAXPROCS(r.prev)
	}
}
