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

package gethrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fakeGethEnv selects the test binary's fake geth mode: TestMain then acts as
// geth failing in that way instead of running the tests.
const fakeGethEnv = "GETHRUN_FAKE_GETH"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeGethEnv); mode != "" {
		os.Exit(fakeGeth(mode))
	}
	os.Exit(m.Run())
}

// The last line of testdata/import_error.stderr: what geth's main printed
// after a failed import.
const importErrorLine = "import chain.rlp: invalid block 3: unknown ancestor"

// fakeGeth prints what geth prints when it fails in the given way, using the
// output of a real failed import (testdata), and returns its exit status.
func fakeGeth(mode string) int {
	logLines := readLines("testdata/import_error.stderr")
	stats := readLines("testdata/import_stats.stdout")
	head := logLines[:40] // the start-up log, up to the chain config
	switch mode {
	case "ok":
		printLines(os.Stderr, head)
		printLines(os.Stdout, stats)
		return 0
	case "import-error":
		// The log and the BAD BLOCK report, the statistics, then main's error.
		printLines(os.Stderr, logLines[:len(logLines)-1])
		printLines(os.Stdout, stats)
		fmt.Fprintln(os.Stderr, logLines[len(logLines)-1])
		return 1
	case "joined-error":
		printLines(os.Stderr, head)
		printLines(os.Stdout, stats)
		fmt.Fprintln(os.Stderr, errors.Join(
			errors.New(importErrorLine),
			errors.New("import: the imported state was not saved: write /data/journal: no space left on device")))
		return 1
	case "fatal":
		// utils.Fatalf writes to both streams when they differ.
		printLines(os.Stderr, head)
		line := "Fatal: Failed to read genesis file: open genesis.json: no such file or directory"
		fmt.Fprintln(os.Stdout, line)
		fmt.Fprintln(os.Stderr, line)
		return 1
	case "panic":
		printLines(os.Stderr, head)
		printLines(os.Stdout, stats)
		panic("missing trie node 0a1b (path 0c)") // the runtime prints it: exit status 2
	case "killed":
		// An error logged, then a multi-line log message cut short.
		printLines(os.Stderr, head)
		fmt.Fprintln(os.Stderr, `ERROR[12-06|17:00:19.926] Failed to journal state snapshot         err="write: broken pipe"`)
		fmt.Fprintln(os.Stderr, "WARN [12-06|17:00:19.927] Long message")
		fmt.Fprintln(os.Stderr, "second line of the long message")
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Minute)
		return 0
	case "stats-only":
		printLines(os.Stdout, stats)
		return 3
	case "unterminated":
		fmt.Fprint(os.Stderr, "INFO [12-06|17:00:19.911] Starting\nno newline at the end")
		return 1
	case "wait-for-sigterm":
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM)
		fmt.Fprintln(os.Stderr, "INFO [12-06|17:00:19.911] Importing blockchain")
		<-sig
		fmt.Fprintln(os.Stderr, "INFO [12-06|17:00:19.912] Got interrupt, shutting down...")
		return 1
	case "env":
		fmt.Fprintln(os.Stdout, os.Getenv("GETHRUN_TEST_VALUE"))
		return 0
	}
	fmt.Fprintf(os.Stderr, "unknown fake geth mode %q\n", mode)
	return 100
}

func readLines(path string) []string {
	blob, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return strings.Split(strings.TrimSuffix(string(blob), "\n"), "\n")
}

func printLines(f *os.File, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
}

// fakeCmd is a Cmd that runs the test binary as fake geth in mode.
func fakeCmd(t *testing.T, mode string) *Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Cmd{
		Path: self,
		Args: []string{"--datadir", "/data/datadir", "import", "--nocompaction", "chain.rlp"},
		Name: "geth import chain.rlp",
		Env:  []string{fakeGethEnv + "=" + mode},
	}
}

