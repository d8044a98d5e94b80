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
	"regexp"
	"strconv"
	"strings"
)

// A patch file is what git format-patch writes (see formatPatch): mail headers,
// the commit message body, "---", a diffstat and the diffs. Its message body is
// made of paragraphs and ends with a block of trailers:
//
//	Upstream-Status:  Pending, Submitted [url], Accepted, Backport or Inappropriate [reason] (DEP-3)
//	Statelab-Name:    the patch's name, also its file name after NNNN-
//	Statelab-Depends: the name of an earlier patch it needs (one per line, optional)
//	Statelab-Overlay: a new file the patch adds (one per line; export writes them)
//
// The paragraphs are the pull request's text (see sections).

// patchFile is a parsed patch file.
type patchFile struct {
	file    string  // file name, e.g. 0001-cmd-utils-bintrie-groupdepth.patch
	subject string  // without "[PATCH] ", unfolded
	msg     message // the body below the subject
	diffs   []fileDiff
}

// fileDiff is one file's diff in a patch.
type fileDiff struct {
	path           string
	created        bool // "new file mode"
	deleted        bool // "deleted file mode"
	fullIndex      bool // the index line names full object ids
	added, removed int  // lines
}

// message is a commit message body: paragraphs and the trailer block.
type message struct {
	paragraphs []string // paragraphs before the trailers, each without its final newline
	trailers   []trailer
}

type trailer struct{ key, value string }

