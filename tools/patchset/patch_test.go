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
	"slices"
	"strings"
	"testing"
)

func TestParseMessage(t *testing.T) {
	m := parseMessage("Subject-less body: a colon in prose.\n\nSecond paragraph\nwraps.\n\n" +
		"Measured (on 2 cores,\nquiet machine): 5% faster.\n\nA table follows.\n\nTested: go test ./core.\n\n" +
		"Related: https://github.com/ethereum/go-ethereum/pull/1 does X.\n\n" +
		"Upstream-Status: Pending\nStatelab-Name: x\nStatelab-Depends: a\nStatelab-Depends: b\n")
	if got := m.values("Statelab-Depends"); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Statelab-Depends = %v", got)
	}
	if m.value("Statelab-Name") != "x" || m.value("Upstream-Status") != "Pending" || m.value("Nope") != "" {
		t.Errorf("trailers %v", m.trailers)
	}
	s := m.sections()
	if s.why != "Subject-less body: a colon in prose." || !slices.Equal(s.what, []string{"Second paragraph\nwraps."}) {
		t.Errorf("why %q, what %q", s.why, s.what)
	}
	if len(s.measured) != 2 || !strings.HasPrefix(s.measured[0], "Measured (on 2 cores,") || s.measured[1] != "A table follows." {
		t.Errorf("measured %q", s.measured)
	}
	if !slices.Equal(s.tested, []string{"go test ./core."}) || len(s.related) != 1 {
		t.Errorf("tested %q, related %q", s.tested, s.related)
	}
	// A last paragraph with prose in it is not a trailer block.
	if m := parseMessage("Why.\n\nKey: value\nand prose\n"); len(m.trailers) != 0 || len(m.paragraphs) != 2 {
		t.Errorf("prose taken for trailers: %+v", m)
	}
}

func TestParsePatch(t *testing.T) {
	text := "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n" +
		"From: statelab <statelab@localhost>\nDate: Sun, 29 Nov 2026 19:15:00 +0000\n" +
		"Subject: [PATCH] core: a long subject that git folds onto\n a second line\n\n" +
		"Why.\n\nWhat.\n\nUpstream-Status: Pending\nStatelab-Name: x\n---\n core/a.go | 3 ++-\n\n" +
		"diff --git a/core/a.go b/core/a.go\nindex " + strings.Repeat("a", 40) + ".." + strings.Repeat("b", 40) + " 100644\n" +
		"--- a/core/a.go\n+++ b/core/a.go\n@@ -1,3 +1,4 @@\n package core\n-var x = 1\n+var x = 2\n+--y\n \n" +
		"diff --git a/core/b.go b/core/b.go\nnew file mode 100644\nindex 0000000..1234567\n--- /dev/null\n+++ b/core/b.go\n@@ -0,0 +1 @@\n+package core\n"
	p, err := parsePatch("0001-x.patch", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if p.subject != "core: a long subject that git folds onto a second line" {
		t.Errorf("subject %q", p.subject)
	}
	if len(p.diffs) != 2 {
		t.Fatalf("diffs %+v", p.diffs)
	}
	if d := p.diffs[0]; d.path != "core/a.go" || d.added != 2 || d.removed != 1 || !d.fullIndex || d.created {
		t.Errorf("first diff %+v", d)
	}
	if d := p.diffs[1]; d.path != "core/b.go" || !d.created || d.fullIndex || d.added != 1 {
		t.Errorf("second diff %+v", d)
	}
	if _, err := parsePatch("bad.patch", []byte("no header")); err == nil {
		t.Error("a file without mail headers was parsed")
	}
	if _, err := parsePatch("cut.patch", []byte(strings.Replace(text, "+package core\n", "", 1))); err == nil {
		t.Error("a patch with a hunk cut short was parsed")
	}
}

func TestPatchName(t *testing.T) {
	for file, want := range map[string]string{
		"0001-cmd-utils-bintrie-groupdepth.patch": "cmd-utils-bintrie-groupdepth",
		"0099-stray.patch":                        "stray",
		"stray.patch":                             "stray",
	} {
		if got := patchName(file); got != want {
			t.Errorf("patchName(%s) = %s, want %s", file, got, want)
		}
	}
}

func TestParseSeries(t *testing.T) {
	got := parseSeries("# comment\n\n0001-a.patch\n  0002-b.patch  \n#0003-c.patch\n")
	if !slices.Equal(got, []string{"0001-a.patch", "0002-b.patch"}) {
		t.Errorf("parseSeries = %v", got)
	}
}

func TestDependencyClosure(t *testing.T) {
	order := []string{"a", "b", "c", "d", "e"}
	deps := map[string][]string{"b": {"a"}, "c": {"b"}, "e": {"c", "a"}}
	get := func(n string) []string { return deps[n] }
	for name, want := range map[string][]string{"a": nil, "c": {"a", "b"}, "d": nil, "e": {"a", "b", "c"}} {
		got, err := dependencyClosure(order, get, name)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("closure(%s) = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := dependencyClosure(order, get, "zz"); err == nil {
		t.Error("an unknown name has a closure")
	}
	deps["b"] = []string{"d"} // a later patch
	if _, err := dependencyClosure(order, get, "c"); err == nil || !strings.Contains(err.Error(), `"d", which is not an earlier patch`) {
		t.Errorf("dependency on a later patch: %v", err)
	}
}

func TestGoPackages(t *testing.T) {
	got := goPackages([]string{"core/a.go", "core/b.go", "README.md", "x.go", "cmd/geth/main.go"})
	if !slices.Equal(got, []string{".", "./cmd/geth", "./core"}) {
		t.Errorf("goPackages = %v", got)
	}
}

func TestGoSumHash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "go.sum")
	writeFile(t, path, "github.com/ethereum/go-ethereum v1.17.10 h1:abc=\ngithub.com/ethereum/go-ethereum v1.17.10/go.mod h1:def=\n")
	if h, err := goSumHash(path, upstreamModule, "v1.17.10"); err != nil || h != "h1:abc=" {
		t.Errorf("goSumHash = %q, %v", h, err)
	}
	if _, err := goSumHash(path, upstreamModule, "v1.0.0"); err == nil {
		t.Error("a version go.sum does not list has a hash")
	}
	if _, err := goSumHash(filepath.Join(t.TempDir(), "none"), upstreamModule, "v1.0.0"); !os.IsNotExist(err) {
		t.Errorf("missing go.sum: %v", err)
	}
}