// TestRunReason checks the error of each way geth fails: the command, the
// exit status and geth's reason, never the statistics that end its output.
func TestRunReason(t *testing.T) {
	tests := []struct {
		mode   string
		status string
		reason string
	}{
		{"import-error", "exit status 1", importErrorLine},
		{"joined-error", "exit status 1", importErrorLine + "; import: the imported state was not saved: write /data/journal: no space left on device"},
		{"fatal", "exit status 1", "Fatal: Failed to read genesis file: open genesis.json: no such file or directory"},
		{"panic", "exit status 2", "panic: missing trie node 0a1b (path 0c)"},
		{"killed", "signal: killed", `ERROR[12-06|17:00:19.926] Failed to journal state snapshot         err="write: broken pipe"`},
		{"unterminated", "exit status 1", "no newline at the end"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			err := fakeCmd(t, tt.mode).Run(context.Background())
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want an *Error", err, err)
			}
			if e.Reason != tt.reason {
				t.Errorf("reason %q, want %q", e.Reason, tt.reason)
			}
			want := "geth import chain.rlp: " + tt.status + ": " + tt.reason
			if err.Error() != want {
				t.Errorf("error\n%s\nwant\n%s", err, want)
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Errorf("error does not wrap the *exec.ExitError")
			}
		})
	}
}

// TestRunNoReason checks that a geth that printed no reason is reported
// with its last lines, and names its log.
func TestRunNoReason(t *testing.T) {
	c := fakeCmd(t, "stats-only")
	c.Log = filepath.Join(t.TempDir(), "geth.log")
	err := c.Run(context.Background())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *Error", err, err)
	}
	stats := readLines("testdata/import_stats.stdout")
	wantTail := stats[len(stats)-TailLines:]
	if strings.Join(e.Tail, "\n") != strings.Join(wantTail, "\n") {
		t.Errorf("tail\n%s\nwant\n%s", strings.Join(e.Tail, "\n"), strings.Join(wantTail, "\n"))
	}
	want := "geth import chain.rlp: exit status 3 (log " + c.Log + "); its last lines:\n" + strings.Join(wantTail, "\n")
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
}

// TestRunOutput checks that a successful run returns nil, and that the log
// and OnLine get every line of both streams.
func TestRunOutput(t *testing.T) {
	c := fakeCmd(t, "ok")
	c.Log = filepath.Join(t.TempDir(), "geth.log")
	var seen []string
	c.OnLine = func(line string) { seen = append(seen, line) }
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := append(readLines("testdata/import_error.stderr")[:40], readLines("testdata/import_stats.stdout")...)
	if !sameLines(seen, want) {
		t.Errorf("OnLine got %d lines, want the %d of stdout and stderr", len(seen), len(want))
	}
	if logged := readLines(c.Log); !sameLines(logged, want) {
		t.Errorf("the log holds %d lines, want the %d of stdout and stderr", len(logged), len(want))
	}
}

// sameLines reports whether a and b hold the same lines, in any order
// between the streams.
func sameLines(a, b []string) bool {
	count := map[string]int{}
	for _, l := range a {
		count[l]++
	}
	for _, l := range b {
		count[l]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

func TestRunEnv(t *testing.T) {
	c := fakeCmd(t, "env")
	c.Env = append(c.Env, "GETHRUN_TEST_VALUE=from the test")
	var lines []string
	c.OnLine = func(line string) { lines = append(lines, line) }
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || lines[0] != "from the test" {
		t.Errorf("fake geth printed %q, want its environment's value", lines)
	}
}

// TestRunInterrupted checks that canceling the context stops geth with
// SIGTERM, without waiting for KillDelay, and says so.
func TestRunInterrupted(t *testing.T) {
	c := fakeCmd(t, "wait-for-sigterm")
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	c.OnLine = func(line string) {
		if strings.Contains(line, "Importing blockchain") {
			once.Do(cancel)
		}
	}
	start := time.Now()
	err := c.Run(ctx)
	if err == nil || !strings.Contains(err.Error(), "geth import chain.rlp: interrupted") {
		t.Fatalf("error %v, want an interruption", err)
	}
	if d := time.Since(start); d >= KillDelay {
		t.Errorf("took %v: geth was killed, not stopped by SIGTERM", d)
	}
}

// TestRunNotStarted checks the error of a binary that does not exist.
func TestRunNotStarted(t *testing.T) {
	c := &Cmd{Path: filepath.Join(t.TempDir(), "geth"), Args: []string{"import", "chain.rlp"}}
	err := c.Run(context.Background())
	if err == nil || !strings.HasPrefix(err.Error(), "geth import chain.rlp: ") || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("error %v, want the missing binary named", err)
	}
}
