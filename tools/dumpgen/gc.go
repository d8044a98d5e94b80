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
	"os"
	"runtime/debug"
)

const (
	// gcPercent is the GOGC dumpgen runs with unless GOGC is set. The
	// generator allocates heavily (trie nodes, EVM arenas, transactions)
	// but keeps a live heap far below the memory budget, so collecting
	// less often trades memory for a good part of the CPU the default
	// spends on garbage collection.
	gcPercent = 200

	// gcMemoryLimit is the soft memory limit dumpgen runs with unless
	// GOMEMLIMIT is set: near it the collector runs as often as needed,
	// whatever gcPercent says.
	gcMemoryLimit = 8 << 30

	// datadirMemoryLimit is the soft memory limit of dumpgen datadir, whose
	// live heap stays below 1 GB at any entry count (sort buckets, batches,
	// memtables): it keeps the collector's slack from taking the process
	// past 4 GB.
	datadirMemoryLimit = 3 << 30
)

// tuneGC applies gcPercent and gcMemoryLimit where the environment does
// not override them.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	limitMemory(gcMemoryLimit)
}

// limitMemory sets the soft memory limit unless GOMEMLIMIT does.
func limitMemory(limit int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit)
	}
}
