// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package utils

import (
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestWorkersFlag parses worker counts: 0 to MaxWorkers are taken as given,
// the default when the flag is absent, anything else refused with an error
// naming the flag, before the command runs.
func TestWorkersFlag(t *testing.T) {
	flag := NewWorkersFlag("x.workers", "workers (0: one per CPU)", 25, "")
	for _, tc := range []struct {
		args []string
		want int
		err  string
	}{
		{nil, 25, ""},
		{[]string{"--x.workers", "0"}, 0, ""},
		{[]string{"--x.workers", "1024"}, 1024, ""},
		{[]string{"--x.workers", "-1"}, 0, "invalid value -1 for flag --x.workers"},
		{[]string{"--x.workers", "1025"}, 0, "invalid value 1025 for flag --x.workers"},
	} {
		var got int
		ran := false
		app := cli.NewApp()
		app.Writer, app.ErrWriter = io.Discard, io.Discard
		app.Flags = []cli.Flag{flag}
		app.Action = func(ctx *cli.Context) error {
			got, ran = ctx.Int(flag.Name), true
			return nil
		}
		err := app.Run(append([]string{"geth"}, tc.args...))
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%v: got %d, %v; want %d", tc.args, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || ran):
			t.Errorf("%v: error %v (command ran: %v), want one containing %q before the command runs", tc.args, err, ran, tc.err)
		}
	}
}
