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
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/command"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/record"
	"statelab/tools/bench/slowblock"
	"statelab/tools/internal/gethrun"
)

// importJob is one geth import of a workload file into a prepared datadir.
type importJob struct {
	Geth    string        // binary
	Global  []string      // flags before the import command
	Datadir string        // fresh clone of the prepared datadir
	File    string        // workload dump
	Args    []string      // extra flags (study's geth_args, BAL, telemetry, cache)
	Env     []string      // extra environment (the trace service name)
	LogPath string        // where geth's output is kept
	Cgroup  *cgroup.Group // memory bound; nil for an unbounded run
}

// importArgs is the command line of an import job.
func (j importJob) importArgs() []string {
	args := append(append([]string{}, j.Global...), "import", "--datadir", j.Datadir, "--nocompaction", "--debug.logslowblock", "0")
	args = append(args, j.Args...)
	return append(args, j.File)
}

// run executes the import, in its cgroup if it has one, sampling its I/O
// counters while it runs and at every block it logs, and parses the
// per-block JSON from its log. A bounded run whose bound was not in force
// is an error.
func (j importJob) run() (*record.Import, error) {
	logf, err := os.Create(j.LogPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	argv := append([]string{j.Geth}, j.importArgs()...)
	if j.Cgroup != nil {
		argv = j.Cgroup.Wrap(argv)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = pw, pw
	cmd.SysProcAttr = command.DiesWithParent()
	if len(j.Env) > 0 {
		cmd.Env = append(os.Environ(), j.Env...)
	}
	devBefore, devErr := iostat.ReadDeviceReads(j.Datadir)
	start := time.Now()
	err = cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, fmt.Errorf("starting %s: %v", j.Geth, err)
	}
	mon := startMonitor(cmd.Process.Pid, j.Cgroup, 50*time.Millisecond)
	out := gethrun.NewOutput(logf, nil)
	copied := make(chan error, 1)
	go func() { copied <- copyLog(pr, out.Writer(gethrun.Combined), mon.mark) }()
	command.WaitExited(cmd.Process.Pid)
	cerr := <-copied // geth has exited: its output ends
	pr.Close()
	if ferr := out.Flush(); cerr == nil {
		cerr = ferr
	}
	last := mon.finish()
	werr := cmd.Wait()
	res := &record.Import{WallSeconds: time.Since(start).Seconds(), ReadBytes: last.ReadBytes, ProcIO: last.ProcIO}
	res.BlockIO = mon.blocks
	if devErr == nil {
		if after, err := iostat.ReadDeviceReads(j.Datadir); err == nil {
			d := after.Since(devBefore)
			res.Device = &d
		}
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.InBlockIO = ru.Inblock
	}
	var berr error
	if j.Cgroup != nil {
		res.Bound, berr = j.boundRecord(mon)
	}
	if werr != nil {
		gerr := out.Failure(filepath.Base(j.Geth)+" "+strings.Join(j.importArgs(), " "), werr)
		gerr.Log = j.LogPath
		if res.Bound != nil && res.Bound.OOMKills > 0 {
			return nil, fmt.Errorf("geth was killed by the memory cgroup's OOM killer (limit %d MiB): raise the memory limit or lower geth's --cache\n%w", res.Bound.Limit>>20, gerr)
		}
		return nil, gerr
	}
	if berr != nil {
		return nil, fmt.Errorf("%s (log %s)", berr, j.LogPath)
	}
	if cerr != nil {
		return nil, fmt.Errorf("reading the output of %s: %v", j.Geth, cerr)
	}
	f, err := os.Open(j.LogPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if res.Blocks, err = slowblock.Parse(f); err != nil {
		return nil, fmt.Errorf("%s: %v", j.LogPath, err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil, err
	}
	res.PebbleBlockHitPct = slowblock.ParsePebbleBlockHit(f)
	return res, nil
}

// boundRecord reads the cgroup's lifetime figures after the process exited
// and verifies the bound.
func (j importJob) boundRecord(mon *runMonitor) (*cgroup.BoundRecord, error) {
	end, err := j.Cgroup.End()
	if err != nil {
		return nil, fmt.Errorf("memory bound not verified: %v", err)
	}
	last, err := j.Cgroup.Sample()
	if err != nil {
		return nil, fmt.Errorf("memory bound not verified: %v", err)
	}
	return cgroup.Verify(j.Cgroup, mon.observed(), end, last)
}

// copyLog copies geth's output to the log, line by line, calling onBlock
// as each per-block JSON line arrives: the I/O counters read then are the
// block's boundary.
func copyLog(r io.Reader, w io.Writer, onBlock func()) error {
	br := bufio.NewReaderSize(r, 64*1024)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if bytes.Contains(line, slowblock.Marker) {
				onBlock()
			}
			if _, werr := w.Write(line); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
