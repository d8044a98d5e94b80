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
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/prepare"
	"statelab/tools/bench/record"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/statekind"
)

// harness runs imports under the study protocol: a fresh clone of a prepared
// datadir (fsutil.CloneDatadir), a verified cold (or warm) page cache, one geth import with the
// per-block JSON, and the process's counters. One study run or A/B
// comparison uses it from one goroutine; only progress, which the
// preparations call from several, is safe for concurrent use.
type harness struct {
	work     *prepare.Workdir // dumps, prepared datadirs and sidecars; the scratch datadir
	out      string           // report directory; logs go to out/logs
	bin      string           // binary directory: records name each geth relative to it
	cache    pagecache.Cache  // the page cache to drop and check
	warm     func(string) error
	log      io.Writer  // progress
	logMu    sync.Mutex // one progress line at a time (preparations run in parallel)
	start    time.Time
	warnedNo map[string]bool // binaries already reported as logging no per-block JSON
	traces   *traceCollector // nil: spans of telemetry runs are not collected
	bound    *cgroup.Bound   // memory bound of cold runs; nil for unbounded runs
	model    *study.Model    // the scale model: geth's --cache; nil for geth's defaults
}

// newHarness makes the work and log directories. The work directory
// prepares without chaininfo until its Chaininfo is set. Records name the
// binaries relative to bin.
func newHarness(work, out, bin string, log io.Writer) (*harness, error) {
	for _, d := range []string{work, filepath.Join(out, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	h := &harness{out: out, bin: bin, cache: pagecache.NewKernel(), warm: pagecache.WarmFiles, log: log, start: time.Now(), warnedNo: map[string]bool{}}
	h.work = &prepare.Workdir{Dir: work, Progress: h.progress}
	return h, nil
}

// progress prints a timestamped progress line.
func (h *harness) progress(format string, args ...any) {
	el := time.Since(h.start).Round(time.Second)
	line := fmt.Sprintf("bench [%s] %s\n", el, fmt.Sprintf(format, args...))
	h.logMu.Lock()
	defer h.logMu.Unlock()
	io.WriteString(h.log, line)
}

// runOnce measures one run of a configuration.
func (h *harness) runOnce(c study.Config, m *dumpmanifest.Manifest, prepared string, extra []string, run int) (*record.Run, error) {
	mf, file, err := m.Workload(c.Workload)
	if err != nil {
		return nil, err
	}
	scratch := h.scratchDir()
	if err := os.RemoveAll(scratch); err != nil {
		return nil, err
	}
	if err := fsutil.CloneDatadir(filepath.Join(prepared, "datadir"), scratch); err != nil {
		return nil, fmt.Errorf("cloning prepared datadir %s: %v", prepared, err)
	}
	rec := &record.Run{Config: c, Variant: c.Variant(), Workload: c.Workload, Run: run, WarmUp: run == 0,
		Slots: mf.SlotReads + mf.SlotWrites, SlotReads: mf.SlotReads, SlotWrites: mf.SlotWrites,
		Gas: mf.GasUsed, Journal: prepare.JournalBytes(scratch)}
	rec.Config.Geth.Path = binName(h.bin, c.Geth.Path)
	if c.Cache == statekind.Warm {
		rec.Cache, err = pagecache.MakeWarm(h.cache, scratch, h.warm)
	} else {
		rec.Cache, err = pagecache.MakeCold(h.cache, scratch)
	}
	if err != nil {
		return nil, fmt.Errorf("%s run %d: %v", c.Label(), run, err)
	}
	// The drop evicted the geth binary too: read it back so that the run's
	// I/O and wall time are the datadir's, not the program's loading.
	if err := h.warm(c.Geth.Path); err != nil {
		return nil, fmt.Errorf("reading %s: %v", c.Geth.Path, err)
	}
	job := importJob{Geth: c.Geth.Path, Global: globalArgs(c), Datadir: scratch, File: file, Args: append(h.configArgs(c, m), extra...),
		LogPath: filepath.Join(h.out, "logs", fmt.Sprintf("%s-run%d.log", strings.ReplaceAll(c.Label(), "/", "_"), run))}
	var service string
	if h.traces != nil && c.Telemetry != "" {
		service = h.traces.serviceName(rec, time.Now())
		args, env := h.traces.importSetup(service)
		job.Args, job.Env = append(job.Args, args...), env
	}
	if h.bound != nil && c.Cache == statekind.Cold {
		// Warm runs are the in-memory reference: their datadir was read
		// into the page cache outside any bound, so they run unbounded.
		if job.Cgroup, err = h.bound.NewRun(h.model.LimitFor(c.Label())); err != nil {
			return nil, fmt.Errorf("%s run %d: %v", c.Label(), run, err)
		}
		defer func() {
			if err := job.Cgroup.Remove(); err != nil {
				h.progress("warning: %v", err)
			}
		}()
	}
	res, err := job.run()
	if err != nil {
		return nil, fmt.Errorf("%s run %d: %v", c.Label(), run, err)
	}
	rec.Import = *res
	if err := h.checkBlocks(rec, mf); err != nil {
		return nil, err
	}
	if service != "" {
		if rec.Traces, err = h.traces.collect(h.out, service, rec); err != nil {
			return nil, fmt.Errorf("%s run %d: %v", c.Label(), run, err)
		}
		if rec.NodeFetches, err = readNodeFetches(filepath.Join(h.out, rec.Traces)); err != nil {
			return nil, fmt.Errorf("%s run %d: %v", c.Label(), run, err)
		}
	}
	return rec, nil
}

// scratchDir is the datadir a run imports into: a fresh clone of the
// prepared one, replaced by the next run.
func (h *harness) scratchDir() string {
	return filepath.Join(h.work.Dir, "scratch")
}

// removeScratch removes the last run's scratch datadir once a study or
// lane is done: a clone shares the prepared datadir's tables, but holds
// them alone once the prepared datadirs are deleted.
func (h *harness) removeScratch() {
	if err := os.RemoveAll(h.scratchDir()); err != nil {
		h.progress("warning: removing the scratch datadir: %v", err)
	}
}

// checkBlocks verifies that a run logged one JSON entry per workload block,
// or none at all (a geth without the batch-import patch, reported once).
func (h *harness) checkBlocks(rec *record.Run, mf dumpmanifest.File) error {
	want := int(mf.LastBlock - mf.FirstBlock + 1)
	switch n := len(rec.Blocks); {
	case n == 0:
		if !h.warnedNo[rec.Config.Geth.Path] {
			h.warnedNo[rec.Config.Geth.Path] = true
			h.progress("warning: %s logs no per-block JSON on import: only wall time and I/O are measured for it", rec.Config.Geth.Path)
		}
	case n != want:
		return fmt.Errorf("%s run %d: geth logged %d per-block JSON entries, the workload has %d blocks", rec.Config.Label(), rec.Run, n, want)
	}
	return nil
}

// configArgs are the import flags a configuration adds: block size (geth
// refuses a datadir of another size), BAL and telemetry.
func (h *harness) configArgs(c study.Config, m *dumpmanifest.Manifest) []string {
	args := c.BlockSizeArgs()
	if c.UsesBAL() {
		args = append(args, "--bal.file", h.work.SidecarPath(m, c.Workload), "--bal.type", balTypeFlag(c.BAL))
	}
	if c.Telemetry != "" {
		args = append(args, "--rpc.telemetry", "--rpc.telemetry.level="+c.Telemetry)
	}
	return append(args, h.model.CacheArgs()...)
}

// globalArgs are the flags of a configuration that go before the import
// command: --bintrie.groupdepth for a binary that needs it given (upstream
// geth defines it only as a global flag).
func globalArgs(c study.Config) []string {
	if c.Trie == statekind.UBT && c.Geth.GroupDepthFlag {
		return []string{fmt.Sprintf("--bintrie.groupdepth=%d", c.GroupDepth)}
	}
	return nil
}

// balTypeFlag is the --bal.type value of a study's BAL type ("type3" → "3").
func balTypeFlag(bal string) string {
	return strings.TrimPrefix(bal, "type")
}
