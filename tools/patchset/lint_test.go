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

// TestLintRefusals breaks an exported repository in one way at a time; the
// series checks must refuse each with a message naming the problem. The cases
// up to "overlay file without license header" are those build.sh's end-to-end
// test covered before the checks moved into this program.
func TestLintRefusals(t *testing.T) {
	const p1, p2 = "patches/0001-core-feature.patch", "patches/0002-core-genesis-feature.patch"
	cases := []struct {
		name    string
		corrupt func(f *fixture)
		want    string
	}{
		{"intact", func(*fixture) {}, ""},
		{"patch not in series", func(f *fixture) {
			writeFile(t, filepath.Join(f.ws.root, "patches", "0099-stray.patch"), "stray")
		}, "0099-stray.patch is not listed in patches/series"},
		{"series names a missing patch", func(f *fixture) {
			os.Remove(filepath.Join(f.ws.root, p1))
		}, "0001-core-feature.patch is listed in the series but missing"},
		{"no series", func(f *fixture) {
			os.Remove(filepath.Join(f.ws.root, "patches", "series"))
		}, "patches/series is missing"},
		{"overlay file exists upstream", func(f *fixture) {
			writeFile(t, filepath.Join(f.ws.root, "core", "genesis.go"), lgplHeader+"package core\n")
		}, "overlay file core/genesis.go already exists upstream"},
		{"overlay file owned by no patch", func(f *fixture) {
			writeFile(t, filepath.Join(f.ws.root, "core", "statelab_stray.go"), lgplHeader+"package core\n")
		}, "overlay file core/statelab_stray.go belongs to no patch"},
		{"overlay root not ignored by go.mod", func(f *fixture) {
			f.edit("go.mod", "\t./core\n", "")
		}, "go.mod: overlay files live under core/"},
		{"no Upstream-Status", func(f *fixture) { f.edit(p1, "Upstream-Status: Pending\n", "") }, "Upstream-Status"},
		{"malformed Upstream-Status", func(f *fixture) {
			f.edit(p1, "Upstream-Status: Pending\n", "Upstream-Status: Inappropriate\n")
		}, "malformed Upstream-Status"},
		{"subject not in geth style", func(f *fixture) {
			f.edit(p1, "Subject: [PATCH] core: add", "Subject: [PATCH] Add")
		}, "geth style"},
		{"overlay file without license header", func(f *fixture) {
			f.edit("core/feature.go", "GNU Lesser General Public License", "")
		}, "core/feature.go: missing geth's LGPL-3.0 header"},
		{"cmd overlay file without GPL header", func(f *fixture) {
			f.edit(p1, "Statelab-Overlay: core/feature.go\n", "Statelab-Overlay: core/feature.go\nStatelab-Overlay: cmd/geth/x.go\n")
			writeFile(t, filepath.Join(f.ws.root, "cmd", "geth", "x.go"), lgplHeader+"package main\n")
		}, "cmd/geth/x.go: missing geth's GPL-3.0 header (cmd/)"},
		{"declared overlay file missing", func(f *fixture) {
			os.Remove(filepath.Join(f.ws.root, "core", "feature_test.go"))
		}, "overlay file core/feature_test.go is missing"},
		{"overlay file claimed twice", func(f *fixture) {
			f.edit(p2, "Statelab-Name: core-genesis-feature\n", "Statelab-Name: core-genesis-feature\nStatelab-Overlay: core/feature_test.go\n")
		}, "core/feature_test.go is claimed by two patches"},
		{"wrong number", func(f *fixture) {
			os.Rename(filepath.Join(f.ws.root, p2), filepath.Join(f.ws.root, "patches", "0005-core-genesis-feature.patch"))
			f.edit("patches/series", "0002-core-genesis-feature.patch", "0005-core-genesis-feature.patch")
		}, "should be numbered 0002"},
		{"Statelab-Name differs from the file name", func(f *fixture) {
			f.edit(p1, "Statelab-Name: core-feature", "Statelab-Name: core-other")
		}, `Statelab-Name trailer must be "core-feature"`},
		{"body says only why", func(f *fixture) { f.edit(p1, "What: it is now right.\n\n", "") }, "must say why"},
		{"dependency on a later patch", func(f *fixture) {
			f.edit(p1, "Statelab-Name: core-feature\n", "Statelab-Name: core-feature\nStatelab-Depends: core-genesis-feature\n")
		}, `depends on "core-genesis-feature", which is not an earlier patch`},
		{"hunk to an earlier new file without the dependency", func(f *fixture) {
			f.edit(p2, "Statelab-Depends: core-feature\n", "")
		}, "changes core/feature.go, a new file of core-feature, without depending on it: add 'Statelab-Depends: core-feature'"},
		{"hunk creates a file", func(f *fixture) {
			f.edit(p2, "diff --git a/core/genesis.go b/core/genesis.go\nindex", "diff --git a/core/genesis.go b/core/genesis.go\nnew file mode 100644\nindex")
		}, "creates core/genesis.go in a hunk"},
		{"subject longer than 72 characters", func(f *fixture) {
			f.edit(p1, "Subject: [PATCH] core: add a feature", "Subject: [PATCH] core: add a feature that does a great many things at once, all of\n them together")
		}, `0001-core-feature.patch: the subject is 79 characters, more than 72: "core: add a feature that does a great many things at once, all of them together"`},
		{"header longer than 40 lines", func(f *fixture) {
			f.edit(p1, "What: it is now right.\n", "What: it is now right.\n"+strings.Repeat("More detail.\n", 28))
		}, "0001-core-feature.patch: the header is 41 lines (subject, paragraphs and Upstream-Status), more than 40"},
		{"two authors", func(f *fixture) {
			f.edit(p2, "From: statelab <statelab@localhost>", "From: Someone Else\n <someone@example.org>")
		}, "0002-core-genesis-feature.patch: From: Someone Else <someone@example.org>, while the other patches are from statelab <statelab@localhost>"},
		{"overview out of date", func(f *fixture) {
			f.edit(overviewFile, "core: add a feature", "core: add a feature, edited")
		}, "docs/fork-overview.md is out of date: run ./build.sh overview"},
		{"README table lacks a patch", func(f *fixture) {
			content := f.read(readmeFile)
			row := content[strings.Index(content, "| [`core-genesis-feature`]"):]
			f.edit(readmeFile, row[:strings.Index(row, "\n")+1], "")
		}, "README.md's patch table is out of date (it lacks core-genesis-feature): run ./build.sh overview"},
		{"README table with another subject", func(f *fixture) {
			f.edit(readmeFile, "| core: add a feature |", "| core: add a feature, edited |")
		}, "README.md's patch table is out of date: run ./build.sh overview"},
		{"README without a patch table", func(f *fixture) {
			f.edit(readmeFile, patchTableEnd+"\n", "")
		}, "README.md has no patch table: put the lines <!-- patches:begin --> and <!-- patches:end --> where it goes"},
		{"abbreviated index line", func(f *fixture) {
			content := f.read(p2)
			i := strings.Index(content, "\nindex ") + len("\nindex ")
			writeFile(t, filepath.Join(f.ws.root, p2), content[:i]+content[i+33:])
		}, "not written by ./build.sh export"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.twoPatches()
			c.corrupt(f)
			found, err := f.ws.lint()
			if err != nil {
				t.Fatal(err)
			}
			all := strings.Join(found.failed(), "\n")
			switch {
			case c.want == "" && len(found.failed()) > 0:
				t.Fatalf("the intact repository was refused:\n%s", all)
			case c.want != "" && !strings.Contains(all, c.want):
				t.Errorf("problems do not say %q:\n%s", c.want, all)
			}
			if c.want != "" && f.ws.lintOrFail() == nil {
				t.Error("lintOrFail passed")
			}
		})
	}
}

