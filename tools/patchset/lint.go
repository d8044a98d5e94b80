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
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// A patch header is a pull request's text: a subject of at most
// maxSubjectLen characters, as geth's commits have, and at most
// maxHeaderLines lines in all (see headerLines).
const (
	maxSubjectLen  = 72
	maxHeaderLines = 40
)

var (
	gethSubject    = regexp.MustCompile(`^[a-z0-9/.,\ _-]+: [a-z]`)
	upstreamStatus = regexp.MustCompile(`^(Pending|Submitted \[.+\]|Accepted|Backport|Inappropriate \[.+\])$`)
	patchNameRE    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// findings are the results of the series checks: problems and review
// problems fail them, warnings are printed. Problems are those that keep the
// series from being assembled or exported as it is; review problems (a header
// or patch too long to review, two authors, a stale overview or README
// table) fail the checks but not assembly, which is needed to fix them.
type findings struct {
	problems []string
	review   []string
	warnings []string
}

func (f *findings) problem(format string, args ...any) {
	f.problems = append(f.problems, fmt.Sprintf(format, args...))
}

func (f *findings) reviewProblem(format string, args ...any) {
	f.review = append(f.review, fmt.Sprintf(format, args...))
}

// failed returns every problem, the review problems last.
func (f *findings) failed() []string {
	return append(slices.Clone(f.problems), f.review...)
}

func (f *findings) warn(format string, args ...any) {
	f.warnings = append(f.warnings, fmt.Sprintf(format, args...))
}

// lint runs the series checks and the overlay rule on the repository:
//
//   - patches/ and patches/series list the same patches, numbered in series order;
//   - every patch has a geth-style subject of at most 72 characters, a body
//     that says why and what, a header of at most 40 lines, an accurate
//     Statelab-Name, a DEP-3 Upstream-Status and dependencies on earlier
//     patches only, and was written by export (full index lines);
//   - every patch adds at most 1,000 non-test lines, or says in a one-line
//     "Not split:" paragraph why it cannot be split;
//   - every patch has the same author;
//   - a patch's hunks change upstream files or new files of patches it depends
//     on, and create no file (new files are overlay files);
//   - every overlay file belongs to exactly one patch, does not exist upstream
//     (the overlay rule) and carries geth's license header;
//   - go.mod ignores every directory that holds overlay files;
//   - docs/fork-overview.md and README.md's patch table are what
//     ./build.sh overview writes.
func (ws *workspace) lint() (*findings, error) {
	up, err := ws.upstream()
	if err != nil {
		return nil, err
	}
	f := new(findings)
	names, err := ws.seriesNames()
	if err != nil {
		f.problem("%v", err)
		return f, nil
	}
	onDisk, _ := filepath.Glob(filepath.Join(ws.root, "patches", "*.patch"))
	for _, p := range onDisk {
		if !slices.Contains(names, filepath.Base(p)) {
			f.problem("%s is not listed in patches/series", filepath.Base(p))
		}
	}
	s, err := ws.loadSeries()
	for _, e := range unjoin(err) {
		f.problem("%v", e)
	}
	var own map[string][]byte
	if err == nil {
		if own, err = ws.ownVersions(s); err != nil {
			f.problem("%v", err)
		}
	}
	ws.lintPatches(f, up, names, s, own)
	lintAuthors(f, s)
	if err == nil { // a partial series makes a partial overview
		ws.lintGenerated(f, up, s)
	}
	overlays, err := ws.overlayFiles(up)
	if err != nil {
		return nil, err
	}
	roots, err := ws.unignoredOverlayRoots(overlays)
	if err != nil {
		return nil, err
	}
	for _, r := range roots {
		f.problem("go.mod: overlay files live under %s/, which the ignore directive does not list (add ./%s, or the module cannot build)", r, r)
	}
	owners := s.owners()
	for _, o := range overlays {
		if up.has(o) {
			f.problem("overlay file %s already exists upstream: change it with a patch hunk instead", o)
		}
		if _, ok := owners[o]; !ok {
			f.problem("overlay file %s belongs to no patch (add it to a patch's commit in build/go-ethereum and export)", o)
		}
	}
	return f, nil
}

// lintPatches checks each patch of the series; own holds the overlay files as
// their patches add them (nil if they could not be reconstructed).
func (ws *workspace) lintPatches(f *findings, up *upstream, names []string, s series, own map[string][]byte) {
	claimed := map[string]string{} // overlay file -> patch name
	for _, p := range s {
		pos := slices.Index(names, p.file) + 1
		name := patchName(p.file)
		if want := fmt.Sprintf("%04d-", pos); !strings.HasPrefix(p.file, want) {
			f.problem("%s should be numbered %04d (series position)", p.file, pos)
		}
		if !patchNameRE.MatchString(name) {
			f.problem("%s: the name %q must be lower-case words joined by '-'", p.file, name)
		}
		if !gethSubject.MatchString(p.subject) {
			f.problem("%s: subject %q is not in geth style ('pkg/path: lower-case summary')", p.file, p.subject)
		}
		if n := utf8.RuneCountInString(p.subject); n > maxSubjectLen {
			f.reviewProblem("%s: the subject is %d characters, more than %d: %q", p.file, n, maxSubjectLen, p.subject)
		}
		if n := p.headerLines(); n > maxHeaderLines {
			f.reviewProblem("%s: the header is %d lines (subject, paragraphs and Upstream-Status), more than %d: say why and what in a few paragraphs and link the details",
				p.file, n, maxHeaderLines)
		}
		if got := p.msg.value("Statelab-Name"); got != name {
			f.problem("%s: Statelab-Name trailer must be %q (have %q)", p.file, name, got)
		}
		if st := p.msg.values("Upstream-Status"); len(st) != 1 || !upstreamStatus.MatchString(st[0]) {
			f.problem("%s: missing or malformed Upstream-Status: trailer (Pending, Submitted [url], Accepted, Backport or Inappropriate [reason])", p.file)
		}
		sec := p.msg.sections()
		if len(sec.description()) < 2 {
			f.problem("%s: the body must say why (first paragraph) and what changes (the next ones)", p.file)
		}
		if len(sec.measured) == 0 {
			f.warn("%s: the header has no 'Measured:' paragraph; its pull request body cannot name the measured effect", p.file)
		}
		if len(sec.tested) == 0 {
			f.warn("%s: the header has no 'Tested:' paragraph; its pull request body cannot say how it was tested", p.file)
		}
		ws.lintSize(f, p, sec, own)
		ws.lintStandalone(f, p, s.names())
		for _, d := range p.msg.values("Statelab-Depends") {
			if i := s.index(d); i < 0 || i >= s.index(name) {
				f.problem("%s: depends on %q, which is not an earlier patch", p.file, d)
			}
		}
		deps, _ := s.closure(name) // errors reported above
		for _, o := range p.msg.values("Statelab-Overlay") {
			if other, ok := claimed[o]; ok {
				f.problem("%s: overlay file %s is claimed by two patches (%s too)", p.file, o, other)
			}
			claimed[o] = name
			ws.lintOverlayFile(f, p.file, o)
		}
		for _, d := range p.diffs {
			ws.lintDiff(f, up, s, p, d, deps)
		}
	}
}

// lintSize checks that a patch adds at most maxPatchLines non-test lines, or
// says in one line why it is not split.
func (ws *workspace) lintSize(f *findings, p *patchFile, sec sections, own map[string][]byte) {
	switch reason := sec.notSplit; {
	case len(reason) > 1 || len(reason) == 1 && strings.Contains(reason[0], "\n"):
		f.reviewProblem("%s: the 'Not split:' paragraph must be one line (it has %d)", p.file, strings.Count(strings.Join(reason, "\n"), "\n")+1)
	case len(reason) == 1 && strings.TrimSpace(reason[0]) == "":
		f.reviewProblem("%s: the 'Not split:' paragraph does not say why", p.file)
	case len(reason) == 0:
		if n := ws.patchSize(p, own); n > maxPatchLines {
			f.reviewProblem("%s: adds %d non-test lines (hunks and overlay files, without _test.go and testdata/), more than %d: split it, or say why not in a one-line 'Not split:' paragraph",
				p.file, n, maxPatchLines)
		}
	}
}

// lintStandalone checks that a header reads as a pull request upstream: it
// names nothing that only exists in statelab (see statelabReferences), and
// the readings its Statelab-Reading trailers name exist.
func (ws *workspace) lintStandalone(f *findings, p *patchFile, names []string) {
	others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == patchName(p.file) })
	for _, para := range p.msg.paragraphs {
		for _, r := range statelabReferences(oneLine(para), others) {
			f.reviewProblem("%s: the header names %s, which exists only in statelab: a pull request stands alone upstream "+
				"(give the figure in the text, the reading in a 'Statelab-Reading:' trailer, a patch it builds on by what it does)", p.file, r)
		}
	}
	for _, r := range p.msg.values("Statelab-Reading") {
		if !strings.HasPrefix(r, "docs/") {
			f.problem("%s: Statelab-Reading: %s is not a reading under docs/", p.file, r)
		} else if _, err := os.Stat(filepath.Join(ws.root, filepath.FromSlash(r))); err != nil {
			f.problem("%s: Statelab-Reading: %s does not exist", p.file, r)
		}
	}
}

