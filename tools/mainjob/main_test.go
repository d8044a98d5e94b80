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
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestCommandLine checks command lines that fail before any work, each with an
// error naming the problem, and that -h lists the flags without building.
func TestCommandLine(t *testing.T) {
	ws := fakeRoot(t, context.Background())
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"extra"}, `run takes no arguments (got ["extra"])`},
		{[]string{"--bogus"}, "flag provided but not defined: -bogus (see mainjob -h)"},
		{[]string{"--groupdepth", "0"}, "invalid --groupdepth 0"},
		// Valid flags reach the build, which needs build/bin/patchset.
		{nil, "no build/bin/patchset to build with"},
	} {
		app := newApp()
		app.Writer, app.ErrWriter = io.Discard, io.Discard
		err := app.RunContext(context.Background(), append([]string{"mainjob", "-C", ws.root}, tc.args...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
	var help strings.Builder
	app := newApp()
	app.Writer = &help
	if err := app.Run([]string{"mainjob", "-C", ws.root, "-h"}); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--groupdepth", "--entries", "--out", "--telemetry", "--keep-jaeger", "--jaeger.otlp-grpc-port", "--jaeger.otlp-http-port", "--jaeger.query-port", "--jaeger.query-grpc-port", "--jaeger.health-port"} {
		if !strings.Contains(help.String(), flag) {
			t.Errorf("-h does not list %s:\n%s", flag, help.String())
		}
	}
	missing := filepath.Join(t.TempDir(), "none")
	if err := newApp().Run([]string{"mainjob", "-C", missing}); err == nil || !strings.Contains(err.Error(), "is not the statelab repository") {
		t.Errorf("-C %s: %v", missing, err)
	}
	if _, err := os.Stat(filepath.Join(ws.root, "out")); !os.IsNotExist(err) {
		t.Errorf("a command line that failed left out/ behind: %v", err)
	}
}

// TestFlags checks the job's settings from flags and STATELAB_* variables,
// and that bad ones are refused, naming the flag, before anything is built.
func TestFlags(t *testing.T) {
	ws := fakeRoot(t, context.Background())
	parse := func(args ...string) (*mainJob, error) {
		var job *mainJob
		app := newApp()
		app.Writer, app.ErrWriter = io.Discard, io.Discard
		app.Action = func(ctx *cli.Context) (err error) {
			job, err = newMainJob(ctx)
			return err
		}
		return job, app.Run(append([]string{"mainjob", "-C", ws.root}, args...))
	}
	j, err := parse()
	if err != nil {
		t.Fatal(err)
	}
	if j.groupDepth != 6 || j.entries != 2000 || j.out != filepath.Join(ws.root, "out", "run") || !j.telemetry || j.keepJaeger || j.ports != (jaegerPorts{}) {
		t.Errorf("defaults %+v", j)
	}
	t.Setenv("STATELAB_GROUPDEPTH", "3")
	t.Setenv("STATELAB_ENTRIES", "500")
	t.Setenv("STATELAB_TELEMETRY", "0")
	t.Setenv("STATELAB_KEEP_JAEGER", "1")
	t.Setenv("STATELAB_JAEGER_QUERY_PORT", "26686")
	out := filepath.Join(t.TempDir(), "elsewhere")
	t.Setenv("STATELAB_OUT", out)
	if j, err = parse(); err != nil {
		t.Fatal(err)
	}
	if j.groupDepth != 3 || j.entries != 500 || j.out != out || j.telemetry || !j.keepJaeger || j.ports.query != 26686 {
		t.Errorf("from the environment %+v", j)
	}
	if j, err = parse("--groupdepth", "4", "-telemetry=true"); err != nil || j.groupDepth != 4 || !j.telemetry {
		t.Errorf("flags over the environment: %+v, %v", j, err)
	}
	for _, tc := range []struct {
		env, value, want string
	}{
		{"STATELAB_GROUPDEPTH", "9", "invalid --groupdepth 9 (STATELAB_GROUPDEPTH): want 1 to 8"},
		{"STATELAB_GROUPDEPTH", "x", "STATELAB_GROUPDEPTH"},
		{"STATELAB_ENTRIES", "0", "invalid --entries 0"},
		{"STATELAB_TELEMETRY", "maybe", "STATELAB_TELEMETRY"},
		{"STATELAB_OUT", ws.root, "invalid --out " + ws.root},
		{"STATELAB_JAEGER_QUERY_PORT", "70000", "invalid --jaeger.query-port 70000"},
	} {
		t.Run(tc.env+"="+tc.value, func(t *testing.T) {
			t.Setenv(tc.env, tc.value)
			if _, err := parse(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