// TestLintWarnsWithoutPRSections checks that a header without Measured: and
// Tested: paragraphs is reported, as its pull request body cannot be complete.
func TestLintWarnsWithoutPRSections(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/0001-core-feature.patch", "Measured: 2x faster (TestX).\n\nTested: go test ./core.\n\n", "")
	if err := f.ws.writeOverview(); err != nil {
		t.Fatal(err)
	}
	found, err := f.ws.lint()
	if err != nil {
		t.Fatal(err)
	}
	if len(found.failed()) > 0 || len(found.warnings) != 2 || !strings.Contains(found.warnings[0], "'Measured:'") {
		t.Errorf("problems %q, warnings %q", found.failed(), found.warnings)
	}
}

// TestLintPatchSize checks the size limit: a patch may add at most 1,000
// non-test lines in its hunks and overlay files unless a one-line 'Not split:'
// paragraph says why. Tests and test data do not count.
func TestLintPatchSize(t *testing.T) {
	const p1 = "patches/0001-core-feature.patch"
	lines := func(n int) string { return strings.Repeat("// line\n", n) }
	notSplit := func(reason string) func(f *fixture) {
		return func(f *fixture) {
			f.edit(p1, "Measured: 2x faster", reason+"\n\nMeasured: 2x faster")
		}
	}
	cases := []struct {
		name  string
		files map[string]string // overlay files of 0001, rewritten in the repository
		edit  func(f *fixture)
		want  string // "" for none
	}{
		// The license header and package clause are 9 lines, and the hunk adds 1.
		{"at the limit", map[string]string{"core/feature.go": lgplHeader + "package core\n" + lines(maxPatchLines-10)}, nil, ""},
		{"one over", map[string]string{"core/feature.go": lgplHeader + "package core\n" + lines(maxPatchLines-9)}, nil,
			"0001-core-feature.patch: adds 1001 non-test lines (hunks and overlay files, without _test.go and testdata/), more than 1000"},
		{"tests do not count", map[string]string{"core/feature_test.go": lgplHeader + "package core\n" + lines(5000)}, nil, ""},
		{"test data does not count", map[string]string{"core/testdata/big.json": lines(5000)}, func(f *fixture) {
			f.edit(p1, "Statelab-Overlay: core/feature_test.go\n", "Statelab-Overlay: core/feature_test.go\nStatelab-Overlay: core/testdata/big.json\n")
		}, ""},
		{"not split, in one line", map[string]string{"core/feature.go": lgplHeader + "package core\n" + lines(5000)},
			notSplit("Not split: one file format and its reader."), ""},
		{"not split, in two lines", map[string]string{"core/feature.go": lgplHeader + "package core\n" + lines(5000)},
			notSplit("Not split: one file format and its reader,\nwhich a reviewer reads together."), "0001-core-feature.patch: the 'Not split:' paragraph must be one line (it has 2)"},
		{"not split, without a reason", nil, notSplit("Not split:"), "0001-core-feature.patch: the 'Not split:' paragraph does not say why"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.twoPatches()
			for name, content := range c.files {
				writeFile(t, filepath.Join(f.ws.root, name), content)
			}
			if c.edit != nil {
				c.edit(f)
			}
			found, err := f.ws.lint()
			if err != nil {
				t.Fatal(err)
			}
			var size []string // the findings about size, as others (a stale overview) may come with the edit
			for _, p := range found.failed() {
				if strings.Contains(p, "non-test lines") || strings.Contains(p, "Not split") {
					size = append(size, p)
				}
			}
			switch {
			case c.want == "" && len(size) > 0:
				t.Errorf("refused: %q", size)
			case c.want != "" && (len(size) != 1 || !strings.Contains(size[0], c.want)):
				t.Errorf("findings %q, want one saying %q", size, c.want)
			}
		})
	}
}

