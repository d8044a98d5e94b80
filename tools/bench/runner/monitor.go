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

package runner

import (
	"fmt"
	"os"
	"sync"
	"time"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/record"
)

// runMonitor samples a running geth: its /proc/PID/io counters and, in a
// memory-bounded run, its cgroup's, every interval and whenever geth logs
// a block (mark). It tracks the cgroup's peak usage and whether the
// process was seen inside the cgroup. mark may be called from any
// goroutine; the rest belongs to the goroutine that started it.
type runMonitor struct {
	pid   int
	cg    *cgroup.Group
	start time.Time

	mu     sync.Mutex
	last   record.IOSample
	blocks []record.IOSample
	seen   cgroup.Observed // what the cgroup samples showed

	stop, done chan struct{}
}

// startMonitor starts sampling pid (in cg, nil for an unbounded run) every
// interval.
func startMonitor(pid int, cg *cgroup.Group, interval time.Duration) *runMonitor {
	m := &runMonitor{pid: pid, cg: cg, start: time.Now(), seen: cgroup.Observed{PID: pid}, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(m.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			m.sample()
			select {
			case <-m.stop:
				return
			case <-t.C:
			}
		}
	}()
	return m
}

// sample takes one reading and returns it. A process that has exited
// keeps its last /proc figures.
func (m *runMonitor) sample() record.IOSample {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.last
	s.AtMs = float64(time.Since(m.start).Microseconds()) / 1e3
	if io, err := iostat.ReadProcIO(m.pid); err == nil {
		s.ProcIO = io
	}
	if m.cg == nil {
		m.last = s
		return s
	}
	if !m.seen.Inside {
		if blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", m.pid)); err == nil {
			m.seen.Inside = m.cg.Holds(blob)
		}
	}
	cs, err := m.cg.Sample()
	if err != nil {
		if m.seen.Err == nil {
			m.seen.Err = err
		}
	} else {
		m.seen.Samples++
		s.Cgroup = &cs
		m.seen.Peaks.Add(cs)
	}
	m.last = s
	return s
}

// mark records a reading at a block boundary.
func (m *runMonitor) mark() {
	s := m.sample()
	m.mu.Lock()
	m.blocks = append(m.blocks, s)
	m.mu.Unlock()
}

// observed returns what the cgroup samples have shown so far.
func (m *runMonitor) observed() cgroup.Observed {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.seen
}

// finish takes the last reading, once the process has exited but before it
// is reaped (so that /proc/PID/io still holds its final counters), and
// stops sampling.
func (m *runMonitor) finish() record.IOSample {
	s := m.sample()
	close(m.stop)
	<-m.done
	return s
}
