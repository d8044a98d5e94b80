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
)

// A pull request is one patch as upstream would take it: build/pr/NAME.patch is
// its commit in the assembled tree (hunks and new files) with a geth-style
// message, the subject and the paragraphs that say why and what, and none of
// statelab's trailers; build/pr/NAME.md is the pull request's text (what, why,
// the measured effect, how it was tested, related upstream work and the pull
// requests it builds on), taken from the patch's message.

// prFiles are the files pr writes for one patch.
type prFiles struct {
	patch, body string
	deps        []string // names of the patches to apply first, in order
}

// pr writes the pull request files of the named patch.
func (ws *workspace) pr(name string) error {
	if err := ws.assemble(); err != nil {
		return err
	}
	commits, err := ws.treeCommits()
	if err != nil {
		return err
	}
	out, err := ws.writePR(commits, name)
	if err != nil {
		return err
	}
	ws.logf("wrote %s and %s", ws.relPath(out.patch), ws.relPath(out.body))
	if len(out.deps) > 0 {
		ws.logf("apply after: %s (./build.sh pr NAME writes each)", strings.Join(out.deps, ", "))
	}
	fmt.Println(out.patch)
	return nil
}

// writePR writes build/pr/NAME.patch and NAME.md for one of the tree's commits.
func (ws *workspace) writePR(commits []treeCommit, name string) (*prFiles, error) {
	var names []string
	for _, c := range commits {
		names = append(names, c.name)
	}
	i := slices.Index(names, name)
	if i < 0 {
		return nil, fmt.Errorf("no patch named %q (names: %s)", name, strings.Join(names, " "))
	}
	c := commits[i]
	deps, err := dependencyClosure(names, func(n string) []string {
		return commits[slices.Index(names, n)].msg.values("Statelab-Depends")
	}, name)
	if err != nil {
		return nil, err
	}
	g := ws.git(ws.tree)
	subject, err := g.line("log", "-1", "--format=%s", c.id)
	if err != nil {
		return nil, err
	}
	sec := c.msg.sections()
	msg := subject + "\n\n" + strings.Join(c.msg.description(), "\n\n") + "\n"
	author, err := g.authorEnv(c.id)
	if err != nil {
		return nil, err
	}
	commit, err := g.runWith(author, msg, "commit-tree", c.id+"^{tree}", "-p", c.id+"^")
	if err != nil {
		return nil, err
	}
	patch, err := g.run(append(append([]string{}, formatPatch...), "-1", strings.TrimSpace(commit))...)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(ws.build, "pr")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := &prFiles{patch: filepath.Join(dir, name+".patch"), body: filepath.Join(dir, name+".md"), deps: deps}
	if err := os.WriteFile(out.patch, []byte(patch), 0o644); err != nil {
		return nil, err
	}
	var stack []string
	for _, d := range deps {
		dc := commits[slices.Index(names, d)]
		s, err := g.line("log", "-1", "--format=%s", dc.id)
		if err != nil {
			return nil, err
		}
		stack = append(stack, fmt.Sprintf("%s: %s", s, splitSentences(oneLine(dc.msg.sections().why))[0]))
	}
	body, missing := prBody(subject, sec, stack)
	for _, m := range missing {
		fmt.Fprintf(ws.log, "pr: warning: %s: the patch header does not say %s\n", name, m)
	}
	others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == name })
	if refs := statelabReferences(body, others); len(refs) > 0 {
		return nil, fmt.Errorf("the pull request of %s does not stand alone upstream: its body names %s", name, strings.Join(refs, ", "))
	}
	return out, os.WriteFile(out.body, []byte(body), 0o644)
}

// prBody renders a pull request's text; deps are the changes it builds on,
// in the order to merge them, each its subject and why. It returns what the
// message did not say.
// The paragraphs are unwrapped (see unwrap), as GitHub shows every newline of a
// pull request's text as a line break.
func prBody(subject string, sec sections, deps []string) (string, []string) {
	var b strings.Builder
	var missing []string
	section := func(title, what string, paras []string) {
		fmt.Fprintf(&b, "\n## %s\n\n", title)
		if len(paras) == 0 {
			fmt.Fprintf(&b, "_The patch header does not say %s._\n", what)
			missing = append(missing, what)
			return
		}
		unwrapped := make([]string, len(paras))
		for i, p := range paras {
			unwrapped[i] = unwrap(p)
		}
		b.WriteString(strings.Join(unwrapped, "\n\n") + "\n")
	}
	fmt.Fprintf(&b, "# %s\n", subject)
	section("What", "what changes", sec.what)
	section("Why", "why", nonEmpty(sec.why))
	section("Measured effect", "what was measured", sec.measured)
	section("How it was tested", "how it was tested", sec.tested)
	if len(sec.notSplit) > 0 {
		reason := slices.Clone(sec.notSplit)
		reason[0] = capitalize(reason[0])
		section("Why it is one pull request", "", reason)
	}
	if len(sec.related) > 0 {
		section("Related upstream work", "", sec.related)
	}
	if len(deps) > 0 {
		fmt.Fprintf(&b, "\n## Depends on\n\nThis change builds on %s, each sent as a pull request of its own; "+
			"this one's diff holds only its own change. Merge them first, in this order:\n\n", plural(len(deps), "other change"))
		for i, d := range deps {
			fmt.Fprintf(&b, "%d. %s\n", i+1, d)
		}
	}
	return b.String(), missing
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// listItem matches the first line of a Markdown list item.
var listItem = regexp.MustCompile(`^([-*+]|\d+[.)])\s`)

// unwrap joins the lines a commit message wraps at 72 columns, keeping its
// Markdown: each list item on a line of its own, and tables and indented code
// as they are. The parts of a paragraph that introduces another (see
// sections) are unwrapped one by one.
func unwrap(para string) string {
	parts := strings.Split(para, "\n\n")
	for i, part := range parts {
		lines := strings.Split(part, "\n")
		if slices.ContainsFunc(lines, func(l string) bool {
			return strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") || strings.HasPrefix(strings.TrimSpace(l), "|")
		}) && !slices.ContainsFunc(lines, func(l string) bool { return listItem.MatchString(strings.TrimSpace(l)) }) {
			continue // a table or code
		}
		var out []string
		for _, l := range lines {
			t := strings.TrimSpace(l)
			if len(out) == 0 || listItem.MatchString(t) {
				out = append(out, t)
				continue
			}
			out[len(out)-1] = joinWrapped(out[len(out)-1], t)
		}
		parts[i] = strings.Join(out, "\n")
	}
	return strings.Join(parts, "\n\n")
}
