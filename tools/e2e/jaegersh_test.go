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
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// coldMachine is a first run of tracing/jaeger.sh on a fresh machine.
type coldMachine struct {
	env   []string // jaeger.sh's environment
	run   *jaegerShRun
	cache string // STATELAB_CACHE, which does not exist yet
	tmp   string // TMPDIR
}

// jaegerShCold prepares a first run of tracing/jaeger.sh on a fresh machine: an
// empty STATELAB_CACHE, its own TMPDIR, and a `go` on PATH that fakes the Jaeger
// build (go mod init, go get -tool, go build -o OUT) by copying a stub Jaeger that
// answers the query API, or fails the build when failBuild is set. Its Jaeger
// runs from a directory of its own with Badger's in another one, on free ports.
func jaegerShCold(t *testing.T, failBuild bool) *coldMachine {
	t.Helper()
	var (
		dir  = t.TempDir()
		stub = buildFakeJaeger(t)
		path = filepath.Join(dir, "path")
	)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	buildStep := fmt.Sprintf(`cp %q "$out"`, stub)
	if failBuild {
		buildStep = `echo "fake go: build failed" >&2; : >"$out"; exit 1`
	}
	fakeGo := `#!/usr/bin/env bash
set -eu
case "$1" in
mod|get) exit 0 ;;
build)
	out=""
	while [ $# -gt 0 ]; do
		if [ "$1" = -o ]; then out=$2; fi
		shift
	done
	` + buildStep + `
	;;
*) echo "fake go: unexpected command $*" >&2; exit 2 ;;
esac
`
	if err := os.WriteFile(filepath.Join(path, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	m := &coldMachine{
		cache: filepath.Join(dir, "cache"), // does not exist yet, as on a fresh machine
		tmp:   filepath.Join(dir, "tmp"),
	}
	if err := os.Mkdir(m.tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	m.env = append(os.Environ(),
		"PATH="+path+string(os.PathListSeparator)+os.Getenv("PATH"),
		"STATELAB_JAEGER_BIN=", // whatever the caller's environment says
		"STATELAB_CACHE="+m.cache,
		"TMPDIR="+m.tmp,
	)
	m.run = newJaegerShRun(t, filepath.Join(dir, "run"), m.env, "--data", filepath.Join(dir, "data"))
	return m
}

// buildFakeJaeger builds the stub Jaeger (testdata/fakejaeger) into a
// temporary directory and returns its path.
func buildFakeJaeger(t *testing.T) string {
	t.Helper()
	stub := filepath.Join(t.TempDir(), "fakejaeger")
	build := exec.Command("go", "build", "-o", stub, "./testdata/fakejaeger")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the stub Jaeger: %v\n%s", err, out)
	}
	return stub
}

// jaegerSh runs tracing/jaeger.sh with the environment env and returns its
// output.
func jaegerSh(t *testing.T, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(repoRoot(t), "tracing", "jaeger.sh")}, args...)...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestJaegerShColdStart runs `jaeger.sh start` with nothing cached, the path of
// the README's first `./build.sh run` on a fresh machine: it must build, cache
// and start Jaeger and exit 0, leaving no throwaway module behind. (It once
// failed here with "mod: unbound variable" after starting Jaeger.)
func TestJaegerShColdStart(t *testing.T) {
	m := jaegerShCold(t, false)
	out, err := m.run.start(t)
	if err != nil {
		t.Fatalf("jaeger.sh start on a fresh machine: %v\n%s", err, out)
	}
	if !strings.Contains(out, "building") || !strings.Contains(out, "up (pid") {
		t.Errorf("jaeger.sh start did not build and start Jaeger:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(m.cache, "jaeger-v1.76.0", "jaeger")); err != nil {
		t.Errorf("no cached Jaeger binary: %v", err)
	}
	assertEmptyDir(t, m.tmp)
	if out, err := m.run.status(t); err != nil {
		t.Fatalf("jaeger.sh status after start: %v\n%s", err, out)
	}
	if out, err := m.run.stop(t); err != nil {
		t.Fatalf("jaeger.sh stop: %v\n%s", err, out)
	}
	if _, err := m.run.status(t); err == nil {
		t.Error("Jaeger still answers after jaeger.sh stop")
	}
}

// TestJaegerShFailedBuild checks that a failed first build exits non-zero with a
// clear message, and leaves neither a binary (nor its partial output) in the
// cache nor the throwaway module behind.
func TestJaegerShFailedBuild(t *testing.T) {
	m := jaegerShCold(t, true)
	out, err := m.run.start(t)
	if err == nil {
		t.Fatalf("jaeger.sh start succeeded with a failing build:\n%s", out)
	}
	if !strings.Contains(out, "building Jaeger failed") {
		t.Errorf("no clear error from a failed build:\n%s", out)
	}
	entries, _ := os.ReadDir(filepath.Join(m.cache, "jaeger-v1.76.0"))
	for _, e := range entries {
		t.Errorf("failed build left %s in the cache", e.Name())
	}
	assertEmptyDir(t, m.tmp)
}

// TestJaegerShConcurrentBuilds runs two first builds on one empty cache at
// once, as two first runs on a fresh machine do: both must succeed and leave
// the one binary in the cache, with no partial output beside it. (They once
// shared one temporary file, and the second rename failed.)
func TestJaegerShConcurrentBuilds(t *testing.T) {
	m := jaegerShCold(t, false)
	// A go in front of the fake one that takes a second to build, so that the
	// two builds overlap.
	slow := t.TempDir()
	slowGo := "#!/usr/bin/env bash\nif [ \"$1\" = build ]; then sleep 1; fi\nPATH=${PATH#*:} exec go \"$@\"\n"
	if err := os.WriteFile(filepath.Join(slow, "go"), []byte(slowGo), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(slices.Clone(m.env), "PATH="+slow+string(os.PathListSeparator)+lastEnv(m.env, "PATH"))
	script := filepath.Join(repoRoot(t), "tracing", "jaeger.sh")
	var (
		wg   sync.WaitGroup
		outs [2][]byte
		errs [2]error
	)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("bash", script, "build")
			cmd.Env = env
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	pinned := filepath.Join(m.cache, "jaeger-v1.76.0", "jaeger")
	for i := range outs {
		if errs[i] != nil {
			t.Errorf("build %d: %v\n%s", i+1, errs[i], outs[i])
		} else if !strings.HasSuffix(strings.TrimSpace(string(outs[i])), pinned) {
			t.Errorf("build %d did not print the cached binary %s:\n%s", i+1, pinned, outs[i])
		}
	}
	entries, err := os.ReadDir(filepath.Dir(pinned))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "jaeger" {
			t.Errorf("the builds left %s in the cache", e.Name())
		}
	}
	if len(entries) == 0 {
		t.Error("no cached Jaeger binary")
	}
	assertEmptyDir(t, m.tmp)
}

// lastEnv returns the value of the last assignment to name in env, the one
// os/exec passes on.
func lastEnv(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v
		}
	}
	return ""
}

func assertEmptyDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("%s left behind in %s", e.Name(), dir)
	}
}

// TestJaegerShUserBinary runs jaeger.sh start with a Jaeger binary the user
// provides, by path (STATELAB_JAEGER_BIN, --bin) or on PATH, against a stub
// that reports a version and records how it was started: a Jaeger v2 release
// runs with statelab's config (tracing/jaeger.yaml and the chosen store) on
// 127.0.0.1 and its UI is announced; a Jaeger v1 given by path is refused, and
// one on PATH is passed over for the pinned build.
func TestJaegerShUserBinary(t *testing.T) {
	stub := buildFakeJaeger(t)
	root := repoRoot(t)
	for _, tc := range []struct {
		name       string
		version    string
		ui         bool
		onPath     bool     // the stub is `jaeger` on PATH, else STATELAB_JAEGER_BIN
		args       []string // of jaeger.sh start
		wantFail   string   // jaeger.sh start fails with this
		wantPinned bool     // the pinned build runs (built by the fake go)
		wantOut    []string
		wantConfig string // the store's config file
	}{
		{name: "release by path", version: "v2.13.0", ui: true,
			wantOut: []string{"UI http://127.0.0.1:", "store: Badger in "}, wantConfig: "storage-badger.yaml"},
		{name: "release on PATH, memory store", version: "v2.13.0", onPath: true, args: []string{"--storage", "memory"},
			wantOut: []string{"no UI in this build", "store: memory"}, wantConfig: "storage-memory.yaml"},
		{name: "newer v2", version: "v2.14.1", wantOut: []string{"is Jaeger v2.14.1; statelab's config is checked against v2.13.0"}, wantConfig: "storage-badger.yaml"},
		{name: "v1 by path", version: "v1.57.0", wantFail: "needs Jaeger v2"},
		{name: "v1 on PATH", version: "v1.57.0", onPath: true, wantPinned: true,
			wantOut: []string{"falling back to the pinned build", "building"}, wantConfig: "storage-badger.yaml"},
		{name: "pinned asked for", version: "v2.13.0", onPath: true, args: []string{"--bin", "pinned"}, wantPinned: true,
			wantOut: []string{"building"}, wantConfig: "storage-badger.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := jaegerShCold(t, false)
			env := m.env
			dir := t.TempDir()
			user := filepath.Join(dir, "jaeger")
			copyFile(t, stub, user)
			argsFile := filepath.Join(dir, "args")
			env = append(env, "FAKEJAEGER_VERSION="+tc.version, "FAKEJAEGER_ARGS="+argsFile)
			if tc.ui {
				env = append(env, "FAKEJAEGER_UI=1")
			}
			if tc.onPath {
				env = append(env, "PATH="+dir+string(os.PathListSeparator)+envValue(env, "PATH"))
			} else {
				env = append(env, "STATELAB_JAEGER_BIN="+user)
			}
			m.run.env = env
			out, err := m.run.start(t, tc.args...)
			if tc.wantFail != "" {
				if err == nil || !strings.Contains(out, tc.wantFail) {
					t.Fatalf("jaeger.sh start: %v, want a failure saying %q\n%s", err, tc.wantFail, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("jaeger.sh start: %v\n%s", err, out)
			}
			for _, want := range tc.wantOut {
				if !strings.Contains(out, want) {
					t.Errorf("jaeger.sh start does not say %q:\n%s", want, out)
				}
			}
			ran := user
			if tc.wantPinned {
				ran = filepath.Join(m.cache, "jaeger-v1.76.0", "jaeger")
			}
			if !strings.Contains(out, "("+"pid ") || !strings.Contains(out, ", "+ran+")") {
				t.Errorf("jaeger.sh did not run %s:\n%s", ran, out)
			}
			got, err := os.ReadFile(argsFile)
			if err != nil {
				t.Fatalf("the Jaeger binary did not record its arguments: %v", err)
			}
			want := []string{"--config", filepath.Join(root, "tracing", "jaeger.yaml"), "--config", filepath.Join(root, "tracing", tc.wantConfig)}
			for _, set := range m.run.settings() {
				want = append(want, "--set="+set)
			}
			backend := "extensions.jaeger_storage.backends.statelab"
			if tc.wantConfig == "storage-memory.yaml" {
				want = append(want, "--set="+backend+".memory.max_traces=100000")
			} else {
				data := m.run.data
				want = append(want, fmt.Sprintf("--set=%s.badger.directories.keys=%q", backend, data+"/keys"),
					fmt.Sprintf("--set=%s.badger.directories.values=%q", backend, data+"/values"), "--set="+backend+".badger.ttl.spans=72h")
			}
			if strings.Join(want, "\n")+"\n" != string(got) {
				t.Errorf("Jaeger started with\n%s\nwant\n%s", got, strings.Join(want, "\n"))
			}
			if _, err := m.run.status(t); err != nil {
				t.Errorf("no answer on 127.0.0.1 after start: %v", err)
			}
		})
	}
}

// envValue returns the last value of key in env.
func envValue(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestJaegerShBinVariable checks that STATELAB_JAEGER_BIN replaces the build:
// an executable is used as it is (the fake go fails every build), anything else
// is refused with a message naming the variable.
func TestJaegerShBinVariable(t *testing.T) {
	env := jaegerShCold(t, true).env
	stub := filepath.Join(t.TempDir(), "jaeger")
	if err := os.WriteFile(stub, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := jaegerSh(t, append(env, "STATELAB_JAEGER_BIN="+stub), "build")
	if err != nil || strings.TrimSpace(out) != stub {
		t.Errorf("jaeger.sh build with STATELAB_JAEGER_BIN: %v, printed %q, want %q", err, out, stub)
	}
	out, err = jaegerSh(t, append(env, "STATELAB_JAEGER_BIN="+stub+".missing"), "build")
	if err == nil || !strings.Contains(out, "STATELAB_JAEGER_BIN") {
		t.Errorf("jaeger.sh build with a missing STATELAB_JAEGER_BIN: %v\n%s", err, out)
	}
}

// TestJaegerShOptions checks that jaeger.sh refuses options it does not know,
// options of another command and bad values, naming the option, before it
// chooses a binary or starts anything.
func TestJaegerShOptions(t *testing.T) {
	m := jaegerShCold(t, true) // a build would fail: none may be tried
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"start", "--nope", "1"}, "unknown option --nope of start"},
		{[]string{"stop", "--query-port", "1"}, "unknown option --query-port of stop"},
		{[]string{"build", "--bin", "x"}, "unknown option --bin of build"},
		{[]string{"start", "--query-port", "70000"}, "--query-port 70000: want a port"},
		{[]string{"start", "--health-port=x"}, "--health-port x: want a port"},
		{[]string{"start", "--storage", "disk"}, "--storage disk: want badger or memory"},
		{[]string{"start", "--retention", "3d"}, "--retention 3d: want a duration"},
		{[]string{"start", "--memory-limit", "1G"}, "--memory-limit 1G: want a size"},
		{[]string{"start", "--storage", "memory", "--max-traces", "0"}, "--max-traces 0: want a number of traces"},
		{[]string{"start", "--dir"}, "--dir needs a value"},
		{[]string{"start", "--host", ""}, "--host needs a value"},
	} {
		out, err := jaegerSh(t, m.env, tc.args...)
		if err == nil || !strings.Contains(out, "jaeger.sh: error: "+tc.want) {
			t.Errorf("jaeger.sh %q: %v, want an error saying %q\n%s", tc.args, err, tc.want, out)
		}
		if strings.Contains(out, "building") {
			t.Errorf("jaeger.sh %q tried to build Jaeger:\n%s", tc.args, out)
		}
	}
}

