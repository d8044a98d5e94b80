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
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// importJob is one geth import of a workload file into a prepared datadir.
type importJob struct {
	Geth    string   // binary
	Datadir string   // fresh copy of the prepared datadir
	File    string   // workload dump
	Args    []string // extra flags (study's geth_args, BAL, telemetry)
	Env     []string // extra environment (the trace service name)
	LogPath string   // where geth's output is kept
}

// importResult is what one import measured.
type importResult struct {
	WallSeconds float64    `json:"wall_seconds"`
	ReadBytes   uint64     `json:"read_bytes"`     // last /proc/PID/io read_bytes sample
	InBlockIO   int64      `json:"rusage_inblock"` // getrusage ru_inblock (512-byte blocks)
	Blocks      []BlockLog `json:"blocks"`
}

// importArgs is the command line of an import job.
func (j importJob) importArgs() []string {
	args := []string{"import", "--datadir", j.Datadir, "--nocompaction", "--debug.logslowblock", "0"}
	args = append(args, j.Args...)
	return append(args, j.File)
}

// run executes the import, polling the process's I/O counters while it runs,
// and parses the per-block JSON from its log.
func (j importJob) run() (*importResult, error) {
	logf, err := os.Create(j.LogPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(j.Geth, j.importArgs()...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = diesWithParent()
	if len(j.Env) > 0 {
		cmd.Env = append(os.Environ(), j.Env...)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %v", j.Geth, err)
	}
	poller := pollIO(cmd.Process.Pid, 50*time.Millisecond)
	werr := cmd.Wait()
	res := &importResult{WallSeconds: time.Since(start).Seconds(), ReadBytes: poller.Stop()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.InBlockIO = ru.Inblock
	}
	if werr != nil {
		return nil, fmt.Errorf("%s %s: %v (log %s):\n%s", filepath.Base(j.Geth), strings.Join(j.importArgs(), " "), werr, j.LogPath, logTail(j.LogPath, 15))
	}
	f, err := os.Open(j.LogPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if res.Blocks, err = parseBlockLogs(f); err != nil {
		return nil, fmt.Errorf("%s: %v", j.LogPath, err)
	}
	return res, nil
}

// runCommand runs a preparation command (init, population import), keeping
// its output in logPath and naming it in any error.
func runCommand(logPath, bin string, args ...string) error {
	var out bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = diesWithParent()
	err := cmd.Run()
	if werr := os.WriteFile(logPath, out.Bytes(), 0o644); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return fmt.Errorf("%s %s: %v (log %s):\n%s", filepath.Base(bin), strings.Join(args, " "), err, logPath, logTail(logPath, 15))
	}
	return nil
}

// diesWithParent makes a child process get SIGKILL when bench exits, so that
// an interrupted study leaves no geth writing into its datadirs.
func diesWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// logTail returns the last n lines of a log file.
func logTail(path string, n int) string {
	blob, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(blob), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
