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
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"statelab/tools/internal/fsutil"
)

// docs/fork-overview.md is the fork at a glance, in the spirit of op-geth's
// fork.yaml and forkdiff page: a short introduction (the base, how to read it),
// then one section of a few lines per patch, grouped by the series' topics.
// README.md's patch table (readme.go) links to the sections. Both are generated
// from patches/ by ./build.sh overview and export, and the series checks fail
// when either differs from what would be generated.

var (
	// upstreamPR finds links to upstream pull requests, with the state a
	// header may give in brackets after them.
	upstreamPR = regexp.MustCompile(`https://github\.com/ethereum/go-ethereum/pull/(\d+)(?:\s*\((open|closed|merged)\))?`)
)

// generated renders the files the series determines: the fork overview and
// README.md with its patch table. seriesText is the series file, for its
// topics; readme is README.md as it is.
func generated(up *upstream, s series, seriesText string, readme []byte) (exportSet, error) {
	withTable, err := withPatchTable(string(readme), s)
	if err != nil {
		return nil, err
	}
	return exportSet{
		overviewFile: overview(up, s, parseTopics(seriesText)),
		readmeFile:   []byte(withTable),
	}, nil
}

// overview renders docs/fork-overview.md.
func overview(up *upstream, s series, topics []topic) []byte {
	var b strings.Builder
	owners := s.owners()
	upstreamFiles := map[string]bool{}
	added, removed := 0, 0
	for _, p := range s {
		for _, d := range p.diffs {
			if _, ok := owners[d.path]; !ok {
				upstreamFiles[d.path] = true
				added, removed = added+d.added, removed+d.removed
			}
		}
	}
	b.WriteString("# statelab fork overview\n\n")
	b.WriteString(wrap(fmt.Sprintf("statelab is go-ethereum (`%s` %s, pinned in go.mod) with the %d patches below, "+
		"applied in the order of `patches/series`. They change %d upstream files (+%d/-%d lines) and add %d new files.",
		up.Path, up.Version, len(s), len(upstreamFiles), added, removed, len(owners))) + "\n")
	b.WriteString(wrap("Each section is one patch, titled by its subject: its file, upstream status and the patches "+
		"it depends on; why it exists (the first sentences of its header); what was measured, linking the reading; "+
		"the upstream pull requests it relates to; the upstream files it changes (lines added and removed), "+
		"the files it adds (tests counted, not listed) and the new files of earlier patches it changes. "+
		"The patch file has the whole header and the hunks, and `./build.sh pr NAME` writes it as an upstream pull request. "+
		"Every new file belongs to the one patch that adds it; a change that belongs to no patch fails `./build.sh test`.") + "\n")
	b.WriteString(wrap("Generated from `patches/` by `./build.sh overview` (and `./build.sh export`); do not edit."))
	if topics == nil {
		b.WriteString("\n## Patches\n")
		for _, p := range s {
			overviewSection(&b, s, p)
		}
		return []byte(b.String())
	}
	for _, t := range topics {
		title := t.title
		if title == "" {
			title = "Ungrouped"
		}
		fmt.Fprintf(&b, "\n## %s\n", title)
		if len(t.about) > 0 {
			fmt.Fprintf(&b, "\n%s\n", strings.Join(t.about, "\n"))
		}
		for _, f := range t.files {
			if i := slices.IndexFunc(s, func(p *patchFile) bool { return p.file == f }); i >= 0 {
				overviewSection(&b, s, s[i])
			}
		}
	}
	return []byte(b.String())
}

// overviewSection renders one patch's section of the overview.
func overviewSection(b *strings.Builder, s series, p *patchFile) {
	name := patchName(p.file)
	fmt.Fprintf(b, "\n### <a id=%q></a>%s\n\n", name, p.subject)
	line := fmt.Sprintf("[`%s`](../patches/%s) · %s", p.file, p.file, p.msg.value("Upstream-Status"))
	if deps := p.msg.values("Statelab-Depends"); len(deps) > 0 {
		line += " · depends on " + anchors(deps)
	}
	fmt.Fprintf(b, "- %s\n", line)
	if why := p.msg.sections().why; why != "" {
		first, _, _ := strings.Cut(why, "\n\n") // without what it introduces
		fmt.Fprintf(b, "- Why: %s\n", summary(first))
	}
	if m := p.msg.labelled("Measured"); m != "" {
		fmt.Fprintf(b, "- %s%s\n", oneLine(m), readings(p))
	}
	if ns := p.msg.sections().notSplit; len(ns) > 0 {
		fmt.Fprintf(b, "- Not split: %s\n", oneLine(strings.Join(ns, "\n")))
	}
	if r := relatedPRs(p); r != "" {
		fmt.Fprintf(b, "- Related: %s\n", r)
	}
	fmt.Fprintf(b, "- Files: %s\n", fileSummary(s, p))
}

