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

// Package command runs the programs bench starts (geth, dumpgen, balgen,
// chaininfo, tracesum) and reports their failures with the command and the
// reason it gave (see gethrun) or its standard error. The ones that write into the work
// directory die with bench (DiesWithParent), so that an interrupted study
// leaves nothing writing there.
package command

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"statelab/tools/internal/gethrun"
)

// Run runs a command, writing its output to logPath as it comes, so that a
// long one (a population import, dumpgen) can be followed there. An error
// names the command, its exit status, the log and the command's reason: the
// line geth (or a statelab tool) gave for failing, or else the log's last
// lines. The command dies with bench.
func Run(logPath, bin string, args ...string) error {
	cmd := &gethrun.Cmd{Path: bin, Args: args, Log: logPath, SysProcAttr: DiesWithParent()}
	return cmd.Run(context.Background())
}

// Output runs a command and returns its standard output; its standard
// error is part of any error.
func Output(bin string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", filepath.Base(bin), strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// DiesWithParent makes a child process get SIGKILL when bench exits, so that
// an interrupted study leaves no geth writing into its datadirs.
func DiesWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// WaitExited blocks until pid has exited, leaving it unreaped: its /proc
// entry stays readable until exec.Cmd.Wait reaps it.
func WaitExited(pid int) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			return
		}
	}
}
