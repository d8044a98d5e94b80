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

// Package gethrun runs geth and, when geth fails, says why in geth's own
// words. A failed geth import ends its output with pages of pebble's
// statistics, so the last lines of its output never hold the reason; gethrun
// picks the line that does (a panic, utils.Fatalf's "Fatal: ..." line, the
// error geth's main prints last, or an ERROR log line) and returns an Error
// that names the command, its exit status and that line.
//
// Cmd runs a command from start to end. A caller that starts the process
// itself (in a cgroup, with monitors) sets an Output's writers as the
// process's stdout and stderr, and asks Output.Failure for the Error.
package gethrun

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// KillDelay is how long Run waits for geth to shut down after the SIGTERM
// of a canceled context, before it kills it.
const KillDelay = 30 * time.Second

// Cmd is a geth command to run with Run (or a command of any program that
// reports errors as geth does: statelab's tools do). Run reads its fields
// and does not change them.
type Cmd struct {
	Path string   // the binary
	Args []string // its arguments, in geth's order: global flags, subcommand, flags, files

	// Name is how errors name the command: the binary, its subcommand and
	// its input file, such as "geth import chain.rlp". Empty, it is Path's
	// base name followed by Args.
	Name string

	Env []string // added to the environment geth inherits

	// Log is a file that gets geth's whole output, line by line as it
	// comes (created, or truncated); errors name it. Empty for none. The
	// two streams come through two pipes: each line is whole, but a line
	// of one may land a little before an earlier line of the other.
	Log string

	// OnLine, if not nil, is called with each line of geth's output as it
	// comes (without its newline), one call at a time.
	OnLine func(line string)

	SysProcAttr *syscall.SysProcAttr // such as a Pdeathsig; nil for none
}

// Run starts the command and waits for it to end. It returns nil if geth
// exited with status 0, and an *Error naming geth's reason if it exited
// otherwise. Canceling ctx sends geth SIGTERM, on which it shuts down
// cleanly, and kills it KillDelay later; Run then returns an error that says
// it was interrupted.
func (c *Cmd) Run(ctx context.Context) (err error) {
	var log io.Writer
	if c.Log != "" {
		f, err := os.Create(c.Log)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("%s: %v", c.Log, cerr)
			}
		}()
		log = f
	}
	out := NewOutput(log, c.OnLine)
	cmd := exec.CommandContext(ctx, c.Path, c.Args...)
	cmd.Stdout, cmd.Stderr = out.Writer(Stdout), out.Writer(Stderr)
	if len(c.Env) > 0 {
		cmd.Env = append(os.Environ(), c.Env...)
	}
	cmd.SysProcAttr = c.SysProcAttr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = KillDelay
	runErr := cmd.Run()
	if ferr := out.Flush(); ferr != nil {
		return fmt.Errorf("writing the output of %s to %s: %v", c.name(), c.Log, ferr)
	}
	switch {
	case runErr == nil:
		return nil
	case ctx.Err() != nil:
		if c.Log != "" {
			return fmt.Errorf("%s: interrupted (%v); see %s", c.name(), runErr, c.Log)
		}
		return fmt.Errorf("%s: interrupted (%v)", c.name(), runErr)
	}
	e := out.Failure(c.name(), runErr)
	e.Log = c.Log
	return e
}

// name is how errors name the command.
func (c *Cmd) name() string {
	if c.Name != "" {
		return c.Name
	}
	return strings.Join(append([]string{filepath.Base(c.Path)}, c.Args...), " ")
}

// Error is a geth command that failed.
type Error struct {
	Name   string   // the command, as Cmd.Name
	Err    error    // how it ended: an *exec.ExitError, or why it did not start
	Reason string   // geth's line that says why; "" if it printed none
	Tail   []string // its last lines of output, when Reason is ""
	Log    string   // the file that holds its output; "" for none
}

// Error returns "NAME: STATUS: REASON (log LOG)"; without a reason, the
// last lines of output follow on lines of their own.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v", e.Name, e.Err)
	if e.Reason != "" {
		fmt.Fprintf(&b, ": %s", e.Reason)
	}
	if e.Log != "" {
		fmt.Fprintf(&b, " (log %s)", e.Log)
	}
	if e.Reason == "" && len(e.Tail) > 0 {
		b.WriteString("; its last lines:\n" + strings.Join(e.Tail, "\n"))
	}
	return b.String()
}

// Unwrap returns how the command ended.
func (e *Error) Unwrap() error {
	return e.Err
}
