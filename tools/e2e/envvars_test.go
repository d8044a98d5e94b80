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

// This test needs no binaries and has no build tag: `go test ./...` runs it.

package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// maxEnvVars bounds the STATELAB_* variables: settings are flags, and only the
// few that cross from one program to another are variables too.
const maxEnvVars = 10

// envSection is the README.md section whose table lists every variable.
const envSection = "## Environment variables"

// envVars is what a repository says about the variables of one prefix: those
// its README's table lists, and the files that mention each variable.
type envVars struct {
	listed   []string
	mentions map[string][]string // variable -> slash paths of the files naming it
}

// envVarPattern matches a whole variable name of the prefix: STATELAB_* or
// STATELAB_JAEGER_*_PORT in prose name no variable.
func envVarPattern(prefix string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(prefix) + `[A-Z0-9_]*[A-Z0-9]\b`)
}

// scanEnvVars reads README.md's table and every text file of the repository
// fsys, but .git and the gitignored build/ and out/ at its root.
func scanEnvVars(fsys fs.FS, prefix string) (*envVars, error) {
	pattern := envVarPattern(prefix)
	vars := &envVars{mentions: map[string][]string{}}
	readme, err := fs.ReadFile(fsys, "README.md")
	if err != nil {
		return nil, err
	}
	if vars.listed, err = envTable(readme, pattern); err != nil {
		return nil, err
	}
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == ".git" || p == "build" || p == "out" {
				return fs.SkipDir
			}
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil || bytes.IndexByte(data, 0) >= 0 { // a binary
			return err
		}
		if p == "README.md" {
			data = withoutEnvTable(data)
		}
		for _, name := range pattern.FindAllString(string(data), -1) {
			if files := vars.mentions[name]; !slices.Contains(files, p) {
				vars.mentions[name] = append(files, p)
			}
		}
		return nil
	})
	return vars, err
}

// envTable returns the variables of README's table, in its order.
func envTable(readme []byte, pattern *regexp.Regexp) ([]string, error) {
	var names []string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(readme))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == envSection:
			in = true
		case strings.HasPrefix(line, "## "):
			in = false
		case in && strings.HasPrefix(line, "| `"):
			cell := strings.Trim(strings.SplitN(line, "|", 3)[1], " `")
			if !pattern.MatchString(cell) || pattern.FindString(cell) != cell {
				return nil, fmt.Errorf("README.md: %q in the table of %q is not a variable name", cell, envSection)
			}
			if slices.Contains(names, cell) {
				return nil, fmt.Errorf("README.md: the table lists %s twice", cell)
			}
			names = append(names, cell)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("README.md has no table of variables under %q", envSection)
	}
	return names, sc.Err()
}

// withoutEnvTable returns README without the rows of its table, which list
// the variables rather than mention them.
func withoutEnvTable(readme []byte) []byte {
	var out bytes.Buffer
	in := false
	for _, line := range strings.SplitAfter(string(readme), "\n") {
		trimmed := strings.TrimRight(line, "\n")
		switch {
		case trimmed == envSection:
			in = true
		case strings.HasPrefix(trimmed, "## "):
			in = false
		case in && strings.HasPrefix(trimmed, "| `"):
			continue
		}
		out.WriteString(line)
	}
	return out.Bytes()
}

// problems returns what is wrong with the variables: one mentioned anywhere
// that the table does not list, one the table lists that no program or
// script reads (Markdown mentions do not count), and more than max of them.
func (v *envVars) problems(max int) []string {
	var probs []string
	names := make([]string, 0, len(v.mentions))
	for name := range v.mentions {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !slices.Contains(v.listed, name) {
			probs = append(probs, fmt.Sprintf("%s (in %s) is not in README.md's table (%q)", name, strings.Join(v.mentions[name], ", "), envSection))
		}
	}
	for _, name := range v.listed {
		if !slices.ContainsFunc(v.mentions[name], func(p string) bool { return path.Ext(p) != ".md" }) {
			probs = append(probs, fmt.Sprintf("README.md's table lists %s, but no program or script reads it", name))
		}
	}
	if len(v.listed) > max {
		probs = append(probs, fmt.Sprintf("README.md's table lists %d variables, more than %d: make settings flags", len(v.listed), max))
	}
	return probs
}

