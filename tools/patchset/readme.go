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
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// README.md lists the patches in a table between two marker lines, written by
// ./build.sh overview and export: one row per patch, its name linking to its
// section of the fork overview, and its subject. The series checks fail when
// the table differs from the series, so that it cannot drift.

const (
	readmeFile    = "README.md"
	patchTableBeg = "<!-- patches:begin -->"
	patchTableEnd = "<!-- patches:end -->"
)

// patchTable renders the rows between the markers.
func patchTable(s series) string {
	var b strings.Builder
	b.WriteString("| patch | what it does |\n|---|---|\n")
	for _, p := range s {
		name := patchName(p.file)
		fmt.Fprintf(&b, "| [`%s`](%s#%s) | %s |\n", name, overviewFile, name, strings.ReplaceAll(p.subject, "|", `\|`))
	}
	return b.String()
}

// splitPatchTable splits README.md's text around its patch table: before ends
// with the begin marker's line, after starts with the end marker's.
func splitPatchTable(readme string) (before, table, after string, err error) {
	lines := strings.SplitAfter(readme, "\n")
	beg, end := -1, -1
	for i, l := range lines {
		switch strings.TrimRight(l, "\r\n") {
		case patchTableBeg:
			if beg >= 0 {
				return "", "", "", fmt.Errorf("%s: %s appears twice (lines %d and %d)", readmeFile, patchTableBeg, beg+1, i+1)
			}
			beg = i
		case patchTableEnd:
			if end >= 0 {
				return "", "", "", fmt.Errorf("%s: %s appears twice (lines %d and %d)", readmeFile, patchTableEnd, end+1, i+1)
			}
			end = i
		}
	}
	switch {
	case beg < 0 || end < 0:
		return "", "", "", fmt.Errorf("%s has no patch table: put the lines %s and %s where it goes, and run ./build.sh overview", readmeFile, patchTableBeg, patchTableEnd)
	case end < beg:
		return "", "", "", fmt.Errorf("%s: %s (line %d) comes before %s (line %d)", readmeFile, patchTableEnd, end+1, patchTableBeg, beg+1)
	}
	return strings.Join(lines[:beg+1], ""), strings.Join(lines[beg+1:end], ""), strings.Join(lines[end:], ""), nil
}

// withPatchTable returns README.md's text with the series' patch table.
func withPatchTable(readme string, s series) (string, error) {
	before, _, after, err := splitPatchTable(readme)
	if err != nil {
		return "", err
	}
	return before + patchTable(s) + after, nil
}

// readReadme returns README.md's text.
func (ws *workspace) readReadme() ([]byte, error) {
	blob, err := os.ReadFile(filepath.Join(ws.root, readmeFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is missing; it holds the patch table", readmeFile)
	}
	return blob, err
}
