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
