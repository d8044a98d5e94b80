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
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fakeJaegerScript is a tracing/jaeger.sh that records each call: its
// arguments and the Jaeger binary the environment names.
const fakeJaegerScript = `#!/bin/sh
echo "$* bin=$STATELAB_JAEGER_BIN" >>"$(dirname "$0")/calls"
`

// fakeRoot returns a workspace in a new repository root with the fake
// tracing/jaeger.sh, whose calls it records in tracing/calls.
func fakeRoot(t *testing.T, ctx context.Context) *workspace {
	t.Helper()
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module statelab\n", 0o644)
	writeFile(t, filepath.Join(root, "tracing", "jaeger.sh"), fakeJaegerScript, 0o755)
	ws, err := newWorkspace(ctx, root, &strings.Builder{})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// writeFile writes a file, creating its directory.
func writeFile(t *testing.T, path, content string, perm os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
}

// jaegerCalls returns the calls of the fake tracing/jaeger.sh.
func jaegerCalls(t *testing.T, ws *workspace) []string {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(ws.root, "tracing", "calls"))
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(blob)), "\n")
}

// TestJaegerRun starts and stops the run's Jaeger through tracing/jaeger.sh:
// the ports asked for are kept, the others are free ones, all of them and the
// run directory are jaeger.sh's options, the caller's STATELAB_JAEGER_BIN
// passes through, and stop works after the run was interrupted.
func TestJaegerRun(t *testing.T) {
	t.Setenv("STATELAB_JAEGER_BIN", "/opt/jaeger")
	ctx, cancel := context.WithCancel(context.Background())
	ws := fakeRoot(t, ctx)
	dir := filepath.Join(t.TempDir(), "jaeger")
	j, err := newJaegerRun(ws, dir, jaegerPorts{query: 23456})
	if err != nil {
		t.Fatal(err)
	}
	p := j.ports
	seen := map[int]bool{}
	for _, port := range []int{p.otlpGRPC, p.otlpHTTP, p.query, p.queryGRPC, p.health} {
		if port <= 0 || seen[port] {
			t.Errorf("ports %+v: want five distinct ports", p)
		}
		seen[port] = true
	}
	if p.query != 23456 {
		t.Errorf("query port %d, want the one asked for", p.query)
	}
	if got, want := j.otlpEndpoint(), "http://127.0.0.1:"+strconv.Itoa(p.otlpHTTP); got != want {
		t.Errorf("endpoint %s, want %s", got, want)
	}
	if got := j.queryURL(); got != "http://127.0.0.1:23456" {
		t.Errorf("query URL %s", got)
	}
	if err := j.start(); err != nil {
		t.Fatal(err)
	}
	cancel() // an interrupted run still stops its Jaeger
	if err := j.stop(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		fmt.Sprintf("start --dir %s --otlp-grpc-port %d --otlp-http-port %d --query-port 23456 --query-grpc-port %d --health-port %d bin=/opt/jaeger",
			dir, p.otlpGRPC, p.otlpHTTP, p.queryGRPC, p.health),
		"stop --dir " + dir + " bin=/opt/jaeger",
	}
	if got := jaegerCalls(t, ws); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("jaeger.sh calls:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := j.stopCommand(), "tracing/jaeger.sh stop --dir "+dir; got != want {
		t.Errorf("stop command %q, want %q", got, want)
	}
}
