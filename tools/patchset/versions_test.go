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
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOwnVersions reconstructs the version of core/feature.go that 0001 adds
// from the top-level file, which has 0002's hunk.
func TestOwnVersions(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	s, err := f.ws.loadSeries()
	if err != nil {
		t.Fatal(err)
	}
	own, err := f.ws.ownVersions(s)
	if err != nil {
		t.Fatal(err)
	}
	want := lgplHeader + "package core\n\nfunc feature() error {\n\treturn nil\n}\n"
	if got := string(own["core/feature.go"]); got != want {
		t.Errorf("core/feature.go as 0001 adds it:\n%s\nwant:\n%s", got, want)
	}
	if got := string(own["core/feature_test.go"]); got != lgplHeader+"package core\n" {
		t.Errorf("core/feature_test.go:\n%s", got)
	}
	if top := f.read("core/feature.go"); !strings.Contains(top, "// feature is the feature.") {
		t.Errorf("the top-level file is not the end state:\n%s", top)
	}
}

// TestStaleTopLevelRefused puts back the in-between version of core/feature.go
// (as 0001 adds it, without 0002's hunk): the series checks and assembly must
// refuse it and say why.
func TestStaleTopLevelRefused(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("core/feature.go", "// feature is the feature.\n", "")
	want := "must be the series' end state"
	if err := f.ws.lintOrFail(); err == nil || !strings.Contains(f.ws.log.(*strings.Builder).String(), want) {
		t.Errorf("lint: %v, want a problem containing %q\n%s", err, want, f.ws.log)
	}
	if err := os.RemoveAll(f.ws.build); err != nil {
		t.Fatal(err)
	}
	if err := f.ws.assemble(); err == nil {
		t.Error("assembly accepted a stale top-level file")
	}
}

// TestEditTopLevelFile edits the top-level file where no later hunk touches
// it: reassembly carries the edit into the owning patch's commit, and the
// file at the top level is still the version that runs.
func TestEditTopLevelFile(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("core/feature_test.go", "package core\n", "package core\n\n// edited at the top level\n")
	f.mustAssemble()
	own, err := f.ws.git(f.ws.tree).run("show", "HEAD~1:core/feature_test.go")
	if err != nil || !strings.Contains(own, "edited at the top level") {
		t.Errorf("0001's commit lacks the edit: %v\n%s", err, own)
	}
	if err := f.ws.checkTopLevelRuns(); err != nil {
		t.Errorf("checkTopLevelRuns: %v\n%s", err, f.ws.log)
	}
}

// TestCheckTopLevelRuns changes the assembled tree after assembly: the check
// must name the top-level file that is no longer the code that runs.
func TestCheckTopLevelRuns(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	if err := f.ws.checkTopLevelRuns(); err != nil {
		t.Fatalf("fresh export: %v\n%s", err, f.ws.log)
	}
	f.commit(testMessage("core: change the feature", "core-change", "Statelab-Depends: core-feature"), map[string]string{
		"core/feature.go": lgplHeader + "package core\n\nfunc feature() error {\n\treturn nil // changed\n}\n",
	})
	err := f.ws.checkTopLevelRuns()
	log := f.ws.log.(*strings.Builder).String()
	if err == nil || !strings.Contains(log, "core/feature.go: differs from the built geth") {
		t.Errorf("checkTopLevelRuns: %v\n%s", err, log)
	}
	if _, err := os.Stat(filepath.Join(f.ws.root, "core", "feature.go")); err != nil {
		t.Fatal(err)
	}
}
