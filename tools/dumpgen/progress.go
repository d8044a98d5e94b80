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
	out   io.Writer
	start time.Time
	last  time.Time
}

func newProgress(out io.Writer) *progress {
	now := time.Now()
	return &progress{out: out, start: now, last: now}
}

// update prints a line if progressInterval passed since the last one, or if
// final is set. total is an estimate until final.
func (p *progress) update(blocks, total uint64, status string, final bool) {
	now := time.Now()
	if !final && now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	state := "generating"
	if final {
		state = "generated"
	}
	fmt.Fprintf(p.out, "dumpgen: %s blocks %d/~%d, %s, elapsed %v\n",
		state, blocks, total, status, now.Sub(p.start).Round(time.Millisecond))
}
