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
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// testEvent is one event of `go test -json` (cmd/test2json).
type testEvent struct {
	Time        time.Time
	Action      string // start, run, pause, cont, pass, bench, fail, output, skip, build-output, build-fail
	Package     string
	Test        string
	Elapsed     float64 // seconds
	Output      string
	ImportPath  string // build-output and build-fail events
	FailedBuild string // the package whose build failed, on a package's fail event
}

// testTally counts the tests (and subtests) of a go test run.
type testTally struct {
	passed, failed, skipped int
}

func (t *testTally) add(o testTally) {
	t.passed, t.failed, t.skipped = t.passed+o.passed, t.failed+o.failed, t.skipped+o.skipped
}

func (t testTally) String() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", t.passed, t.failed, t.skipped)
}

// testReport follows a go test -json event stream: it prints one line per
// package as it finishes and keeps the output of every test, package and build,
// so that failures are shown without running anything again.
type testReport struct {
	log      io.Writer
	tally    testTally
	output   map[string][]string // "pkg" or "pkg.Test" or "build pkg" -> output lines
	failures []string            // keys of failed tests and packages, in order
	builds   []string            // import paths whose build failed
}

func newTestReport(log io.Writer) *testReport {
	return &testReport{log: log, output: map[string][]string{}}
}

// event records one event.
func (r *testReport) event(e testEvent) {
	key := e.Package
	if e.Test != "" {
		key += "." + e.Test
	}
	switch e.Action {
	case "output":
		r.output[key] = append(r.output[key], e.Output)
	case "build-output":
		r.output["build "+e.ImportPath] = append(r.output["build "+e.ImportPath], e.Output)
	case "build-fail":
		r.builds = append(r.builds, e.ImportPath)
	case "pass", "fail", "skip":
		if e.Test != "" {
			switch e.Action {
			case "pass":
				r.tally.passed++
			case "fail":
				r.tally.failed++
				r.failures = append(r.failures, key)
			case "skip":
				r.tally.skipped++
			}
			return
		}
		switch e.Action {
		case "pass":
			fmt.Fprintf(r.log, "    ok   %s (%.1fs)\n", e.Package, e.Elapsed)
		case "fail":
			fmt.Fprintf(r.log, "    FAIL %s (%.1fs)\n", e.Package, e.Elapsed)
			r.failures = append(r.failures, key)
		}
	}
}

// line records one line of go test's standard output; lines that are not JSON
// events are printed as they are.
func (r *testReport) line(l string) {
	if !strings.HasPrefix(l, "{") {
		fmt.Fprintln(r.log, l)
		return
	}
	var e testEvent
	if err := json.Unmarshal([]byte(l), &e); err != nil {
		fmt.Fprintln(r.log, l)
		return
	}
	r.event(e)
}

// printFailures prints the output of the failed builds, tests and packages.
func (r *testReport) printFailures() {
	for _, b := range r.builds {
		fmt.Fprintf(r.log, "--- build of %s failed:\n%s", b, strings.Join(r.output["build "+b], ""))
	}
	for _, k := range r.failures {
		out := r.output[k]
		if len(out) > 200 {
			out = append([]string{"...\n"}, out[len(out)-200:]...)
		}
		fmt.Fprintf(r.log, "--- %s failed:\n%s", k, strings.Join(out, ""))
	}
}

// goTest runs go test -json with args in dir, prints a line per package, the
// output of whatever failed and a summary line "label: N passed, N failed, N
// skipped". It fails if go test fails or a test failed.
func (ws *workspace) goTest(dir, label string, env []string, args ...string) (testTally, error) {
	cmd := exec.CommandContext(ws.ctx, "go", append([]string{"test", "-json"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = ws.log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return testTally{}, err
	}
	if err := cmd.Start(); err != nil {
		return testTally{}, err
	}
	r := newTestReport(ws.log)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	for sc.Scan() {
		r.line(sc.Text())
	}
	scanErr := sc.Err()
	waitErr := cmd.Wait()
	r.printFailures()
	fmt.Fprintf(ws.log, "%s: %s\n", label, r.tally)
	switch {
	case scanErr != nil:
		return r.tally, fmt.Errorf("%s: reading go test's output: %v", label, scanErr)
	case waitErr != nil:
		return r.tally, fmt.Errorf("%s: go test failed: %v", label, waitErr)
	case r.tally.failed > 0 || len(r.failures) > 0:
		return r.tally, fmt.Errorf("%s: %d tests failed", label, r.tally.failed)
	}
	return r.tally, nil
}
