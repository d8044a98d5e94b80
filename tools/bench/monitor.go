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
	"os"
	"statelab/tools/bench/iostat"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// ioSample is a reading of a run's cumulative I/O counters.
type ioSample struct {
	AtMs float64 `json:"at_ms"` // since the process started
	iostat.ProcIO
	Cgroup *cgroupSample `json:"cgroup,omitempty"` // memory-bounded runs
}

// memPeaks are the highest figures a run's cgroup reached in the samples.
type memPeaks struct {
	Usage   int64 `json:"usage"`
	File    int64 `json:"file"`
	Anon    int64 `json:"anon"`
	NonFile int64 `json:"non_file"` // usage less page cache: the process's own memory, kernel's included
}

// runMonitor samples a running geth: its /proc/PID/io counters and, in a
// memory-bounded run, its cgroup's, every interval and whenever geth logs
// a block (mark). It tracks the cgroup's peak usage and whether the
// process was seen inside the cgroup. mark may be called from any
// goroutine; the rest belongs to the goroutine that started it.
type runMonitor struct {
	pid   int
	cg    *runCgroup
	start time.Time

	mu      sync.Mutex
	last    ioSample
	blocks  []ioSample
	peaks   memPeaks
	inside  bool  // the process was seen in the memory cgroup
	samples int   // cgroup samples taken
	err     error // first failure to read the cgroup

	stop, done chan struct{}
}

// startMonitor starts sampling pid (in cg, nil for an unbounded run) every
// interval.
func startMonitor(pid int, cg *runCgroup, interval time.Duration) *runMonitor {
	m := &runMonitor{pid: pid, cg: cg, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
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
func (m *runMonitor) sample() ioSample {
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
	if !m.inside {
		if blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", m.pid)); err == nil {
			m.inside = m.cg.holds(blob)
		}
	}
	cs, err := m.cg.sample()
	if err != nil {
		if m.err == nil {
			m.err = err
		}
	} else {
		m.samples++
		s.Cgroup = &cs
		m.peaks.Usage = max(m.peaks.Usage, cs.Usage)
		m.peaks.File = max(m.peaks.File, cs.File)
		m.peaks.Anon = max(m.peaks.Anon, cs.Anon)
		m.peaks.NonFile = max(m.peaks.NonFile, cs.Usage-cs.File)
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

// finish takes the last reading, once the process has exited but before it
// is reaped (so that /proc/PID/io still holds its final counters), and
// stops sampling.
func (m *runMonitor) finish() ioSample {
	s := m.sample()
	close(m.stop)
	<-m.done
	return s
}

// waitExited blocks until pid has exited, leaving it unreaped: its /proc
// entry stays readable until exec.Cmd.Wait reaps it.
func waitExited(pid int) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			return
		}
	}
}
