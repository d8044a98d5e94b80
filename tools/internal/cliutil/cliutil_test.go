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

package cliutil

import (
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// testApp is an app with a flag and a command with a flag and no arguments.
func testApp(ran *string) *cli.App {
	app := NewApp("tool", "a test tool")
	app.Writer, app.ErrWriter = io.Discard, io.Discard
	app.Flags = []cli.Flag{&cli.IntFlag{Name: "n", Value: 1, EnvVars: []string{"CLIUTIL_TEST_N"}}}
	app.Commands = []*cli.Command{{
		Name:         "sub",
		Flags:        []cli.Flag{&cli.StringFlag{Name: "out"}},
		OnUsageError: UsageError,
		Action: func(ctx *cli.Context) error {
			if err := NoArgs(ctx); err != nil {
				return err
			}
			*ran = "sub " + ctx.String("out")
			return nil
		},
	}}
	app.Action = func(ctx *cli.Context) error {
		*ran = "app"
		return nil
	}
	return app
}

// TestStyle checks the command lines statelab's tools accept and the errors
// they give: both -flag and --flag, environment variables, usage errors as one
// line naming the help, and arguments refused where a command takes none.
func TestStyle(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		ran  string
		err  string
	}{
		{args: []string{"sub", "-out", "x"}, ran: "sub x"},
		{args: []string{"sub", "--out=y"}, ran: "sub y"},
		{args: []string{"-n", "2"}, ran: "app"},
		{args: []string{"-h"}, ran: ""},
		{args: []string{"--nope"}, err: "flag provided but not defined: -nope (see tool -h)"},
		{args: []string{"-n", "x"}, err: `invalid value "x" for flag -n: parse error (see tool -h)`},
		{args: []string{"sub", "--nope"}, err: "sub: flag provided but not defined: -nope (see tool sub -h)"},
		{args: []string{"sub", "extra"}, err: "unexpected arguments [extra]"},
		{args: nil, env: "x", err: "CLIUTIL_TEST_N"},
	} {
		t.Setenv("CLIUTIL_TEST_N", tc.env)
		var ran string
		err := testApp(&ran).Run(append([]string{"tool"}, tc.args...))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.err)
		case tc.err == "" && ran != tc.ran:
			t.Errorf("%v ran %q, want %q", tc.args, ran, tc.ran)
		}
	}
}
