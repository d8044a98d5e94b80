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

package cgroup

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
)

// BoundRecord is what a memory-bounded run recorded about its bound.
type BoundRecord struct {
	Version    int    `json:"cgroup_version"`
	Cgroup     string `json:"cgroup"`
	Limit      int64  `json:"limit"`       // bytes, as the kernel held it
	Peak       int64  `json:"peak"`        // highest usage: the kernel's own peak, else the highest sample
	KernelPeak int64  `json:"kernel_peak"` // -1 if the kernel keeps none (cgroup v2 before Linux 5.19)
	Sampled    Peaks  `json:"sampled_peaks"`
	LimitHits  int64  `json:"limit_hits"` // times usage met the limit and the cgroup reclaimed
	OOMKills   int64  `json:"oom_kills"`
	Reached    bool   `json:"reached"` // usage met the limit, or came within 5% of it
	Samples    int    `json:"samples"`
	End        Sample `json:"end"` // counters at exit: page cache, disk reads, refaults
}

// Bound makes the cgroups that bound runs to a memory limit. It is
// used by one harness, from one goroutine.
type Bound struct {
	host *Host
	seq  atomic.Int64
}

// NewBound finds the cgroup hierarchy and proves that a cgroup with a
// memory limit can be made and removed, so that a study fails before it
// prepares anything rather than at its first run. Stale cgroups of earlier
// bench processes that no longer run are removed. The limit is set later
// with setLimit (it may depend on a prepared datadir's size).
func NewBound(src Sources, parent, work string) (*Bound, error) {
	host, err := FindHost(src, parent, work)
	if err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	b := &Bound{host: host}
	b.removeStale()
	cg, err := host.create(b.name("probe"), 2*MinLimit)
	if err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	if err := cg.Remove(); err != nil {
		return nil, fmt.Errorf("--mem-limit: %v", err)
	}
	return b, nil
}

// Host is the hierarchy the bound makes its cgroups in.
func (b *Bound) Host() *Host {
	return b.host
}

// CheckLimit refuses a limit too small for geth to start.
func CheckLimit(limit int64) error {
	if limit < MinLimit {
		return fmt.Errorf("memory limit %s is below the %d MiB geth needs to start", mib(limit), MinLimit>>20)
	}
	return nil
}

// MinLimit is the smallest bound accepted: below it geth does not open
// a database.
const MinLimit = 64 << 20

// mib formats bytes in MiB, as bench's reports do.
func mib(b int64) string {
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}

// name is the name of a bench cgroup: bench's PID, so that stale ones can
// be told from live ones, and a tag.
func (b *Bound) name(tag string) string {
	return fmt.Sprintf("statelab-bench-%d-%s", os.Getpid(), tag)
}

// NewRun makes the cgroup of the next run with a limit, or, for 0, one that
// only accounts (the warm-up runs that calibrate an "auto" bound).
func (b *Bound) NewRun(limit int64) (*Group, error) {
	return b.host.create(b.name(fmt.Sprint(b.seq.Add(1))), limit)
}

// removeStale removes empty bench cgroups whose bench process is gone.
func (b *Bound) removeStale() {
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

// Observed is what the sampler of a running process saw of its cgroup:
// whether the process was seen inside, how many readings it took, the
// highest figures they showed, and the first failure to read the cgroup.
type Observed struct {
	PID     int
	Inside  bool
	Samples int
	Peaks   Peaks
	Err     error
}

// Peaks are the highest figures a run's cgroup reached in the samples.
type Peaks struct {
	Usage   int64 `json:"usage"`
	File    int64 `json:"file"`
	Anon    int64 `json:"anon"`
	NonFile int64 `json:"non_file"` // usage less page cache: the process's own memory, kernel's included
}

// Add raises the peaks to a sample's figures.
func (p *Peaks) Add(s Sample) {
	p.Usage = max(p.Usage, s.Usage)
	p.File = max(p.File, s.File)
	p.Anon = max(p.Anon, s.Anon)
	p.NonFile = max(p.NonFile, s.Usage-s.File)
}

// Verify checks that a run's memory bound was in force and returns its
// record: the process was seen inside the cgroup, the cgroup was readable
// while it ran, the limit did not change, and usage never went above it by
// more than limitSlack.
func Verify(cg *Group, seen Observed, end End, last Sample) (*BoundRecord, error) {
	rec := &BoundRecord{Version: cg.Version, Cgroup: cg.Mem, Limit: cg.Limit, KernelPeak: end.Peak,
		Sampled: seen.Peaks, LimitHits: end.LimitHits, OOMKills: end.OOMKills, Samples: seen.Samples, End: last}
	rec.Peak = max(end.Peak, seen.Peaks.Usage)
	rec.Reached = cg.Limit > 0 && (end.LimitHits > 0 || float64(rec.Peak) >= 0.95*float64(cg.Limit))
	switch {
	case seen.Err != nil:
		return rec, fmt.Errorf("memory bound not verified: reading cgroup %s: %v", cg.Mem, seen.Err)
	case seen.Samples == 0:
		return rec, fmt.Errorf("memory bound not verified: no reading of cgroup %s while geth ran", cg.Mem)
	case !seen.Inside:
		return rec, fmt.Errorf("memory bound not in force: geth (pid %d) was never seen in cgroup %s", seen.PID, cg.Mem)
	case cg.Limit == 0:
		return rec, nil // an accounting cgroup: nothing bounded
	case end.Limit != cg.Limit:
		return rec, fmt.Errorf("memory bound changed during the run: cgroup %s held %d bytes at the start and %d at the end", cg.Mem, cg.Limit, end.Limit)
	case rec.Peak > cg.Limit+limitSlack(cg.Limit):
		return rec, fmt.Errorf("memory bound not in force: cgroup %s usage peaked at %d bytes, above its limit of %d", cg.Mem, rec.Peak, cg.Limit)
	}
	return rec, nil
}
