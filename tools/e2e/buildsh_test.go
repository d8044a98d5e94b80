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
//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the statelab checkout these tests run in: go test runs them in
// tools/e2e (source paths are trimmed, so runtime.Caller cannot tell).
func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Clean(filepath.Join(wd, "..", ".."))
	if _, err := os.Stat(filepath.Join(root, "build.sh")); err != nil {
		t.Fatalf("no build.sh in %s: %v", root, err)
	}
	return root
}

// repoCopy copies what build.sh reads (build.sh, go.mod, go.sum, patches/ and
// the overlay directories) into a scratch directory.
func repoCopy(t *testing.T) string {
	t.Helper()
	var (
		src = repoRoot(t)
		dst = t.TempDir()
	)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case name == "build" || name == "out" || strings.HasPrefix(name, "."):
			continue
		default:
			if out, err := exec.Command("cp", "-r", filepath.Join(src, name), dst).CombinedOutput(); err != nil {
				t.Fatalf("copy %s: %v\n%s", name, err, out)
			}
		}
	}
	return dst
}

// buildsh runs build.sh in dir and returns its exit code and stderr.
func buildsh(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(dir, "build.sh")}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), stderr.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// firstPatch returns the path of the first patch in the copy's series.
func firstPatch(t *testing.T, dir string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "patches", "0001-*.patch"))
	if len(matches) != 1 {
		t.Fatalf("no single 0001 patch in %s", dir)
	}
	return matches[0]
}

// TestLintCatchesBrokenSeries breaks a copy of the repository in one way at a
// time; ./build.sh lint must refuse each with a message naming the problem.
func TestLintCatchesBrokenSeries(t *testing.T) {
	const header = "// Copyright 2026 The go-ethereum Authors\n// GNU Lesser General Public License\n\npackage core\n"
	cases := []struct {
		name    string
		corrupt func(t *testing.T, dir string)
		want    string
	}{
		{"intact", func(*testing.T, string) {}, ""},
		{"patch not in series", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "patches", "0099-stray.patch"), "stray")
		}, "is not listed in patches/series"},
		{"series names a missing patch", func(t *testing.T, dir string) {
			os.Remove(firstPatch(t, dir))
		}, "listed in the series but missing"},
		{"overlay file exists upstream", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "core", "genesis.go"), header)
		}, "core/genesis.go already exists upstream"},
		{"overlay file owned by no patch", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "core", "statelab_stray.go"), header)
		}, "core/statelab_stray.go belongs to no patch"},
		{"no Upstream-Status", func(t *testing.T, dir string) {
			p := firstPatch(t, dir)
			blob, _ := os.ReadFile(p)
			writeFile(t, p, strings.Replace(string(blob), "Upstream-Status: Pending\n", "", 1))
		}, "Upstream-Status"},
		{"subject not in geth style", func(t *testing.T, dir string) {
			p := firstPatch(t, dir)
			blob, _ := os.ReadFile(p)
			writeFile(t, p, strings.Replace(string(blob), "Subject: [PATCH] cmd/utils: pass", "Subject: [PATCH] Pass", 1))
		}, "geth style"},
		{"overlay file without license header", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "triedb", "bintrie_groupdepth.go")
			blob, _ := os.ReadFile(p)
			writeFile(t, p, strings.Replace(string(blob), "GNU Lesser General Public License", "", -1))
		}, "LGPL-3.0 header"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := repoCopy(t)
			c.corrupt(t, dir)
			code, stderr := buildsh(t, dir, "lint")
			if c.want == "" {
				if code != 0 {
					t.Fatalf("lint refused the intact repository:\n%s", stderr)
				}
				return
			}
			if code == 0 {
				t.Fatalf("lint accepted the broken repository (want %q)", c.want)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("lint error does not say %q:\n%s", c.want, stderr)
			}
		})
	}
}

// TestAssembleRefusesFuzz changes one context line of a patch: assembly must
// fail (zero fuzz) and name the patch.
func TestAssembleRefusesFuzz(t *testing.T) {
	dir := repoCopy(t)
	p := firstPatch(t, dir)
	blob, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(blob), "\n")
	changed := false
	for i, line := range lines {
		// The first context line of the first hunk.
		if strings.HasPrefix(line, "@@") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") {
			lines[i+1] = lines[i+1] + " // changed"
			changed = true
			break
		}
	}
	if !changed {
		t.Fatal("no hunk context line found")
	}
	writeFile(t, p, strings.Join(lines, "\n"))
	code, stderr := buildsh(t, dir, "assemble")
	if code == 0 {
		t.Fatal("a patch with a changed context line was applied")
	}
	if !strings.Contains(stderr, filepath.Base(p)+" does not apply") {
		t.Errorf("error does not name the patch:\n%s", stderr)
	}
}
