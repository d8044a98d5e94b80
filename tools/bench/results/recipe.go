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

package results

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A study's recipe is what made its runs, kept with them as a benchstat
// file keeps its configuration, so that they can be read without the
// machine they ran on and made again on another. It is one of:
//
//   - the study file's text (Study.StudyFile): bench run keeps the file it
//     ran as study.toml in its results directory, and the dataset keeps that;
//   - a file of this repository at a commit (Study.StudyRef, COMMIT:PATH as
//     git names it): the study file of results recorded before bench kept
//     its text, or the script that made them (Study.Source);
//   - bench ab's command line (Meta.Study), which is all an A/B comparison
//     is made of.
//
// No study names a path of the machine it ran on: binaries are named
// relative to bench's --bin, dumps and prepared datadirs relative to its
// --work, study files relative to the repository.

// ABCommand starts the recipe of an A/B comparison: bench ab's command line.
const ABCommand = "bench ab "

// abRequired are the flags every bench ab command line gives.
var abRequired = []string{"--a", "--b", "--dump"}

// checkRecipe fails if the study carries no recipe, or one that is
// malformed. It does not look into git: a StudyRef's commit may not be in
// the repository bench runs in (the dataset's own test checks that it is).
func (s *Study) checkRecipe() error {
	switch {
	case strings.TrimSpace(s.StudyFile) != "":
		return nil
	case s.StudyRef != "":
		if _, _, err := s.refParts(); err != nil {
			return err
		}
		return nil
	case strings.HasPrefix(s.Meta.Study, ABCommand):
		args := strings.Fields(s.Meta.Study)
		for _, flag := range abRequired {
			if !slices.ContainsFunc(args, func(a string) bool { return a == flag || strings.HasPrefix(a, flag+"=") }) {
				return fmt.Errorf("study %s: its recipe %q lacks %s", s.ID, s.Meta.Study, flag)
			}
		}
		return nil
	}
	return fmt.Errorf("study %s has no recipe: keep its study file as study.toml in the results directory (bench run does), or name the command that made it as bench ab does", s.ID)
}

// refParts splits the study's StudyRef into its commit and path.
func (s *Study) refParts() (commit, path string, err error) {
	commit, path, ok := strings.Cut(s.StudyRef, ":")
	if !ok || commit == "" || path == "" || strings.HasPrefix(path, "/") {
		return "", "", fmt.Errorf("study %s: study_ref %q: want COMMIT:PATH, a file of the repository at a commit", s.ID, s.StudyRef)
	}
	return commit, path, nil
}

// machinePath finds absolute paths in a text: a slash or "~/" that starts
// the text or follows a blank, quote, '=', '(', '[' or ',', then a name. A
// URL's "//host" and a unit's "ms/block" are no such paths.
var machinePath = regexp.MustCompile(`(?:^|[\s"'=(\[,])((?:/|~/)[^\s"',)\]]+)`)

// kernelPaths name the same files on every Linux machine.
var kernelPaths = []string{"/proc/", "/sys/"}

// MachinePaths returns the absolute paths a text names, but the kernel's.
func MachinePaths(text string) []string {
	var out []string
	for _, m := range machinePath.FindAllStringSubmatch(text, -1) {
		p := m[1]
		if !slices.ContainsFunc(kernelPaths, func(k string) bool { return strings.HasPrefix(p, k) }) {
			out = append(out, p)
		}
	}
	return out
}

// machinePaths lists the absolute paths the study names anywhere the
// dataset keeps it: every text of its line of studies.jsonl (the meta, the
// study file, the recipe) and every cell of its runs' rows.
func (s *Study) machinePaths() ([]string, error) {
	line, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(line, &tree); err != nil {
		return nil, err
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, MachinePaths(v)...)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(tree)
	header := runsHeader()
	cols, err := headerColumns(header)
	if err != nil {
		return nil, err
	}
	for _, r := range s.Runs {
		row, err := runRow(s.ID, r, header, cols)
		if err != nil {
			return nil, err
		}
		for _, cell := range row {
			out = append(out, MachinePaths(cell)...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// checkPortable fails if the study has no recipe or names a path of the
// machine it ran on.
func (s *Study) checkPortable() error {
	if err := s.checkRecipe(); err != nil {
		return err
	}
	paths, err := s.machinePaths()
	if err != nil {
		return err
	}
	if len(paths) > 0 {
		return fmt.Errorf("study %s names paths of the machine it ran on: %s (bench names binaries relative to --bin, dumps and datadirs relative to --work)", s.ID, strings.Join(paths, ", "))
	}
	return nil
}
