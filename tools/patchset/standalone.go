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
	"regexp"
	"slices"
	"strings"
)

// A patch's header is its pull request's text, read in the upstream
// repository: a path of statelab's repository, a relative link or the name of
// another statelab patch means nothing there. The figures go in the text, the
// reading that has the rest in a Statelab-Reading trailer (the overview links
// it, the pull request leaves it out), and a patch it builds on is named by
// what it does (the pull request's "Depends on" section lists them).

var (
	// repoPath finds paths into statelab's own directories and files.
	repoPath = regexp.MustCompile("(?:^|[\\s(`\"'\\[])((?:docs|tools|patches|tracing|out)/[A-Za-z0-9_./-]*|build\\.sh|\\.ci/run)")
	// mdLink finds the targets of Markdown links and images.
	mdLink = regexp.MustCompile(`\]\(([^)\s]*)\)`)
)

// statelabReferences lists what a pull request's text names that only exists
// in statelab: paths of its repository, relative links and the names of the
// other patches of the series (names), in the order they appear.
func statelabReferences(text string, names []string) []string {
	var refs []string
	add := func(r string) {
		if !slices.Contains(refs, r) {
			refs = append(refs, r)
		}
	}
	for _, m := range repoPath.FindAllStringSubmatch(text, -1) {
		add(strings.TrimRight(m[1], ".,;:"))
	}
	for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
		if t := m[1]; !strings.HasPrefix(t, "https://") && !strings.HasPrefix(t, "http://") {
			add("link to " + t)
		}
	}
	for _, n := range names {
		if containsWord(text, n) {
			add("patch name " + n)
		}
	}
	return refs
}

// containsWord reports whether word occurs in text with no letter, digit or
// '-' right before or after it.
func containsWord(text, word string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		if (start == 0 || !isWordByte(text[start-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = start + 1
	}
}

func isWordByte(c byte) bool {
	return c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