// lintAuthors checks that every patch has one author, the one most of them
// have: a pull request's author is its From: line.
func lintAuthors(f *findings, s series) {
	counts := map[string]int{}
	author := ""
	for _, p := range s {
		counts[p.author]++
		if counts[p.author] > counts[author] {
			author = p.author
		}
	}
	for _, p := range s {
		switch {
		case p.author == "":
			f.reviewProblem("%s: no From: line", p.file)
		case p.author != author:
			f.reviewProblem("%s: From: %s, while the other patches are from %s (every patch has one author: set it on the commit in build/go-ethereum and export)",
				p.file, p.author, author)
		}
	}
}

// lintOverlayFile checks that an overlay file exists and carries geth's license
// header: GPL-3.0 under cmd/, LGPL-3.0 for the library, as upstream does.
func (ws *workspace) lintOverlayFile(f *findings, patch, file string) {
	blob, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(file)))
	if err != nil {
		f.problem("%s: overlay file %s is missing", patch, file)
		return
	}
	switch {
	case !strings.HasSuffix(file, ".go"):
	case strings.HasPrefix(file, "cmd/"):
		if !strings.Contains(string(blob), "This file is part of go-ethereum.") {
			f.problem("%s: missing geth's GPL-3.0 header (cmd/)", file)
		}
	default:
		if !strings.Contains(string(blob), "GNU Lesser General Public License") {
			f.problem("%s: missing geth's LGPL-3.0 header", file)
		}
	}
}

