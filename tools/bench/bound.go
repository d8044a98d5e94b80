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
	"path/filepath"
	"statelab/tools/bench/bytesize"
	"sync/atomic"
)

// boundRecord is what a memory-bounded run recorded about its bound.
type boundRecord struct {
	Version    int          `json:"cgroup_version"`
	Cgroup     string       `json:"cgroup"`
	Limit      int64        `json:"limit"`       // bytes, as the kernel held it
	Peak       int64        `json:"peak"`        // highest usage: the kernel's own peak, else the highest sample
	KernelPeak int64        `json:"kernel_peak"` // -1 if the kernel keeps none (cgroup v2 before Linux 5.19)
	Sampled    memPeaks     `json:"sampled_peaks"`
	LimitHits  int64        `json:"limit_hits"` // times usage met the limit and the cgroup reclaimed
	OOMKills   int64        `json:"oom_kills"`
	Reached    bool         `json:"reached"` // usage met the limit, or came within 5% of it
	Samples    int          `json:"samples"`
	End        cgroupSample `json:"end"` // counters at exit: page cache, disk reads, refaults
}

// memoryBound makes the cgroups that bound runs to a memory limit. It is
// used by one harness, from one goroutine.
type memoryBound struct {
	host *cgroupHost
	seq  atomic.Int64
}

// newMemoryBound finds the cgroup hierarchy and proves that a cgroup with a
// memory limit can be made and removed, so that a study fails before it
// prepares anything rather than at its first run. Stale cgroups of earlier
// bench processes that no longer run are removed. The limit is set later
// with setLimit (it may depend on a prepared datadir's size).
func newMemoryBound(src cgroupSources, parent, work string) (*memoryBound, error) {
	host, err := findCgroupHost(src, parent, work)
	if err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	b := &memoryBound{host: host}
	b.removeStale()
	cg, err := host.create(b.name("probe"), 2*minMemLimit)
	if err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	if err := cg.remove(); err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	return b, nil
}

// checkLimit refuses a limit too small for geth to start.
func checkLimit(limit int64) error {
	if limit < minMemLimit {
		return fmt.Errorf("memory limit %s is below the %d MiB geth needs to start", bytesize.MiB(limit), minMemLimit>>20)
	}
	return nil
}

// minMemLimit is the smallest bound accepted: below it geth does not open
// a database.
const minMemLimit = 64 << 20

// name is the name of a bench cgroup: bench's PID, so that stale ones can
// be told from live ones, and a tag.
func (b *memoryBound) name(tag string) string {
	return fmt.Sprintf("statelab-bench-%d-%s", os.Getpid(), tag)
}

// newRun makes the cgroup of the next run with a limit, or, for 0, one that
// only accounts (the warm-up runs that calibrate an "auto" bound).
func (b *memoryBound) newRun(limit int64) (*runCgroup, error) {
	return b.host.create(b.name(fmt.Sprint(b.seq.Add(1))), limit)
}

// removeStale removes empty bench cgroups whose bench process is gone.
func (b *memoryBound) removeStale() {
	for _, parent := range []string{b.host.MemParent, b.host.IOParent} {
		if parent == "" {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(parent, "statelab-bench-*"))
		for _, dir := range matches {
			var pid int
			var tag string
			if _, err := fmt.Sscanf(filepath.Base(dir), "statelab-bench-%d-%s", &pid, &tag); err != nil {
				continue
			}
			if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
				continue // a running bench owns it
			}
			rmdirRetry(b.host.rmdir, dir, 0) // fails harmlessly if processes remain
		}
	}
}

// limitSlack is how far above its limit the kernel may let a cgroup's
// usage go: it charges some allocations that cannot fail (page tables, a
// page in flight) past the limit. Seen here: one page on cgroup v1. A run
// whose bound was not in force exceeds it by the page cache it filled.
func limitSlack(limit int64) int64 {
	return max(limit/1000, 1<<20)
}

// verifyBound checks that a run's memory bound was in force and returns
// its record: the process was seen inside the cgroup, the cgroup was
// readable while it ran, the limit did not change, and usage never went
// above it by more than limitSlack.
func verifyBound(cg *runCgroup, m *runMonitor, end cgroupEnd, last cgroupSample) (*boundRecord, error) {
	m.mu.Lock()
	inside, samples, peaks, merr := m.inside, m.samples, m.peaks, m.err
	m.mu.Unlock()
	rec := &boundRecord{Version: cg.Version, Cgroup: cg.Mem, Limit: cg.Limit, KernelPeak: end.Peak,
		Sampled: peaks, LimitHits: end.LimitHits, OOMKills: end.OOMKills, Samples: samples, End: last}
	rec.Peak = max(end.Peak, peaks.Usage)
	rec.Reached = cg.Limit > 0 && (end.LimitHits > 0 || float64(rec.Peak) >= 0.95*float64(cg.Limit))
	switch {
	case merr != nil:
		return rec, fmt.Errorf("memory bound not verified: reading cgroup %s: %v", cg.Mem, merr)
	case samples == 0:
		return rec, fmt.Errorf("memory bound not verified: no reading of cgroup %s while geth ran", cg.Mem)
	case !inside:
		return rec, fmt.Errorf("memory bound not in force: geth (pid %d) was never seen in cgroup %s", m.pid, cg.Mem)
	case cg.Limit == 0:
		return rec, nil // an accounting cgroup: nothing bounded
	case end.Limit != cg.Limit:
		return rec, fmt.Errorf("memory bound changed during the run: cgroup %s held %d bytes at the start and %d at the end", cg.Mem, cg.Limit, end.Limit)
	case rec.Peak > cg.Limit+limitSlack(cg.Limit):
		return rec, fmt.Errorf("memory bound not in force: cgroup %s usage peaked at %d bytes, above its limit of %d", cg.Mem, rec.Peak, cg.Limit)
	}
	return rec, nil
}