// jaegerShRun is a Jaeger that tracing/jaeger.sh runs from a run directory of
// its own (pid, log, Badger's directory unless --data names one) on free
// 127.0.0.1 ports.
type jaegerShRun struct {
	*jaeger
	dir   string   // --dir
	data  string   // Badger's directory
	ports []int    // OTLP gRPC, OTLP HTTP, query, query gRPC, health
	env   []string // jaeger.sh's environment
	opts  []string // start's options: --dir, the ports, and those given
}

// newJaegerShRun returns the Jaeger of run directory dir, started by
// jaeger.sh with the environment env and options opts besides the directory
// and the ports.
func newJaegerShRun(t *testing.T, dir string, env []string, opts ...string) *jaegerShRun {
	t.Helper()
	r := &jaegerShRun{dir: dir, data: filepath.Join(dir, "badger"), env: env}
	for i := 0; i < 5; i++ {
		r.ports = append(r.ports, freePort(t))
	}
	r.opts = []string{"--dir", dir,
		"--otlp-grpc-port", fmt.Sprint(r.ports[0]), "--otlp-http-port", fmt.Sprint(r.ports[1]),
		"--query-port", fmt.Sprint(r.ports[2]), "--query-grpc-port", fmt.Sprint(r.ports[3]), "--health-port", fmt.Sprint(r.ports[4])}
	for i := 0; i+1 < len(opts); i += 2 {
		if opts[i] == "--data" {
			r.data = opts[i+1]
		}
	}
	r.opts = append(r.opts, opts...)
	r.jaeger = &jaeger{
		otlpHTTP: fmt.Sprintf("http://127.0.0.1:%d", r.ports[1]),
		otlpGRPC: fmt.Sprintf("grpc://127.0.0.1:%d", r.ports[0]),
		query:    fmt.Sprintf("http://127.0.0.1:%d", r.ports[2]),
	}
	return r
}