// fileSummary describes the files a patch changes and adds, in one line.
func fileSummary(s series, p *patchFile) string {
	owners := s.owners()
	var (
		upstreamFiles   []string
		added, removed  int
		earlier         []string                // names of the earlier patches whose new files it changes
		earlierFiles    = map[string][]string{} // their files but tests
		earlierTests    = map[string]int{}      // and how many tests
		newFiles, tests []string
	)
	for _, d := range p.diffs {
		if i, ok := owners[d.path]; ok {
			owner := patchName(s[i].file)
			if _, seen := earlierFiles[owner]; !seen {
				earlier = append(earlier, owner)
				earlierFiles[owner] = nil
			}
			if isTestFile(d.path) {
				earlierTests[owner]++
			} else {
				earlierFiles[owner] = append(earlierFiles[owner], code(d.path))
			}
			continue
		}
		upstreamFiles = append(upstreamFiles, code(d.path))
		added, removed = added+d.added, removed+d.removed
	}
	for _, f := range p.msg.values("Statelab-Overlay") {
		if isTestFile(f) {
			tests = append(tests, f)
		} else {
			newFiles = append(newFiles, code(f))
		}
	}
	var parts []string
	if len(upstreamFiles) > 0 {
		parts = append(parts, fmt.Sprintf("%s (+%d/-%d)", strings.Join(upstreamFiles, ", "), added, removed))
	} else {
		parts = append(parts, "no upstream file")
	}
	switch n := len(newFiles) + len(tests); {
	case n == 0:
	case len(newFiles) == 0:
		parts = append(parts, fmt.Sprintf("%s, all tests", plural(n, "new file")))
	default:
		parts = append(parts, fmt.Sprintf("%s (%s): %s", plural(n, "new file"), plural(len(tests), "test"), strings.Join(newFiles, ", ")))
	}
	for _, o := range earlier {
		files := earlierFiles[o]
		if n := earlierTests[o]; n > 0 {
			files = append(files, plural(n, "test"))
		}
		parts = append(parts, fmt.Sprintf("changes %s of %s", strings.Join(files, ", "), anchors([]string{o})))
	}
	return strings.Join(parts, "; ")
}

// summary returns the first two sentences of a paragraph on one line, or the
// first alone when it is long. A sentence that introduces what follows (it
// ends with a colon) is left out.
func summary(para string) string {
	sentences := splitSentences(oneLine(para))
	out := sentences[0]
	if len(sentences) > 1 && len(out) < 200 && !strings.HasSuffix(sentences[1], ":") {
		out += " " + sentences[1]
	}
	return out
}

// readings links the readings a patch's Statelab-Reading trailers name, from
// the overview, which lives in docs/.
func readings(p *patchFile) string {
	var links []string
	for _, r := range p.msg.values("Statelab-Reading") {
		links = append(links, fmt.Sprintf("[%s](%s)", r, strings.TrimPrefix(r, "docs/")))
	}
	if len(links) == 0 {
		return ""
	}
	return " (" + strings.Join(links, ", ") + ")"
}

// relatedPRs links the upstream pull requests a patch's Related section names,
// with their state where the header gives it.
func relatedPRs(p *patchFile) string {
	var links []string
	for _, para := range p.msg.sections().related {
		for _, m := range upstreamPR.FindAllStringSubmatch(para, -1) {
			l := fmt.Sprintf("[#%s](https://github.com/ethereum/go-ethereum/pull/%s)", m[1], m[1])
			if m[2] != "" {
				l += " (" + m[2] + ")"
			}
			if !slices.Contains(links, l) {
				links = append(links, l)
			}
		}
	}
	return strings.Join(links, ", ")
}

// wrap wraps a paragraph of the overview at 88 columns and ends it with a
// newline.
func wrap(text string) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		switch {
		case col == 0:
		case col+1+len(w) > 88:
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	return b.String() + "\n"
}

// anchors links patch names to their sections of the overview.
func anchors(names []string) string {
	links := make([]string, len(names))
	for i, n := range names {
		links[i] = fmt.Sprintf("[`%s`](#%s)", n, n)
	}
	return strings.Join(links, ", ")
}

func code(s string) string { return "`" + s + "`" }

// plural says how many of a thing there are: "1 test", "3 tests".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// generatedFiles renders the overview and README.md from patches/ as they are.
func (ws *workspace) generatedFiles(up *upstream, s series) (exportSet, error) {
	text, err := ws.readSeries()
	if err != nil {
		return nil, err
	}
	readme, err := ws.readReadme()
	if err != nil {
		return nil, err
	}
	return generated(up, s, text, readme)
}

// lintGenerated checks that docs/fork-overview.md and README.md's patch
// table are what ./build.sh overview writes.
func (ws *workspace) lintGenerated(f *findings, up *upstream, s series) {
	gen, err := ws.generatedFiles(up, s)
	if err != nil {
		f.reviewProblem("%v", err)
		return
	}
	have, err := os.ReadFile(filepath.Join(ws.root, overviewFile))
	if err != nil || !bytes.Equal(have, gen[overviewFile]) {
		f.reviewProblem("%s is out of date: run ./build.sh overview", overviewFile)
	}
	readme, err := ws.readReadme()
	if err != nil {
		f.reviewProblem("%v", err)
		return
	}
	if !bytes.Equal(readme, gen[readmeFile]) {
		var lacks []string
		_, table, _, _ := splitPatchTable(string(readme)) // well-formed: generated succeeded
		for _, n := range s.names() {
			if !strings.Contains(table, code(n)) {
				lacks = append(lacks, n)
			}
		}
		if len(lacks) > 0 {
			f.reviewProblem("%s's patch table is out of date (it lacks %s): run ./build.sh overview", readmeFile, strings.Join(lacks, ", "))
		} else {
			f.reviewProblem("%s's patch table is out of date: run ./build.sh overview", readmeFile)
		}
	}
}

// writeOverview regenerates docs/fork-overview.md and README.md's patch table
// from patches/.
func (ws *workspace) writeOverview() error {
	up, err := ws.upstream()
	if err != nil {
		return err
	}
	s, err := ws.loadSeries()
	if err != nil {
		return err
	}
	gen, err := ws.generatedFiles(up, s)
	if err != nil {
		return err
	}
	for _, name := range sortedKeys(gen) {
		path := filepath.Join(ws.root, filepath.FromSlash(name))
		if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, gen[name]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		ws.logf("writing %s", name)
		if err := fsutil.WriteBytesAtomic(path, gen[name]); err != nil {
			return err
		}
	}
	return nil
}
