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
			all := strings.Join(found.problems, "\n")
			switch {
			case c.want == "" && len(found.problems) > 0:
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
	found, err := f.ws.lint()
	if err != nil {
		t.Fatal(err)
	}
	if len(found.problems) > 0 || len(found.warnings) != 2 || !strings.Contains(found.warnings[0], "'Measured:'") {
		t.Errorf("problems %q, warnings %q", found.problems, found.warnings)
	}
}