var (
	trailerLine  = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9-]*): (.*)$`)
	hunkHeader   = regexp.MustCompile(`^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@`)
	fullIndexRE  = regexp.MustCompile(`^index [0-9a-f]{40}\.\.[0-9a-f]{40}`)
	sectionLabel = regexp.MustCompile(`^(Measured|Tested|Related)(\s*\([^)]*\))?:\s*`)
)

// parseMessage splits a commit message body into paragraphs and trailers. The
// last paragraph is the trailer block if every line of it is "Key: value".
func parseMessage(body string) message {
	var paras []string
	for _, p := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n\n") {
		if p = strings.Trim(p, "\n"); strings.TrimSpace(p) != "" {
			paras = append(paras, p)
		}
	}
	var m message
	if n := len(paras); n > 0 {
		var trailers []trailer
		for _, l := range strings.Split(paras[n-1], "\n") {
			t := trailerLine.FindStringSubmatch(l)
			if t == nil {
				trailers = nil
				break
			}
			trailers = append(trailers, trailer{t[1], strings.TrimSpace(t[2])})
		}
		if trailers != nil {
			m.trailers, paras = trailers, paras[:n-1]
		}
	}
	m.paragraphs = paras
	return m
}

// values returns the values of a trailer key, in order.
func (m message) values(key string) []string {
	var out []string
	for _, t := range m.trailers {
		if t.key == key {
			out = append(out, t.value)
		}
	}
	return out
}

// value returns the first value of a trailer key, or "".
func (m message) value(key string) string {
	if v := m.values(key); len(v) > 0 {
		return v[0]
	}
	return ""
}

// sections is a message's text as a pull request presents it. The paragraphs
// before the first labelled one describe the change: the first says why, the
// others what. A paragraph that starts with "Measured:", "Tested:" or
// "Related:" (a parenthesis may come before the colon) opens that section, and
// the unlabelled paragraphs after it belong to it.
type sections struct {
	why      string
	what     []string
	measured []string
	tested   []string
	related  []string
}

func (m message) sections() sections {
	var s sections
	var current *[]string
	for _, p := range m.paragraphs {
		if loc := sectionLabel.FindStringSubmatchIndex(p); loc != nil {
			switch p[loc[2]:loc[3]] {
			case "Measured":
				current = &s.measured
			case "Tested":
				current = &s.tested
			case "Related":
				current = &s.related
			}
			switch {
			case p[loc[2]:loc[3]] != "Measured":
				p = p[loc[1]:]
			case loc[4] < 0:
				p = capitalize(p[loc[1]:]) // prose; "Measured (on what):" stays as written
			}
		}
		switch {
		case current != nil:
			*current = append(*current, p)
		case s.why == "":
			s.why = p
		default:
			s.what = append(s.what, p)
		}
	}
	return s
}

// description returns the paragraphs that describe the change (why and what).
func (s sections) description() []string {
	if s.why == "" {
		return s.what
	}
	return append([]string{s.why}, s.what...)
}

// parsePatch parses a patch file as git format-patch writes it.
func parsePatch(file string, data []byte) (*patchFile, error) {
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	head, rest, ok := strings.Cut(text, "\n\n")
	if !ok {
		return nil, fmt.Errorf("%s: no mail header", file)
	}
	p := &patchFile{file: file}
	lines := strings.Split(head, "\n")
	for i := 0; i < len(lines); i++ {
		if s, ok := strings.CutPrefix(lines[i], "Subject: "); ok {
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") {
				i++
				s += lines[i]
			}
			p.subject = strings.TrimPrefix(s, "[PATCH] ")
		}
	}
	if p.subject == "" {
		return nil, fmt.Errorf("%s: no Subject: header", file)
	}
	body, diffs := rest, ""
	if i := strings.Index("\n"+rest, "\n---\n"); i >= 0 {
		body, diffs = rest[:i], rest[i+len("---\n"):]
	}
	p.msg = parseMessage(body)
	var err error
	p.diffs, err = parseDiffs(diffs)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return p, nil
}

// parseDiffs parses the git diffs after a patch's diffstat.
func parseDiffs(text string) ([]fileDiff, error) {
	var (
		diffs      []fileDiff
		cur        *fileDiff
		oldN, newN int // lines left in the current hunk
		lines      = strings.Split(text, "\n")
		inHunk     = func() bool { return oldN > 0 || newN > 0 }
		atoiOrOne  = func(s string) int {
			n, err := strconv.Atoi(s)
			if err != nil {
				return 1
			}
			return n
		}
	)
	for _, l := range lines {
		switch {
		case cur != nil && inHunk():
			switch {
			case strings.HasPrefix(l, "+"):
				cur.added++
				newN--
			case strings.HasPrefix(l, "-"):
				cur.removed++
				oldN--
			case (strings.HasPrefix(l, " ") || l == "") && oldN > 0 && newN > 0:
				oldN--
				newN--
			case strings.HasPrefix(l, `\`): // no newline at end of file
			default:
				return nil, fmt.Errorf("%s: malformed or cut short hunk at line %q", cur.path, l)
			}
		case strings.HasPrefix(l, "diff --git "):
			f := strings.Fields(l)
			if len(f) != 4 || !strings.HasPrefix(f[3], "b/") {
				return nil, fmt.Errorf("unexpected diff header %q", l)
			}
			diffs = append(diffs, fileDiff{path: strings.TrimPrefix(f[3], "b/")})
			cur = &diffs[len(diffs)-1]
		case cur == nil:
			// the diffstat
		case strings.HasPrefix(l, "new file mode"):
			cur.created = true
		case strings.HasPrefix(l, "deleted file mode"):
			cur.deleted = true
		case strings.HasPrefix(l, "index "):
			cur.fullIndex = fullIndexRE.MatchString(l)
		case strings.HasPrefix(l, "@@"):
			m := hunkHeader.FindStringSubmatch(l)
			if m == nil {
				return nil, fmt.Errorf("%s: malformed hunk header %q", cur.path, l)
			}
			oldN, newN = atoiOrOne(m[1]), atoiOrOne(m[2])
		}
	}
	if inHunk() {
		return nil, fmt.Errorf("%s: the last hunk is cut short", cur.path)
	}
	return diffs, nil
}

// patchName is a patch's name: its file name without NNNN- and .patch.
func patchName(file string) string {
	name := strings.TrimSuffix(file, ".patch")
	if len(name) > 5 && name[4] == '-' && strings.Trim(name[:4], "0123456789") == "" {
		return name[5:]
	}
	return name
}

// capitalize upper-cases the first letter of s if it is an ASCII lower-case one.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
