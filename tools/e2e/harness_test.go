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
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/gethrun"
)

// bin returns the path of a binary built by ./build.sh.
func bin(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("STATELAB_BIN")
	if dir == "" {
		t.Fatal("STATELAB_BIN is not set: run the e2e tests through ./build.sh test")
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is not built: %v", name, err)
	}
	return path
}

// result is a finished command.
type result struct {
	args   []string
	code   int
	reason string // the line that says why it failed (see gethrun); "" if it exited 0
	stdout string
	stderr string
	maxRSS int64 // bytes, where known
}

// run runs a binary to completion.
func run(t *testing.T, name string, args ...string) *result {
	t.Helper()
	cmd := exec.Command(bin(t, name), args...)
	var stdout, stderr bytes.Buffer
	out := gethrun.NewOutput(nil, nil)
	cmd.Stdout = io.MultiWriter(&stdout, out.Writer(gethrun.Stdout))
	cmd.Stderr = io.MultiWriter(&stderr, out.Writer(gethrun.Stderr))
	err := cmd.Run()
	out.Flush()
	res := &result{args: append([]string{name}, args...), stdout: stdout.String(), stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		res.code = exit.ExitCode()
		res.reason = out.Failure(name, err).Reason
	} else if err != nil {
		t.Fatalf("%s: %v", strings.Join(res.args, " "), err)
	}
	return res
}

// mustRun runs a binary and fails the test unless it exits 0.
func mustRun(t *testing.T, name string, args ...string) *result {
	t.Helper()
	res := run(t, name, args...)
	if res.code != 0 {
		t.Fatalf("%s: exit %d: %s\n%s", strings.Join(res.args, " "), res.code, res.reason, tail(res.stderr, 20))
	}
	return res
}

// mustFail runs a binary, expects a non-zero exit without a panic trace, and an
// error that contains each of want.
func mustFail(t *testing.T, want []string, name string, args ...string) *result {
	t.Helper()
	res := run(t, name, args...)
	if res.code == 0 {
		t.Fatalf("%s: exit 0, want a failure", strings.Join(res.args, " "))
	}
	if strings.Contains(res.stderr, "goroutine ") || strings.Contains(res.stderr, "panic:") {
		t.Errorf("%s: panic trace\n%s", strings.Join(res.args, " "), tail(res.stderr, 20))
	}
	for _, w := range want {
		if !strings.Contains(res.stderr, w) {
			t.Errorf("%s: error does not contain %q\n%s", strings.Join(res.args, " "), w, tail(res.stderr, 10))
		}
	}
	return res
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// dump is a chain written by dumpgen.
type dump struct {
	dir      string
	manifest string
	genesis  string
	files    []dumpFile
}

type dumpFile = dumpmanifest.File

// workloads returns the workload files, in manifest order.
func (d *dump) workloads() []dumpFile {
	var files []dumpFile
	for _, f := range d.files {
		if f.Role == "workload" {
			files = append(files, f)
		}
	}
	return files
}

// population returns the paths of the population files, in import order.
func (d *dump) population() []string {
	var paths []string
	for _, f := range d.files {
		if f.Role == "population" {
			paths = append(paths, filepath.Join(d.dir, f.File))
		}
	}
	return paths
}

var (
	dumpsMu sync.Mutex
	dumps   = map[string]*dump{}
	dumpDir string
)

// generated returns a dump made once per test binary for the given trie kind.
func generated(t *testing.T, trie string) *dump {
	t.Helper()
	dumpsMu.Lock()
	defer dumpsMu.Unlock()
	if d, ok := dumps[trie]; ok {
		return d
	}
	if dumpDir == "" {
		dir, err := os.MkdirTemp("", "statelab-e2e-")
		if err != nil {
			t.Fatal(err)
		}
		dumpDir = dir
	}
	d := &dump{dir: filepath.Join(dumpDir, trie)}
	mustRun(t, "dumpgen", "--trie", trie, "--entries", "2000", "--gas-target", "30000000", "--workload-blocks", "1", "--out", d.dir)
	d.manifest = filepath.Join(d.dir, "manifest.json")
	d.genesis = filepath.Join(d.dir, "genesis.json")
	d.files = manifestFiles(t, d.manifest)
	if len(d.population()) == 0 {
		t.Fatalf("%s lists no population file", d.manifest)
	}
	dumps[trie] = d
	return d
}

// manifestFiles reads the files a dumpgen manifest lists.
func manifestFiles(t *testing.T, manifest string) []dumpFile {
	t.Helper()
	m, err := dumpmanifest.Read(manifest)
	if err != nil {
		t.Fatal(err)
	}
	return m.Files
}

func TestMain(m *testing.M) {
	code := m.Run()
	if dumpDir != "" {
		os.RemoveAll(dumpDir)
	}
	os.Exit(code)
}
