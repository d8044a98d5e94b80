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
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTestReport feeds a go test -json stream with a passing, a skipped and a
// failing test, a failing package and a failed build: the tally counts the
// tests, and the failures print their own output once.
func TestTestReport(t *testing.T) {
	var log strings.Builder
	r := newTestReport(&log)
	for _, l := range []string{
		`{"Action":"start","Package":"p"}`,
		`{"Action":"run","Package":"p","Test":"TestOK"}`,
		`{"Action":"output","Package":"p","Test":"TestOK","Output":"ok output\n"}`,
		`{"Action":"pass","Package":"p","Test":"TestOK","Elapsed":0.1}`,
		`{"Action":"skip","Package":"p","Test":"TestSkip"}`,
		`{"Action":"output","Package":"p","Test":"TestBad","Output":"    bad_test.go:3: want 1, got 2\n"}`,
		`{"Action":"fail","Package":"p","Test":"TestBad","Elapsed":0.2}`,
		`{"Action":"fail","Package":"p","Elapsed":1.5}`,
		`{"ImportPath":"q [q.test]","Action":"build-output","Output":"q/x.go:1: syntax error\n"}`,
		`{"ImportPath":"q [q.test]","Action":"build-fail"}`,
		`{"Action":"fail","Package":"q","Elapsed":0,"FailedBuild":"q [q.test]"}`,
		`not json: printed as it is`,
	} {
		r.line(l)
	}
	r.printFailures()
	if r.tally != (testTally{passed: 1, failed: 1, skipped: 1}) {
		t.Errorf("tally %+v", r.tally)
	}
	out := log.String()
	for _, want := range []string{"    FAIL p (1.5s)", "--- p.TestBad failed:\n    bad_test.go:3: want 1, got 2", "--- build of q [q.test] failed:\nq/x.go:1: syntax error", "not json: printed as it is"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "ok output") {
		t.Errorf("a passing test's output was printed:\n%s", out)
	}
}

// TestGoTestRerunFlaky runs a module whose one test fails on its first run and
// passes on the second, and another whose test always fails: the first is
// reported flaky and passes, the second fails the run.
func TestGoTestRerunFlaky(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran-once")
	files := map[string]string{
		"go.mod": "module flaky\n\ngo 1.22\n",
		"flaky/flaky_test.go": `package flaky

import (
	"os"
	"testing"
)

func TestSteady(t *testing.T) {}

func TestOnce(t *testing.T) {
	if _, err := os.Stat(` + strconv.Quote(marker) + `); err != nil {
		os.WriteFile(` + strconv.Quote(marker) + `, nil, 0o644)
		t.Fatal("first run fails")
	}
}
`,
		"broken/broken_test.go": `package broken

import "testing"

func TestAlways(t *testing.T) { t.Fatal("always fails") }
`,
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var log strings.Builder
	ws := &workspace{ctx: context.Background(), log: &log}
	flags := []string{"-count=1"}
	all := func(pkg, test string) bool { return true }

	tally, err := ws.goTestRerunFlaky(dir, "upstream", flags, []string{"./flaky"}, all)
	if err != nil {
		t.Fatalf("a test that passed when rerun failed the run: %v\n%s", err, log.String())
	}
	if tally != (testTally{passed: 2}) {
		t.Errorf("tally %+v, want 2 passed", tally)
	}
	if !strings.Contains(log.String(), "flaky (failed, then passed when rerun alone): flaky/flaky.TestOnce") {
		t.Errorf("the flaky test was not named:\n%s", log.String())
	}

	log.Reset()
	if _, err := ws.goTestRerunFlaky(dir, "upstream", flags, []string{"./broken"}, all); err == nil {
		t.Fatalf("a test failing twice passed the run:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "rerunning flaky/broken TestAlways once") {
		t.Errorf("the failed test was not rerun:\n%s", log.String())
	}

	// A flaky test that is not upstream's gets no rerun.
	os.Remove(marker)
	log.Reset()
	none := func(pkg, test string) bool { return false }
	if _, err := ws.goTestRerunFlaky(dir, "upstream", flags, []string{"./flaky"}, none); err == nil {
		t.Fatalf("a failed statelab test was rerun:\n%s", log.String())
	}
}

// TestUpstreamTests finds upstream's own tests in the pristine module and not
// a name it lacks or a package outside it.
func TestUpstreamTests(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "cmd", "geth"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package main\n\nimport \"testing\"\n\nfunc TestAttachWelcome(t *testing.T) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "cmd", "geth", "consolecmd_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	is := upstreamTests(&upstream{Path: "github.com/ethereum/go-ethereum", Dir: dir})
	for _, c := range []struct {
		pkg, test string
		want      bool
	}{
		{"github.com/ethereum/go-ethereum/cmd/geth", "TestAttachWelcome", true},
		{"github.com/ethereum/go-ethereum/cmd/geth", "TestAttach", false},
		{"github.com/ethereum/go-ethereum/cmd/geth", "TestStatelabOverlay", false},
		{"github.com/ethereum/go-ethereum/trie", "TestAttachWelcome", false},
		{"statelab/tools/bench", "TestAttachWelcome", false},
	} {
		if got := is(c.pkg, c.test); got != c.want {
			t.Errorf("%s.%s: upstream's %v, want %v", c.pkg, c.test, got, c.want)
		}
	}
}