// lintDiff checks one file diff of patch p: it changes an upstream file or a new
// file of a patch p depends on, and creates nothing.
func (ws *workspace) lintDiff(f *findings, up *upstream, s series, p *patchFile, d fileDiff, deps []string) {
	if !d.fullIndex {
		f.problem("%s: %s: not written by ./build.sh export (abbreviated or missing index line)", p.file, d.path)
	}
	if d.created {
		f.problem("%s: creates %s in a hunk; new files are overlay files (commit them in build/go-ethereum and export)", p.file, d.path)
		return
	}
	if up.has(d.path) {
		return
	}
	owner, ok := s.owners()[d.path]
	switch {
	case !ok:
		f.problem("%s: changes %s, which is neither an upstream file nor a new file of an earlier patch", p.file, d.path)
	case owner >= s.index(patchName(p.file)):
		f.problem("%s: changes %s, a new file of %s, which is not an earlier patch", p.file, d.path, s[owner].file)
	case !slices.Contains(deps, patchName(s[owner].file)):
		f.problem("%s: changes %s, a new file of %s, without depending on it: add 'Statelab-Depends: %s'",
			p.file, d.path, patchName(s[owner].file), patchName(s[owner].file))
	}
}

// lintOrFail runs the series checks, prints the findings and fails if there are
// problems.
func (ws *workspace) lintOrFail() error {
	f, err := ws.lint()
	if err != nil {
		return err
	}
	return ws.report(f)
}

// report prints the findings of the series checks and fails if there are
// problems.
func (ws *workspace) report(f *findings) error {
	for _, w := range f.warnings {
		fmt.Fprintf(ws.log, "series: warning: %s\n", w)
	}
	failed := f.failed()
	for _, p := range failed {
		fmt.Fprintf(ws.log, "series: %s\n", p)
	}
	if len(failed) > 0 {
		return fmt.Errorf("series checks failed (%d problems)", len(failed))
	}
	s, _ := ws.loadSeries()
	ws.logf("series checks passed (%d patches, %d overlay files)", len(s), len(s.owners()))
	return nil
}

// unjoin returns the errors joined in err.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
