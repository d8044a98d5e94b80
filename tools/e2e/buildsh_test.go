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
	"regexp"
	"strings"
	"testing"

	"statelab/tools/internal/fsutil"
)

// The series checks, assembly, export and pr are unit-tested in tools/patchset;
// these tests run ./build.sh end to end on copies of the repository.

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

// repoCopy copies the repository without build/, out/ and dot files into a
// scratch directory, so that build.sh there has a build directory of its own.
func repoCopy(t *testing.T) string {
	t.Helper()
	src, dst := repoRoot(t), t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if name := e.Name(); name != "build" && name != "out" && !strings.HasPrefix(name, ".") {
			if err := fsutil.CopyTree(filepath.Join(src, name), filepath.Join(dst, name)); err != nil {
				t.Fatal(err)
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

// TestBuildShLint runs ./build.sh lint on an intact copy and on one with a patch
// that the series does not list: the first passes, the second fails with the
// program's message and a non-zero exit.
func TestBuildShLint(t *testing.T) {
	dir := repoCopy(t)
	if code, stderr := buildsh(t, dir, "lint"); code != 0 || !strings.Contains(stderr, "series checks passed") {
		t.Fatalf("lint of the intact repository: exit %d\n%s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "patches", "0099-stray.patch"), []byte("stray"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr := buildsh(t, dir, "lint")
	if code == 0 || !strings.Contains(stderr, "0099-stray.patch is not listed in patches/series") {
		t.Errorf("lint with a stray patch: exit %d\n%s", code, stderr)
	}
	if code, _ := buildsh(t, dir, "nonsense"); code == 0 {
		t.Error("an unknown command exited 0")
	}
}

// TestBuildShPR assembles a copy and writes one pull request: the patch and its
// body, which names the measured effect.
func TestBuildShPR(t *testing.T) {
	dir := repoCopy(t)
	const name = "cmd-geth-import-exit-status"
	if code, stderr := buildsh(t, dir, "pr", name); code != 0 {
		t.Fatalf("./build.sh pr %s: exit %d\n%s", name, code, stderr)
	}
	patch, err := os.ReadFile(filepath.Join(dir, "build", "pr", name+".patch"))
	if err != nil {
		t.Fatal(err)
	}
	// geth's convention: "pkg/a, pkg/b: what it does".
	if !regexp.MustCompile(`(?m)^Subject: \[PATCH\] [a-z0-9/]+(, [a-z0-9/]+)*: [a-z]`).Match(patch) || bytes.Contains(patch, []byte("Statelab-")) {
		t.Errorf("%s.patch is not an upstream patch:\n%s", name, patch)
	}
	body, err := os.ReadFile(filepath.Join(dir, "build", "pr", name+".md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(body, []byte("## Measured effect")) || bytes.Contains(body, []byte("does not say")) {
		t.Errorf("%s.md lacks a section:\n%s", name, body)
	}
	if _, err := os.Stat(filepath.Join(dir, "build", "go-ethereum", ".git")); err != nil {
		t.Errorf("no assembled tree in the copy: %v", err)
	}
}

// TestBuildShRunFlags checks ./build.sh run's hand-over to tools/mainjob: -h
// lists the main job's flags and a bad flag value exits 1 naming the flag,
// both without assembling or building anything.
func TestBuildShRunFlags(t *testing.T) {
	dir := repoCopy(t)
	cmd := exec.Command("bash", filepath.Join(dir, "build.sh"), "run", "-h")
	cmd.Dir = dir
	help, err := cmd.Output()
	if err != nil {
		t.Fatalf("./build.sh run -h: %v", err)
	}
	for _, flag := range []string{"--groupdepth", "--entries", "--out", "--telemetry", "--keep-jaeger", "--jaeger.otlp-http-port", "--jaeger.query-port"} {
		if !bytes.Contains(help, []byte(flag)) {
			t.Errorf("./build.sh run -h does not list %s:\n%s", flag, help)
		}
	}
	code, stderr := buildsh(t, dir, "run", "--groupdepth", "9")
	if code != 1 || !strings.Contains(stderr, "invalid --groupdepth 9: want 1 to 8") {
		t.Errorf("./build.sh run --groupdepth 9: exit %d\n%s", code, stderr)
	}
	for _, p := range []string{"build/go-ethereum", "build/bin/geth", "out"} {
		if _, err := os.Stat(filepath.Join(dir, p)); !os.IsNotExist(err) {
			t.Errorf("%s exists after ./build.sh run -h and a bad flag (%v): something was built or run", p, err)
		}
	}
}
