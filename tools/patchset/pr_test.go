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

// TestPR writes both pull requests of the fixture. Each must apply with git am on
// pristine upstream after its dependencies (the second changes the first's new
// file), carry a geth-style message without statelab's trailers, and come with
// a body that has every section.
func TestPR(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	commits, err := f.ws.treeCommits()
	if err != nil {
		t.Fatal(err)
	}
	first, err := f.ws.writePR(commits, "core-feature")
	if err != nil {
		t.Fatal(err)
	}
	second, err := f.ws.writePR(commits, "core-genesis-feature")
	if err != nil {
		t.Fatal(err)
	}
	if len(first.deps) != 0 || len(second.deps) != 1 || second.deps[0] != "core-feature" {
		t.Errorf("deps %v and %v", first.deps, second.deps)
	}
	if err := gitAm(t, f.ws.up.Dir, first.patch, second.patch); err != nil {
		t.Errorf("the pull requests do not apply in order: %v", err)
	}
	if err := gitAm(t, f.ws.up.Dir, second.patch); err == nil {
		t.Error("the second pull request applies without the one it depends on")
	}
	patch, _ := os.ReadFile(second.patch)
	for _, bad := range []string{"Statelab-", "Upstream-Status", "Measured:", "Related:"} {
		if strings.Contains(string(patch), bad) {
			t.Errorf("the PR patch carries %q:\n%s", bad, patch)
		}
	}
	if !strings.Contains(string(patch), "Subject: [PATCH] core: use the feature at genesis\n\nWhy: something was wrong.\n\nWhat: it is now right.\n---") {
		t.Errorf("unexpected message:\n%s", patch)
	}
	body, _ := os.ReadFile(second.body)
	for _, want := range []string{"# core: use the feature at genesis", "## What\n\nWhat: it is now right.", "## Why\n\nWhy: something",
		"## Measured effect\n\n2x faster", "## How it was tested\n\ngo test ./core.", "## Related upstream work\n\nhttps://github.com/ethereum/go-ethereum/pull/35152",
		"## Depends on", "- core: add a feature (`core-feature.patch`)"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("PR body lacks %q:\n%s", want, body)
		}
	}
	if _, err := f.ws.writePR(commits, "nope"); err == nil || !strings.Contains(err.Error(), "names: core-feature core-genesis-feature") {
		t.Errorf("unknown name: %v", err)
	}
}

// TestPRBodyMissingSections checks that what a header does not say is said in
// the body and reported.
func TestPRBodyMissingSections(t *testing.T) {
	body, missing := prBody("core: x", parseMessage("Why.\n\nWhat.\n").sections(), nil)
	if len(missing) != 2 || !strings.Contains(body, "_The patch header does not say how it was tested._") {
		t.Errorf("missing %q, body:\n%s", missing, body)
	}
}

// TestOverview checks the generated overview of the fixture.
func TestOverview(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	got := f.read(overviewFile)
	for _, want := range []string{
		"| 0001 | `core-feature` | Pending | [#35152](https://github.com/ethereum/go-ethereum/pull/35152) | - | 1 | +1/-1 | 2 |",
		"| 0002 | `core-genesis-feature` | Pending | [#35152](https://github.com/ethereum/go-ethereum/pull/35152) | core-feature | 1 | +2/-1 | 0 |",
		"## core-genesis-feature\n\n**core: use the feature at genesis**\n\nWhy: something was wrong.",
		"New files of earlier patches changed:\n\n- `core/feature.go` (added by `core-feature`)",
		"New files:\n\n- `core/feature.go`\n- `core/feature_test.go`",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("overview lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\n\n\n") || !strings.HasSuffix(got, "\n") || strings.HasSuffix(got, "\n\n") {
		t.Errorf("overview spacing:\n%q", got)
	}
	// overview regenerates the same file from patches/.
	os.Remove(filepath.Join(f.ws.root, overviewFile))
	if err := f.ws.writeOverview(); err != nil {
		t.Fatal(err)
	}
	if again := f.read(overviewFile); again != got {
		t.Error("./build.sh overview and export write different overviews")
	}
}
