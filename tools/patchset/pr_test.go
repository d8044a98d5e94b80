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
		"## Depends on\n\nThis change builds on 1 other change", "\n1. core: add a feature: Why: something was wrong.\n"} {
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

// TestPRBodyReads checks a body made from a header that wraps its lines,
// introduces a list at the end of its why paragraph and says why it is not
// split: GitHub shows every newline, so paragraphs come unwrapped, list items
// each on a line, and the sentence that introduces the list opens the what.
func TestPRBodyReads(t *testing.T) {
	m := parseMessage("Upstream traces RPC only: import emits no\nspans. Blocks are now traced, at\nthese levels:\n\n- block: one span per\n  block;\n- off: none.\n\n" +
		"The block span is a child of the caller's\nspan.\n\nNot split: one feature.\n\nMeasured: 1.02x (docs/results/\ntelemetry).\n\n" +
		"Tested: go test ./core.\n\nA table:\n\n| a | b |\n|---|---|\n\n    code stays\n    as it is\n")
	body, missing := prBody("core: trace blocks", m.sections(), nil)
	want := "# core: trace blocks\n\n## What\n\nBlocks are now traced, at these levels:\n\n- block: one span per block;\n- off: none.\n\n" +
		"The block span is a child of the caller's span.\n\n## Why\n\nUpstream traces RPC only: import emits no spans.\n\n" +
		"## Measured effect\n\n1.02x (docs/results/telemetry).\n\n## How it was tested\n\ngo test ./core.\n\nA table:\n\n| a | b |\n|---|---|\n\n    code stays\n    as it is\n\n" +
		"## Why it is one pull request\n\nOne feature.\n"
	if body != want || len(missing) != 0 {
		t.Errorf("missing %q, body:\n%s\nwant:\n%s", missing, body, want)
	}
}

// TestOverview checks the generated overview of the fixture: an introduction
// and a few lines per patch.
func TestOverview(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	got := f.read(overviewFile)
	intro := strings.Join(strings.Fields(got[:strings.Index(got, "\n## ")]), " ")
	if want := "statelab is go-ethereum (`github.com/ethereum/go-ethereum` v1.0.0, pinned in go.mod) with the 2 patches below, " +
		"applied in the order of `patches/series`. They change 2 upstream files (+2/-2 lines) and add 2 new files."; !strings.Contains(intro, want) {
		t.Errorf("introduction lacks %q:\n%s", want, intro)
	}
	for _, want := range []string{
		"\n## Patches\n\n### <a id=\"core-feature\"></a>core: add a feature\n\n" +
			"- [`0001-core-feature.patch`](../patches/0001-core-feature.patch) · Pending\n" +
			"- Why: Why: something was wrong.\n" +
			"- Measured: 2x faster (TestX).\n" +
			"- Related: [#35152](https://github.com/ethereum/go-ethereum/pull/35152)\n" +
			"- Files: `core/blockchain.go` (+1/-1); 2 new files (1 test): `core/feature.go`\n",
		"### <a id=\"core-genesis-feature\"></a>core: use the feature at genesis\n\n" +
			"- [`0002-core-genesis-feature.patch`](../patches/0002-core-genesis-feature.patch) · Pending · depends on [`core-feature`](#core-feature)\n",
		"- Files: `core/genesis.go` (+1/-1); changes `core/feature.go` of [`core-feature`](#core-feature)\n",
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

// TestOverviewSection checks a section's lines on a patch that has every kind
// of line: a why that introduces a list, readings to link, related pull
// requests with their state, a reason not to split, and test files in every
// list of files.
func TestOverviewSection(t *testing.T) {
	msg := parseMessage("Upstream does too little: it drops spans, e.g. those of import. It says\nnothing. Now it does, at these levels:\n\n- one;\n- two.\n\n" +
		"More of what changes.\n\nNot split: one format and its reader.\n\n" +
		"Measured: 1.02x.\n\nTested: go test ./core.\n\n" +
		"Related: https://github.com/ethereum/go-ethereum/pull/35152 (open) fixes\nhalf; https://github.com/ethereum/go-ethereum/pull/1 too.\n\n" +
		"Upstream-Status: Pending\nStatelab-Name: b\nStatelab-Depends: a\nStatelab-Reading: docs/telemetry.md\nStatelab-Reading: docs/results/bal.md\n" +
		"Statelab-Overlay: core/b.go\nStatelab-Overlay: core/b_test.go\nStatelab-Overlay: core/testdata/b.json\n")
	s := series{
		{file: "0001-a.patch", subject: "core: a", msg: parseMessage("Why.\n\nWhat.\n\nStatelab-Name: a\nStatelab-Overlay: core/a.go\nStatelab-Overlay: core/a_test.go\n")},
		{file: "0002-b.patch", subject: "core: b", msg: msg, diffs: []fileDiff{
			{path: "core/blockchain.go", added: 3, removed: 1}, {path: "core/blockchain_test.go", added: 2},
			{path: "core/a.go", added: 5}, {path: "core/a_test.go", added: 5},
		}},
	}
	var b strings.Builder
	overviewSection(&b, s, s[1])
	want := "\n### <a id=\"b\"></a>core: b\n\n" +
		"- [`0002-b.patch`](../patches/0002-b.patch) · Pending · depends on [`a`](#a)\n" +
		"- Why: Upstream does too little: it drops spans, e.g. those of import. It says nothing.\n" +
		"- Measured: 1.02x. ([docs/telemetry.md](telemetry.md), [docs/results/bal.md](results/bal.md))\n" +
		"- Not split: one format and its reader.\n" +
		"- Related: [#35152](https://github.com/ethereum/go-ethereum/pull/35152) (open), [#1](https://github.com/ethereum/go-ethereum/pull/1)\n" +
		"- Files: `core/blockchain.go`, `core/blockchain_test.go` (+5/-1); 3 new files (2 tests): `core/b.go`; " +
		"changes `core/a.go`, 1 test of [`a`](#a)\n"
	if b.String() != want {
		t.Errorf("section:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestOverviewTopics checks that the series' topics group the overview's
// sections, each with its description.
func TestOverviewTopics(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/series", "0001-core-feature.patch\n", "# The feature\n# It does things.\n0001-core-feature.patch\n\n# Genesis\n")
	if err := f.ws.writeOverview(); err != nil {
		t.Fatal(err)
	}
	got := f.read(overviewFile)
	i, j := strings.Index(got, "\n## The feature\n\nIt does things.\n\n### <a id=\"core-feature\">"), strings.Index(got, "\n## Genesis\n\n### <a id=\"core-genesis-feature\">")
	if i < 0 || j < i || strings.Contains(got, "## Patches") {
		t.Errorf("overview not grouped by topic:\n%s", got)
	}
}

// TestPRsApplyNamesUndeclaredDependency checks that the test suite's apply step
// fails, naming the patch, when a patch's hunks need a patch it does not declare,
// and passes once it declares it.
func TestPRsApplyNamesUndeclaredDependency(t *testing.T) {
	for _, declared := range []bool{false, true} {
		f := newFixture(t)
		f.mustAssemble()
		withFeature := strings.Replace(upstreamFiles["core/blockchain.go"], "\treturn nil\n}\n\n// Stop", "\treturn feature()\n}\n\n// Stop", 1)
		f.commit(testMessage("core: add a feature", "core-feature"), map[string]string{
			"core/blockchain.go": withFeature,
			"core/feature.go":    lgplHeader + "package core\n\nfunc feature() error {\n\treturn nil\n}\n",
		})
		var trailers []string
		if declared {
			trailers = append(trailers, "Statelab-Depends: core-feature")
		}
		f.commit(testMessage("core: wrap the feature's error", "core-wrap", trailers...), map[string]string{
			"core/blockchain.go": strings.Replace(withFeature, "\treturn feature()\n", "\treturn wrap(feature())\n", 1),
			"core/wrap.go":       lgplHeader + "package core\n\nfunc wrap(err error) error {\n\treturn err\n}\n",
		})
		if err := f.ws.export(); err != nil {
			t.Fatalf("export: %v\n%s", err, f.ws.log)
		}
		err := f.ws.checkPRsApply()
		switch {
		case declared && err != nil:
			t.Errorf("declared dependency: %v\n%s", err, f.ws.log)
		case !declared && (err == nil || !strings.Contains(err.Error(), "do not apply alone: core-wrap")):
			t.Errorf("undeclared dependency: got %v, want core-wrap named", err)
		case !declared && !strings.Contains(fmt.Sprint(f.ws.log), "core-wrap.patch does not apply with git am on pristine upstream after no dependencies"):
			t.Errorf("the log does not say which pull request failed:\n%s", f.ws.log)
		}
	}
}

// TestPRStandsAlone gives a patch a header that names a reading of
// statelab's, a relative link and another patch: the series checks and the
// pull request refuse it, naming each, and the same figures with the reading
// in a Statelab-Reading trailer pass.
func TestPRStandsAlone(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/0002-core-genesis-feature.patch", "Measured: 2x faster (TestX).",
		"Measured: 2x faster (docs/results/x.md, [plot](plots/x.png)), as\ncore-feature said.")
	if err := os.RemoveAll(f.ws.build); err != nil {
		t.Fatal(err)
	}
	if err := f.ws.lintOrFail(); err == nil {
		t.Error("the series checks accepted a header that names statelab's files")
	}
	log := f.ws.log.(*strings.Builder).String()
	for _, want := range []string{"names docs/results/x.md", "names link to plots/x.png", "names patch name core-feature"} {
		if !strings.Contains(log, want) {
			t.Errorf("the series checks do not say %q:\n%s", want, log)
		}
	}
	if refs := statelabReferences("see docs/results/x.md, [a](https://x.org/a) and ../tracing/jaeger.sh; build/ci.go is geth's", nil); len(refs) != 1 || refs[0] != "docs/results/x.md" {
		t.Errorf("statelabReferences: %q", refs)
	}
	body, _ := prBody("core: x", parseMessage("Why.\n\nWhat.\n\nMeasured: 2x (docs/results/x.md).\n\nTested: go test.\n\nUpstream-Status: Pending\n").sections(), nil)
	if refs := statelabReferences(body, nil); len(refs) != 1 {
		t.Errorf("a body with a reading's path: %q", refs)
	}
}
