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

// TestSectionsSplitWhy checks that a why paragraph whose last sentence
// introduces a list gives that sentence and the list to the what, and that a
// 'Not split:' paragraph is a section of its own, outside the description.
func TestSectionsSplitWhy(t *testing.T) {
	m := parseMessage("It is slow, e.g. on import. So it now\ndoes this, at these levels:\n\n- one,\n  wrapped;\n- two.\n\n" +
		"More of what.\n\nNot split: one format.\n\nMeasured: 2x.\n\nUpstream-Status: Pending\n")
	s := m.sections()
	if s.why != "It is slow, e.g. on import." {
		t.Errorf("why %q", s.why)
	}
	if !slices.Equal(s.what, []string{"So it now does this, at these levels:\n\n- one,\n  wrapped;\n- two.", "More of what."}) {
		t.Errorf("what %q", s.what)
	}
	if !slices.Equal(s.notSplit, []string{"one format."}) || !slices.Equal(s.measured, []string{"2x."}) {
		t.Errorf("not split %q, measured %q", s.notSplit, s.measured)
	}
	// The commit message keeps the paragraphs as written.
	if d := m.description(); len(d) != 3 || !strings.HasPrefix(d[0], "It is slow, e.g. on import. So it now\ndoes") {
		t.Errorf("description %q", d)
	}
	// A why that is only the introduction stays the why.
	if s := parseMessage("It does this:\n\n- one.\n\nWhat.\n").sections(); s.why != "It does this:\n\n- one." || len(s.what) != 1 {
		t.Errorf("why %q, what %q", s.why, s.what)
	}
}

func TestSplitSentences(t *testing.T) {
	got := splitSentences("It takes 1.5 s, i.e. too long. geth import is slow! Why? Because e.g. X. End")
	want := []string{"It takes 1.5 s, i.e. too long.", "geth import is slow!", "Why?", "Because e.g. X.", "End"}
	if !slices.Equal(got, want) {
		t.Errorf("splitSentences = %q", got)
	}
	if got := oneLine("a path cut at docs/results/\nbal and\n  more"); got != "a path cut at docs/results/bal and more" {
		t.Errorf("oneLine = %q", got)
	}
}

// TestHeaderLines counts a header as a reader sees it, without statelab's
// trailers.
func TestHeaderLines(t *testing.T) {
	p := &patchFile{subject: "core: x", msg: parseMessage("Why,\nin two lines.\n\nWhat.\n\n" +
		"Upstream-Status: Pending\nStatelab-Name: x\nStatelab-Overlay: core/a.go\nStatelab-Overlay: core/b.go\n")}
	// subject; blank, 2 lines; blank, 1 line; blank, Upstream-Status
	if n := p.headerLines(); n != 8 {
		t.Errorf("headerLines = %d, want 8", n)
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
	if p.author != "statelab <statelab@localhost>" {
		t.Errorf("author %q", p.author)
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
	// git format-patch folds long headers and encodes non-ASCII ones.
	encoded := strings.Replace(strings.Replace(text, "From: statelab <statelab@localhost>", "From: =?UTF-8?q?J=C3=B6rg=20M=C3=BCller?=\n <jm@example.org>", 1),
		"Subject: [PATCH] core: a long", "Subject: [PATCH] =?UTF-8?q?core:=20a=20l=C3=B6ng?=", 1)
	if p, err := parsePatch("0001-x.patch", []byte(encoded)); err != nil || p.author != "Jörg Müller <jm@example.org>" || !strings.HasPrefix(p.subject, "core: a löng subject") {
		t.Errorf("encoded headers: %v, author %q, subject %q", err, p.author, p.subject)
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

func TestParseTopics(t *testing.T) {
	text := seriesHeader + "0001-a.patch\n\n# Telemetry\n# Block spans and what they count.\n0002-b.patch\n0003-c.patch\n" +
		"# Empty topic\n\n# BAL\n0004-d.patch\n# a note, not a topic description\n0005-e.patch\n"
	got := parseTopics(text)
	want := []topic{
		{files: []string{"0001-a.patch"}},
		{title: "Telemetry", about: []string{"Block spans and what they count."}, files: []string{"0002-b.patch", "0003-c.patch"}},
		{title: "BAL", files: []string{"0004-d.patch"}},
		{title: "a note, not a topic description", files: []string{"0005-e.patch"}},
	}
	if len(got) != len(want) {
		t.Fatalf("topics %+v", got)
	}
	for i := range want {
		if got[i].title != want[i].title || !slices.Equal(got[i].about, want[i].about) || !slices.Equal(got[i].files, want[i].files) {
			t.Errorf("topic %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if got := parseTopics(seriesHeader + "0001-a.patch\n0002-b.patch\n"); got != nil {
		t.Errorf("a series without topics has topics %+v", got)
	}
}

// TestRenderSeries checks that a new series keeps the comment and blank
// lines of the old one above the patches of the same name, whatever their
// numbers.
func TestRenderSeries(t *testing.T) {
	old := seriesHeader + "# Group depth\n0001-a.patch\n0002-b.patch\n\n# Telemetry\n0003-c.patch\n# BAL\n0004-d.patch\n# the end\n"
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"same patches", []string{"0001-a.patch", "0002-b.patch", "0003-c.patch", "0004-d.patch"}, old},
		{"a patch added and the rest renumbered", []string{"0001-a.patch", "0002-new.patch", "0003-b.patch", "0004-c.patch", "0005-d.patch"},
			seriesHeader + "# Group depth\n0001-a.patch\n0002-new.patch\n0003-b.patch\n\n# Telemetry\n0004-c.patch\n# BAL\n0005-d.patch\n# the end\n"},
		{"a topic's first patch dropped", []string{"0001-a.patch", "0002-b.patch", "0003-d.patch"},
			seriesHeader + "# Group depth\n0001-a.patch\n0002-b.patch\n\n# Telemetry\n# BAL\n0003-d.patch\n# the end\n"},
		{"the last patch dropped", []string{"0001-a.patch", "0002-b.patch", "0003-c.patch"},
			seriesHeader + "# Group depth\n0001-a.patch\n0002-b.patch\n\n# Telemetry\n0003-c.patch\n# BAL\n# the end\n"},
		{"no old series", []string{"0001-a.patch"}, seriesHeader + "0001-a.patch\n"},
	} {
		o := old
		if c.name == "no old series" {
			o = ""
		}
		if got := renderSeries(c.files, o); got != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, got, c.want)
		}
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
