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
	"mime"
	"regexp"
	"slices"
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
	author  string  // the From: header, unfolded and decoded
	subject string  // without "[PATCH] ", unfolded and decoded
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
	sectionLabel = regexp.MustCompile(`^(Measured|Tested|Related|Not split)(\s*\([^)]*\))?:\s*`)
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
// others what. A paragraph that starts with "Measured:", "Tested:", "Related:"
// or "Not split:" (a parenthesis may come before the colon) opens that
// section, and the unlabelled paragraphs after it belong to it. A paragraph
// that ends with a colon introduces the next one (a list, a table) and is kept
// with it.
type sections struct {
	why      string
	what     []string
	measured []string
	tested   []string
	related  []string
	notSplit []string // why the patch is not split although it is large
}

func (m message) sections() sections {
	var s sections
	var current *[]string
	for _, p := range introduced(m.paragraphs) {
		if loc := sectionLabel.FindStringSubmatchIndex(p); loc != nil {
			switch p[loc[2]:loc[3]] {
			case "Measured":
				current = &s.measured
			case "Tested":
				current = &s.tested
			case "Related":
				current = &s.related
			case "Not split":
				current = &s.notSplit
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
	s.splitWhy()
	return s
}

// splitWhy moves the last sentence of the why paragraph to the what when it
// introduces the paragraph after it ("..., at these levels:" and a list): it
// begins the what. Both parts are then unwrapped.
func (s *sections) splitWhy() {
	why, introduced, ok := strings.Cut(s.why, "\n\n")
	if !ok {
		return
	}
	sentences := splitSentences(oneLine(why))
	if n := len(sentences); n > 1 {
		s.why = strings.Join(sentences[:n-1], " ")
		s.what = append([]string{sentences[n-1] + "\n\n" + introduced}, s.what...)
	}
}

// abbreviations end with a full stop that does not end a sentence.
var abbreviations = []string{"e.g.", "i.e.", "cf.", "vs.", "approx."}

// splitSentences splits a line of text into its sentences: each ends with a
// word that ends with a full stop, question or exclamation mark (not an
// abbreviation), or at the end of the text.
func splitSentences(text string) []string {
	var out []string
	words := strings.Fields(text)
	start := 0
	for i, w := range words {
		last := i == len(words)-1
		if !last && (!strings.ContainsAny(w[len(w)-1:], ".!?") || slices.Contains(abbreviations, strings.ToLower(w))) {
			continue
		}
		out = append(out, strings.Join(words[start:i+1], " "))
		start = i + 1
	}
	if len(out) == 0 {
		return []string{""}
	}
	return out
}

// oneLine joins the lines of a paragraph, as wrapping cut them (joinWrapped).
func oneLine(para string) string {
	var out string
	for _, l := range strings.Split(para, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		if out == "" {
			out = l
		} else {
			out = joinWrapped(out, l)
		}
	}
	return out
}

// joinWrapped joins a line cut by wrapping to the text before it: with a
// space, or without one after a slash (a path cut at a directory).
func joinWrapped(before, line string) string {
	if line == "" || strings.HasSuffix(before, "/") {
		return before + line
	}
	return before + " " + line
}

// labelled returns the first paragraph that opens the named section
// ("Measured", "Tested", "Related", "Not split"), as written, or "".
func (m message) labelled(label string) string {
	for _, p := range m.paragraphs {
		if l := sectionLabel.FindStringSubmatch(p); l != nil && l[1] == label {
			return p
		}
	}
	return ""
}

// introduced joins each paragraph that ends with a colon to the unlabelled
// paragraph after it, which it introduces.
func introduced(paras []string) []string {
	var out []string
	for _, p := range paras {
		if n := len(out); n > 0 && strings.HasSuffix(out[n-1], ":") && !sectionLabel.MatchString(p) {
			out[n-1] += "\n\n" + p
			continue
		}
		out = append(out, p)
	}
	return out
}

// description returns the paragraphs that describe the change, as written:
// those before the first labelled one. They are a pull request's commit
// message.
func (m message) description() []string {
	i := slices.IndexFunc(m.paragraphs, sectionLabel.MatchString)
	if i < 0 {
		return m.paragraphs
	}
	return m.paragraphs[:i]
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
		key, v, ok := strings.Cut(lines[i], ": ")
		if !ok {
			continue
		}
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") {
			i++
			v += lines[i]
		}
		switch key {
		case "Subject":
			p.subject = strings.TrimPrefix(decodeHeader(v), "[PATCH] ")
		case "From":
			p.author = decodeHeader(v)
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

// decodeHeader decodes the RFC 2047 words git format-patch writes for a
// header with non-ASCII text; a header it cannot decode is returned as is.
func decodeHeader(v string) string {
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		return d
	}
	return v
}

// headerLines is the length of a patch's header as a reader sees it: the
// subject, each paragraph after a blank line, and after another the trailers
// other than statelab's own (Statelab-*, which export writes and pr drops).
func (p *patchFile) headerLines() int {
	n := 1
	for _, para := range p.msg.paragraphs {
		n += 1 + strings.Count(para, "\n") + 1
	}
	var trailers int
	for _, t := range p.msg.trailers {
		if !strings.HasPrefix(t.key, "Statelab-") {
			trailers++
		}
	}
	if trailers > 0 {
		n += 1 + trailers
	}
	return n
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
