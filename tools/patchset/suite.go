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
	"fmt"
	"path/filepath"
	"time"
)

// staticcheck is the pinned staticcheck the module checks run.
const staticcheck = "honnef.co/go/tools/cmd/staticcheck@v0.8.2"

// test runs the test suite, in order: the series checks, the module checks,
// assembly, every top-level overlay file against the assembled tree's HEAD,
// the export round trip, every pull request applying alone after its
// dependencies (check without the builds), the binaries, geth's own tests of every
// package a patch touches (on the patched tree), statelab's tests (under the
// race detector: tools run geth and their own goroutines), and the
// end-to-end tests with the pinned Jaeger. Each step's time is printed.
func (ws *workspace) test() error {
	var total testTally
	steps := []struct {
		name string
		run  func() error
	}{
		{"series checks", ws.lintOrFail},
		{"module checks", ws.moduleChecks},
		{"assembly", ws.assemble},
		{"top-level files are the code that runs", ws.checkTopLevelRuns},
		{"export round trip", ws.checkExportStable},
		{"pull requests apply alone", ws.checkPRsApply},
		{"build", ws.buildBinaries},
		{"geth's tests of the touched packages", func() error {
			pkgs, err := ws.treePackages()
			if err != nil {
				return err
			}
			ws.logf("packages: %v", pkgs)
			up, err := ws.upstream()
			if err != nil {
				return err
			}
			t, err := ws.goTestRerunFlaky(ws.tree, "upstream", []string{"-count=1", "-timeout", "30m"}, pkgs, upstreamTests(up))
			total.add(t)
			return err
		}},
		{"statelab's tests, with the race detector", func() error {
			t, err := ws.goTest(ws.root, "statelab", nil, "-race", "-count=1", "-timeout", "30m", "./...")
			total.add(t)
			return err
		}},
		{"the pinned Jaeger", func() error {
			return ws.stream(ws.root, filepath.Join(ws.root, "tracing", "jaeger.sh"), "build")
		}},
		{"end-to-end tests", func() error {
			t, err := ws.goTest(ws.root, "e2e", []string{"STATELAB_BIN=" + ws.bin}, "-count=1", "-timeout", "30m", "-tags", "e2e", "./tools/e2e/...")
			total.add(t)
			return err
		}},
	}
	for _, s := range steps {
		ws.logf("%s", s.name)
		start := time.Now()
		err := s.run()
		ws.logf("%s: %s", s.name, time.Since(start).Round(time.Second))
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	fmt.Fprintf(ws.log, "test: %s\n", total)
	return nil
}

// moduleChecks checks that the repository is a well-formed Go module: go.mod and
// go.sum are tidy, and everything builds, vets and passes staticcheck (with the
// end-to-end tests' build tag too).
func (ws *workspace) moduleChecks() error {
	for _, args := range [][]string{
		{"mod", "tidy", "-diff"},
		{"build", "./..."},
		{"vet", "./..."},
		{"vet", "-tags", "e2e", "./tools/e2e/..."},
		{"run", staticcheck, "./..."},
		{"run", staticcheck, "-tags", "e2e", "./tools/e2e/..."},
	} {
		if err := ws.stream(ws.root, "go", args...); err != nil {
			return err
		}
	}
	return nil
}