// TestAssemblyIgnoresReviewProblems checks that what fails review (here a long
// subject) does not keep the series from being assembled, which fixing it
// needs, while the series checks fail.
func TestAssemblyIgnoresReviewProblems(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/0001-core-feature.patch", "Subject: [PATCH] core: add a feature", "Subject: [PATCH] core: add a feature that does a great many things at once, all of them together")
	if err := f.ws.lintOrFail(); err == nil {
		t.Fatal("the series checks passed a subject of 79 characters")
	}
	if err := os.RemoveAll(f.ws.build); err != nil {
		t.Fatal(err)
	}
	f.mustAssemble()
	// A commit exported with a review problem is exported: the next assembly
	// keeps the tree rather than refusing it as unexported work.
	f.commit(testMessage("core: add more, with a subject far longer than the seventy-two characters", "core-more"),
		map[string]string{"core/more.go": lgplHeader + "package core\n"})
	if err := f.ws.export(); err == nil || !strings.Contains(err.Error(), "exported, but series checks failed") {
		t.Fatalf("export: %v", err)
	}
	f.mustAssemble()
	if !strings.HasSuffix(f.ws.log.(*strings.Builder).String(), "build/go-ethereum is up to date\n") {
		t.Errorf("assembly after the export did not keep the tree:\n%s", f.ws.log)
	}
}
