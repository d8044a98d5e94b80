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

// Package prepare makes what bench's runs start from, once, in its work
// directory, and reuses it across runs and studies: the dumpgen dumps
// (dumps/), the datadirs prepared from them, with the population imported,
// its journaled state persisted and its database compacted (datadirs/),
// and the BAL sidecars of the workloads (sidecars/). Each step is marked
// done only once it succeeded, so an interrupted preparation is taken up
// again, and a datadir prepared before a step existed gets it on reuse.
package prepare

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// Workdir is bench's work directory. Its methods are called from one
// goroutine at a time; they run their preparations several at once and call
// Progress from those goroutines, so Progress must be safe for concurrent
// use.
type Workdir struct {
	Dir       string               // the directory
	Chaininfo string               // chaininfo binary that persists journaled state; "" to skip that step
	Dumpgen   string               // dumpgen binary that writes the datadirs of populations placed in the genesis
	Progress  func(string, ...any) // progress lines
}

// DefaultJobs is how many dumps or datadirs a study prepares at once
// unless told otherwise. dumpgen keeps about one core busy, and a population
// import one to one and a half while it waits on its buffer flushes, so two
// at once use a 2-core machine that one leaves partly idle. At 10^7 entries
// a dumpgen peaks at 7-9 GB and an import at about 4 GB.
const DefaultJobs = 2

// runJobs runs the jobs, at most n at once (at least one), waits for all
// that started, and returns the first error. After a failure no further job
// starts; the ones running finish, since a dumpgen or an import stopped
// half-way leaves nothing to reuse.
func runJobs(n int, jobs []func() error) error {
	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(max(n, 1))
	for _, job := range jobs {
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // another job failed
			}
			return job()
		})
	}
	return g.Wait()
}
