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
	"fmt"
	"io"
	"time"
)

// progressInterval is the minimum time between two progress lines.
const progressInterval = 2 * time.Second

// progress prints generation progress lines to a writer (stderr in the
// tool). It is used from the generating goroutine only.
type progress struct {
	out     io.Writer
	entries uint64 // entries planned
	start   time.Time
	last    time.Time
}

func newProgress(out io.Writer, entries uint64) *progress {
	now := time.Now()
	return &progress{out: out, entries: entries, start: now, last: now}
}

// update prints a line if progressInterval passed since the last one, or if
// final is set. blocksTotal is an estimate.
func (p *progress) update(blocks, blocksTotal, created uint64, final bool) {
	now := time.Now()
	if !final && now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start)
	rate := float64(created) / max(elapsed.Seconds(), 1e-9)
	state := "generating"
	if final {
		state = "generated"
	}
	fmt.Fprintf(p.out, "dumpgen: %s blocks %d/~%d, entries %d/%d (%.1f%%), %.0f entries/s, elapsed %v\n",
		state, blocks, blocksTotal, created, p.entries, 100*float64(created)/float64(max(p.entries, 1)),
		rate, elapsed.Round(time.Millisecond))
}
