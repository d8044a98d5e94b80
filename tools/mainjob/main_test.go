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

// TestFlags checks the job's settings from its flags, and that bad ones are
// refused, naming the flag, before anything is built.
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
	out := filepath.Join(t.TempDir(), "elsewhere")
	j, err = parse("--groupdepth", "3", "--entries=500", "--telemetry=false", "--keep-jaeger", "--out", out,
		"--jaeger.otlp-grpc-port", "1", "--jaeger.otlp-http-port", "2", "--jaeger.query-port", "3", "--jaeger.query-grpc-port", "4", "--jaeger.health-port", "5")
	if err != nil {
		t.Fatal(err)
	}
	if j.groupDepth != 3 || j.entries != 500 || j.out != out || j.telemetry || !j.keepJaeger || j.ports != (jaegerPorts{1, 2, 3, 4, 5}) {
		t.Errorf("from the flags %+v", j)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--groupdepth", "9"}, "invalid --groupdepth 9: want 1 to 8"},
		{[]string{"--groupdepth", "x"}, `invalid value "x" for flag -groupdepth`},
		{[]string{"--entries", "0"}, "invalid --entries 0: want at least 1"},
		{[]string{"--telemetry=maybe"}, `invalid boolean value "maybe" for -telemetry`},
		{[]string{"--out", ws.root}, "invalid --out " + ws.root + ": it is emptied first, and holds the repository"},
		{[]string{"--out", "/"}, "invalid --out /"},
		{[]string{"--jaeger.query-port", "70000"}, "invalid --jaeger.query-port 70000"},
		{[]string{"--jaeger.health-port", "-1"}, "invalid --jaeger.health-port -1"},
	} {
		if _, err := parse(tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.args, err, tc.want)
		}
	}
}
