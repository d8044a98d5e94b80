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
	"path/filepath"
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
	tests    map[string][]string // package -> its failed top-level tests, in order
	packages []string            // packages that failed, in order
}

func newTestReport(log io.Writer) *testReport {
	return &testReport{log: log, output: map[string][]string{}, tests: map[string][]string{}}
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
				if !strings.Contains(e.Test, "/") {
					r.tests[e.Package] = append(r.tests[e.Package], e.Test)
				}
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
			r.packages = append(r.packages, e.Package)
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

// rerunnable returns the failed top-level tests by package when every failure
// of the run is a test that upstreamTest says is upstream's: nil when a build
// failed, a package failed without a failed test (a panic in TestMain, a
// timeout, a vet error), which a rerun cannot tell from a real failure, or a
// failed test is statelab's.
func (r *testReport) rerunnable(upstreamTest func(pkg, test string) bool) map[string][]string {
	if len(r.builds) > 0 || len(r.packages) == 0 {
		return nil
	}
	for _, p := range r.packages {
		if len(r.tests[p]) == 0 {
			return nil
		}
		for _, t := range r.tests[p] {
			if !upstreamTest(p, t) {
				return nil
			}
		}
	}
	return r.tests
}

// failuresUnder counts the failed tests of pkg that are test or its subtests.
func (r *testReport) failuresUnder(pkg, test string) int {
	n := 0
	for _, k := range r.failures {
		if k == pkg+"."+test || strings.HasPrefix(k, pkg+"."+test+"/") {
			n++
		}
	}
	return n
}

// goTest runs go test -json with args in dir, prints a line per package, the
// output of whatever failed and a summary line "label: N passed, N failed, N
// skipped". It fails if go test fails or a test failed.
func (ws *workspace) goTest(dir, label string, env []string, args ...string) (testTally, error) {
	_, tally, err := ws.runGoTest(dir, label, env, args...)
	return tally, err
}

// goTestRerunFlaky runs geth's own tests like goTest, then reruns once, alone,
// each top-level test that failed if every one of them is upstream's (ours
// reports whether a package's test is defined in pristine upstream). A few of
// upstream's tests fail now and then for reasons outside the code under test
// (TestAttachWelcome picks a random port and says "sometimes this will fail,
// sorry"); one that passes on its rerun is reported as flaky by name and does
// not fail the run. A test that fails twice, a failed statelab test (overlay
// tests included), a failed build or a package that failed without a failed
// test fail it as before.
func (ws *workspace) goTestRerunFlaky(dir, label string, flags, pkgs []string, upstreamTest func(pkg, test string) bool) (testTally, error) {
	r, tally, err := ws.runGoTest(dir, label, nil, append(append([]string{}, flags...), pkgs...)...)
	if err == nil {
		return tally, nil
	}
	failed := r.rerunnable(upstreamTest)
	if failed == nil {
		return tally, err
	}
	var flaky []string
	for _, pkg := range r.packages {
		tests := failed[pkg]
		ws.logf("%s: rerunning %s %s once", label, pkg, strings.Join(tests, " "))
		args := append(append([]string{}, flags...), "-run", "^("+strings.Join(tests, "|")+")$", pkg)
		if _, _, rerr := ws.runGoTest(dir, label+" rerun", nil, args...); rerr != nil {
			return tally, fmt.Errorf("%w (and again when rerun: %v)", err, rerr)
		}
		for _, t := range tests {
			flaky = append(flaky, pkg+"."+t)
			n := r.failuresUnder(pkg, t)
			tally.failed -= n
			tally.passed += n
		}
	}
	ws.logf("%s: flaky (failed, then passed when rerun alone): %s", label, strings.Join(flaky, ", "))
	return tally, nil
}

// upstreamTests returns a function that reports whether the test named test
// of the package with import path pkg is defined in the pristine upstream
// module up (a func TestName( in one of the package directory's _test.go
// files).
func upstreamTests(up *upstream) func(pkg, test string) bool {
	return func(pkg, test string) bool {
		rel, ok := strings.CutPrefix(pkg, up.Path)
		if !ok {
			return false
		}
		files, _ := filepath.Glob(filepath.Join(up.Dir, filepath.FromSlash(rel), "*_test.go"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err == nil && strings.Contains(string(b), "\nfunc "+test+"(") {
				return true
			}
		}
		return false
	}
}

// runGoTest runs go test -json and returns its report.
func (ws *workspace) runGoTest(dir, label string, env []string, args ...string) (*testReport, testTally, error) {
	cmd := exec.CommandContext(ws.ctx, "go", append([]string{"test", "-json"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = ws.log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, testTally{}, err
	}
	if err := cmd.Start(); err != nil {
		return nil, testTally{}, err
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
		return r, r.tally, fmt.Errorf("%s: reading go test's output: %v", label, scanErr)
	case waitErr != nil:
		return r, r.tally, fmt.Errorf("%s: go test failed: %v", label, waitErr)
	case r.tally.failed > 0 || len(r.failures) > 0:
		return r, r.tally, fmt.Errorf("%s: %d tests failed", label, r.tally.failed)
	}
	return r, r.tally, nil
}
