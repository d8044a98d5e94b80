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
	"os"
	"path/filepath"
	"strings"
)

// maxPatchLines is the most non-test lines a patch may add unless its header
// says, in a "Not split:" line, why it cannot be split: beyond it a reviewer
// asks for a split.
const maxPatchLines = 1000

// isTestFile reports whether a file of a patch is a test or test data, which
// the size of a patch leaves out.
func isTestFile(path string) bool {
	return strings.HasSuffix(path, "_test.go") || strings.HasPrefix(path, "testdata/") || strings.Contains(path, "/testdata/")
}

// patchSize returns the non-test lines a patch adds: the '+' lines of its
// hunks and the lines of its overlay files as it adds them (own, see
// ownVersions; the top-level file where own lacks it), leaving out tests and
// test data. A missing overlay file counts nothing (the series checks report
// it).
func (ws *workspace) patchSize(p *patchFile, own map[string][]byte) int {
	n := 0
	for _, d := range p.diffs {
		if !isTestFile(d.path) {
			n += d.added
		}
	}
	for _, f := range p.msg.values("Statelab-Overlay") {
		if isTestFile(f) {
			continue
		}
		if blob, ok := own[f]; ok {
			n += countLines(blob)
		} else if blob, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(f))); err == nil {
			n += countLines(blob)
		}
	}
	return n
}

// countLines counts the lines of a text, the last one with or without its
// newline.
func countLines(text []byte) int {
	n := bytes.Count(text, []byte("\n"))
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return n
}
