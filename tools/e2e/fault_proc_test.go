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

//go:build e2e

package e2e

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"statelab/tools/internal/fsutil"
)

// proc is a binary started in the background, whose output can be read while
// it runs. It is killed when the test ends if it still runs.
type proc struct {
	cmd     *exec.Cmd
	args    []string
	stdout  lockedBuffer
	stderr  lockedBuffer
	done    chan struct{}
	started time.Time
	ended   time.Time // once done is closed
	err     error     // of Wait, once done is closed
}

// lockedBuffer is a bytes.Buffer safe for one writer and concurrent readers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startProc starts a binary of build/bin with extra environment.
func startProc(t *testing.T, env []string, name string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin(t, name), args...), args: append([]string{name}, args...), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	p.started = time.Now()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		p.ended = time.Now()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

func (p *proc) stderrSoFar() string { return p.stderr.String() }

// killAfter sends SIGKILL after delay from now and waits for the process to
// end. It reports whether the process had exited on its own before.
func (p *proc) killAfter(delay time.Duration) (exited bool) {
	select {
	case <-p.done:
		return true
	case <-time.After(delay):
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	return false
}

// waitLog waits until the process's stderr contains s, it exits, or timeout.
func (p *proc) waitLog(s string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		if strings.Contains(p.stderr.String(), s) {
			return true
		}
		select {
		case <-p.done:
			return strings.Contains(p.stderr.String(), s)
		case <-deadline:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// exitedAfter reports whether the process, which has ended, ended after t.
func (p *proc) exitedAfter(t time.Time) bool {
	<-p.done
	return p.ended.After(t)
}

// pause stops the process (SIGSTOP) until resume; one that has exited is
// left alone.
func (p *proc) pause(t *testing.T) {
	t.Helper()
	p.signal(t, syscall.SIGSTOP)
}

// resume continues a paused process (SIGCONT).
func (p *proc) resume(t *testing.T) {
	t.Helper()
	p.signal(t, syscall.SIGCONT)
}

func (p *proc) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	select {
	case <-p.done:
		return
	default:
	}
	if err := p.cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		t.Fatalf("%s: %v", sig, err)
	}
}

// wait waits for the process to end and returns its result.
func (p *proc) wait(t *testing.T) *result {
	t.Helper()
	<-p.done
	res := &result{args: p.args, stdout: p.stdout.String(), stderr: p.stderr.String()}
	if exit, ok := p.err.(*exec.ExitError); ok {
		res.code = exit.ExitCode()
	} else if p.err != nil {
		t.Fatalf("%s: %v", strings.Join(p.args, " "), p.err)
	}
	return res
}

// copyTree copies a datadir.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	if err := fsutil.CopyTree(src, dst); err != nil {
		t.Fatal(err)
	}
}