// TestEnvironmentVariables checks README.md's table of STATELAB_* variables
// against the repository: every variable a file names is in the table, every
// one in the table is read by a program or script, and there are at most
// maxEnvVars of them.
func TestEnvironmentVariables(t *testing.T) {
	root := filepath.Join("..", "..") // go test runs in tools/e2e
	vars, err := scanEnvVars(os.DirFS(root), "STATELAB_")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range vars.problems(maxEnvVars) {
		t.Error(p)
	}
	if len(vars.listed) < 3 {
		t.Errorf("README.md's table lists %v: the scan found too few to be reading the right table", vars.listed)
	}
}

// TestEnvironmentVariableCheck runs the check on a small repository with a
// prefix of its own, with each kind of problem in turn.
func TestEnvironmentVariableCheck(t *testing.T) {
	readme := func(rows ...string) *fstest.MapFile {
		text := "# x\n\nProse about `FIX_*` and FIX_PROSE.\n\n" + envSection + "\n\n| variable | what |\n|---|---|\n"
		for _, r := range rows {
			text += "| `" + r + "` | something |\n"
		}
		return &fstest.MapFile{Data: []byte(text + "\n## Later\n\n| `another table` | x |\n")}
	}
	base := fstest.MapFS{
		"build.sh":          {Data: []byte("echo ${FIX_PROSE:-} $FIX_BIN\n")},
		"tools/a/main.go":   {Data: []byte(`EnvVars: []string{"FIX_BIN"}`)},
		"docs/a.md":         {Data: []byte("Set `FIX_BIN`.\n")},
		"build/bin/x.go":    {Data: []byte("FIX_IGNORED_BUILD\n")},
		"out/run/log":       {Data: []byte("FIX_IGNORED_OUT\n")},
		".git/config":       {Data: []byte("FIX_IGNORED_GIT\n")},
		"tools/a/binary":    {Data: []byte("FIX_IGNORED_BINARY\x00")},
		"tools/a/notvar.go": {Data: []byte("FIX_ FIX_x FIX_A_* xFIX_A")},
		".ci/run":           {Data: []byte("$FIX_CI\n")},
	}
	for _, tc := range []struct {
		name  string
		rows  []string
		extra fstest.MapFS
		max   int
		want  []string
	}{
		{name: "consistent", rows: []string{"FIX_BIN", "FIX_PROSE", "FIX_CI"}, max: 3},
		{name: "unlisted", rows: []string{"FIX_BIN", "FIX_PROSE"}, max: 3,
			want: []string{"FIX_CI (in .ci/run) is not in README.md's table"}},
		{name: "unlisted in docs", rows: []string{"FIX_BIN", "FIX_PROSE", "FIX_CI"}, max: 3,
			extra: fstest.MapFS{"docs/b.md": {Data: []byte("`FIX_OLD=1` does it.\n")}},
			want:  []string{"FIX_OLD (in docs/b.md) is not in README.md's table"}},
		{name: "read by nothing", rows: []string{"FIX_BIN", "FIX_PROSE", "FIX_CI", "FIX_GONE"}, max: 4,
			extra: fstest.MapFS{"docs/b.md": {Data: []byte("`FIX_GONE=1` did it.\n")}},
			want:  []string{"README.md's table lists FIX_GONE, but no program or script reads it"}},
		{name: "too many", rows: []string{"FIX_BIN", "FIX_PROSE", "FIX_CI"}, max: 2,
			want: []string{"README.md's table lists 3 variables, more than 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"README.md": readme(tc.rows...)}
			for _, m := range []fstest.MapFS{base, tc.extra} {
				for p, f := range m {
					fsys[p] = f
				}
			}
			vars, err := scanEnvVars(fsys, "FIX_")
			if err != nil {
				t.Fatal(err)
			}
			got := vars.problems(tc.max)
			if len(got) != len(tc.want) {
				t.Fatalf("problems %q, want %d like %q", got, len(tc.want), tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("problem %q, want %q", got[i], tc.want[i])
				}
			}
		})
	}
	for _, tc := range []struct {
		readme, want string
	}{
		{"# x\n", "no table of variables"},
		{envSection + "\n\n| `FIX_A` | x |\n| `FIX_A` | y |\n", "lists FIX_A twice"},
		{envSection + "\n\n| `not a name` | x |\n", `"not a name" in the table`},
	} {
		_, err := scanEnvVars(fstest.MapFS{"README.md": {Data: []byte(tc.readme)}}, "FIX_")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("README %q: error %v, want %q", tc.readme, err, tc.want)
		}
	}
}
