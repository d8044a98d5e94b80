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

// TestExportRoundTrip exports two patches, the second of which changes the
// first's new file with a hunk, reassembles them from scratch and exports again:
// the repository must come back byte for byte.
func TestExportRoundTrip(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	if got := f.read("patches/series"); got != seriesHeader+"0001-core-feature.patch\n0002-core-genesis-feature.patch\n" {
		t.Fatalf("series:\n%s", got)
	}
	p1, p2 := f.read("patches/0001-core-feature.patch"), f.read("patches/0002-core-genesis-feature.patch")
	for _, want := range []string{"Statelab-Overlay: core/feature.go\nStatelab-Overlay: core/feature_test.go\n", "diff --git a/core/blockchain.go"} {
		if !strings.Contains(p1, want) {
			t.Errorf("0001 lacks %q:\n%s", want, p1)
		}
	}
	if strings.Contains(p1, "diff --git a/core/feature.go") {
		t.Errorf("0001 carries its new file as a hunk:\n%s", p1)
	}
	for _, want := range []string{"diff --git a/core/feature.go b/core/feature.go", "+// feature is the feature.", "diff --git a/core/genesis.go"} {
		if !strings.Contains(p2, want) {
			t.Errorf("0002 lacks %q:\n%s", want, p2)
		}
	}
	if strings.Contains(p2, "Statelab-Overlay") {
		t.Errorf("0002 claims a new file:\n%s", p2)
	}
	// The repository keeps the new file as it runs: with 0002's hunk.
	if got := f.read("core/feature.go"); !strings.Contains(got, "// feature is the feature.") {
		t.Errorf("core/feature.go is the version 0001 adds, not the one that runs:\n%s", got)
	}
	before := snapshot(t, f.ws.root)

	// Reassemble from the repository alone and export again.
	if err := os.RemoveAll(f.ws.build); err != nil {
		t.Fatal(err)
	}
	f.mustAssemble()
	tree, err := os.ReadFile(filepath.Join(f.ws.tree, "core", "feature.go"))
	if err != nil || !strings.Contains(string(tree), "// feature is the feature.") {
		t.Errorf("assembled core/feature.go lacks 0002's hunk: %v\n%s", err, tree)
	}
	// 0001's commit reconstructs the file as 0001 adds it, without 0002's hunk.
	own, err := f.ws.git(f.ws.tree).run("show", "HEAD~1:core/feature.go")
	if err != nil || strings.Contains(own, "// feature is the feature.") || !strings.Contains(own, "func feature() error") {
		t.Errorf("0001's core/feature.go is not the version it adds: %v\n%s", err, own)
	}
	if err := f.ws.checkExportStable(); err != nil {
		t.Fatalf("round trip: %v\n%s", err, f.ws.log)
	}
	if err := f.ws.export(); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, f.ws.root); after != before {
		t.Errorf("export after assembly changed the repository:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestExportKeepsSeriesTopics adds topics to the series: export keeps them
// above the same patches, and the round trip from a fresh assembly gives the
// repository back byte for byte.
func TestExportKeepsSeriesTopics(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/series", "0001-core-feature.patch\n", "# The feature\n# It does things.\n0001-core-feature.patch\n\n# Genesis\n")
	if err := f.ws.writeOverview(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(f.ws.build); err != nil {
		t.Fatal(err)
	}
	f.mustAssemble()
	before := snapshot(t, f.ws.root)
	// 0001's commit reconstructs the file as 0001 adds it, without 0002's hunk.
	own, err := f.ws.git(f.ws.tree).run("show", "HEAD~1:core/feature.go")
	if err != nil || strings.Contains(own, "// feature is the feature.") || !strings.Contains(own, "func feature() error") {
		t.Errorf("0001's core/feature.go is not the version it adds: %v\n%s", err, own)
	}
	if err := f.ws.checkExportStable(); err != nil {
		t.Fatalf("round trip: %v\n%s", err, f.ws.log)
	}
	if err := f.ws.export(); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, f.ws.root); after != before {
		t.Errorf("export changed the repository:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// A new patch between the two renumbers the second; its topic follows it.
	g := f.ws.git(f.ws.tree)
	second, err := g.line("rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.run("reset", "-q", "--hard", "HEAD~1"); err != nil {
		t.Fatal(err)
	}
	f.commit(testMessage("core: add more", "core-more"), map[string]string{"core/more.go": lgplHeader + "package core\n"})
	if _, err := g.run("cherry-pick", second); err != nil {
		t.Fatal(err)
	}
	if err := f.ws.export(); err != nil {
		t.Fatalf("export: %v\n%s", err, f.ws.log)
	}
	want := seriesHeader + "# The feature\n# It does things.\n0001-core-feature.patch\n0002-core-more.patch\n\n# Genesis\n0003-core-genesis-feature.patch\n"
	if got := f.read("patches/series"); got != want {
		t.Errorf("series:\n%s\nwant:\n%s", got, want)
	}
}

// TestExportStableDetectsDrift changes the repository after export: the round
// trip check must name the file, and export must restore it.
func TestExportStableDetectsDrift(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("core/feature.go", "return nil", "return nil // drift")
	writeFile(t, filepath.Join(f.ws.root, "patches", "0003-stale.patch"), "stale")
	err := f.ws.checkExportStable()
	log := f.ws.log.(*strings.Builder).String()
	if err == nil || !strings.Contains(log, "core/feature.go: export would change it") || !strings.Contains(log, "patches/0003-stale.patch: export would remove it") {
		t.Fatalf("drift not reported: %v\n%s", err, log)
	}
	if err := f.ws.export(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(f.ws.root, "patches", "0003-stale.patch")); !os.IsNotExist(err) {
		t.Error("export left a stale patch file")
	}
	if err := f.ws.checkExportStable(); err != nil {
		t.Fatalf("after export: %v", err)
	}
}

// TestExportRefuses checks the commits export refuses: files outside the
// directories upstream has, statelab's own directories, and a second patch
// adding a file another added.
func TestExportRefuses(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"statelab's own directory", map[string]string{"docs/x.md": "x\n"}, "adds docs/x.md"},
		{"top-level file", map[string]string{"x.go": "package x\n"}, "adds x.go"},
		{"no such upstream directory", map[string]string{"newdir/x.go": "package x\n"}, "adds newdir/x.go"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.mustAssemble()
			f.commit(testMessage("core: add", "core-add"), c.files)
			if err := f.ws.export(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("export: %v, want an error containing %q", err, c.want)
			}
		})
	}
	t.Run("unnamed commit", func(t *testing.T) {
		f := newFixture(t)
		f.mustAssemble()
		f.commit("core: no name\n\nWhy.\n\nWhat.\n", map[string]string{"core/x.go": lgplHeader + "package core\n"})
		if err := f.ws.export(); err == nil || !strings.Contains(err.Error(), "Statelab-Name") {
			t.Errorf("export: %v", err)
		}
	})
	t.Run("uncommitted changes", func(t *testing.T) {
		f := newFixture(t)
		f.mustAssemble()
		writeFile(t, filepath.Join(f.ws.tree, "core", "x.go"), "package core\n")
		if err := f.ws.export(); err == nil || !strings.Contains(err.Error(), "uncommitted changes") {
			t.Errorf("export: %v", err)
		}
	})
}

// TestAssembleRefusesFuzz changes one context line of a patch: assembly must
// fail (zero fuzz) and name the patch.
func TestAssembleRefusesFuzz(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.edit("patches/0002-core-genesis-feature.patch", " \t_ = one + two\n", " \t_ = one + two // changed\n")
	os.RemoveAll(f.ws.build)
	err := f.ws.assemble()
	if err == nil || !strings.Contains(err.Error(), "0002-core-genesis-feature.patch does not apply") {
		t.Fatalf("assemble: %v", err)
	}
}

// TestAssembleGuardsUnexportedWork commits in the tree without exporting: a
// reassembly (after an input changed) must refuse unless --discard.
func TestAssembleGuardsUnexportedWork(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	f.mustAssemble() // up to date
	if !strings.Contains(f.ws.log.(*strings.Builder).String(), "build/go-ethereum is up to date") {
		t.Error("assembly after export was not a no-op")
	}
	f.commit(testMessage("core: more", "core-more"), map[string]string{"core/more.go": lgplHeader + "package core\n"})
	if err := f.ws.assemble(); err == nil || !strings.Contains(err.Error(), "not exported") {
		t.Fatalf("assemble over an unexported commit: %v", err)
	}
	f.ws.discard = true
	f.mustAssemble()
	if _, err := os.Stat(filepath.Join(f.ws.tree, "core", "more.go")); !os.IsNotExist(err) {
		t.Error("the discarded commit is still in the tree")
	}
}

// TestDigest checks what reassembles: patches and overlay files do, files
// assembly does not read (build.sh, tools) do not.
func TestDigest(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	base, err := f.ws.digest(f.ws.up)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(f.ws.root, "build.sh"), "# a comment\n")
	writeFile(t, filepath.Join(f.ws.root, "tools", "x", "main.go"), "package main\n")
	if d, _ := f.ws.digest(f.ws.up); d != base {
		t.Error("build.sh or a tool changed the digest")
	}
	f.edit("core/feature_test.go", "package core", "package core // edited")
	if d, _ := f.ws.digest(f.ws.up); d == base {
		t.Error("an overlay file edit did not change the digest")
	}
}

// snapshot renders every file under root except build/.
func snapshot(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel == "build" {
				return filepath.SkipDir
			}
			return nil
		}
		blob, err := os.ReadFile(p)
		b.WriteString("== " + rel + "\n" + string(blob))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
