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

package core

import "runtime"

// concurrency returns how many transactions the state prefetcher executes at
// once: BlockChainConfig.PrefetchWorkers if set, else 4/5 of the CPUs. The
// prefetcher's work is reads, most of them waiting on the disk in a cold or
// memory-bound state, so more transactions in flight than CPUs can keep more
// reads in flight than the CPU count allows.
func (p *statePrefetcher) concurrency() int {
	if p.workers > 0 {
		return p.workers
	}
	return max(1, 4*runtime.NumCPU()/5)
}