// settings are the --set overrides of the listen addresses jaeger.sh gives
// the Jaeger binary for the run's ports, in its order.
func (r *jaegerShRun) settings() []string {
	return []string{
		fmt.Sprintf("receivers.otlp.protocols.grpc.endpoint=\"127.0.0.1:%d\"", r.ports[0]),
		fmt.Sprintf("receivers.otlp.protocols.http.endpoint=\"127.0.0.1:%d\"", r.ports[1]),
		fmt.Sprintf("extensions.jaeger_query.http.endpoint=\"127.0.0.1:%d\"", r.ports[2]),
		fmt.Sprintf("extensions.jaeger_query.grpc.endpoint=\"127.0.0.1:%d\"", r.ports[3]),
		fmt.Sprintf("extensions.healthcheckv2.http.endpoint=\"127.0.0.1:%d\"", r.ports[4]),
	}
}

// start runs jaeger.sh start with the run's options and extra ones, and
// stops the Jaeger when the test ends.
func (r *jaegerShRun) start(t *testing.T, extra ...string) (string, error) {
	t.Helper()
	t.Cleanup(func() { r.stop(t) })
	return jaegerSh(t, r.env, append(append([]string{"start"}, r.opts...), extra...)...)
}

// stop runs jaeger.sh stop on the run directory.
func (r *jaegerShRun) stop(t *testing.T) (string, error) {
	t.Helper()
	return jaegerSh(t, r.env, "stop", "--dir", r.dir)
}

// status runs jaeger.sh status on the run directory.
func (r *jaegerShRun) status(t *testing.T) (string, error) {
	t.Helper()
	return jaegerSh(t, r.env, "status", "--dir", r.dir)
}
