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
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// prefetchWorkersFor parses args with CachePrefetchWorkersFlag and returns
// the value MakeChain gives the chain's PrefetchWorkers, or the error of the
// command line (-1 if the command did not run).
func prefetchWorkersFor(t *testing.T, args []string) (int, error) {
	t.Helper()
	workers := -1
	app := cli.NewApp()
	app.Flags = []cli.Flag{CachePrefetchWorkersFlag}
	app.Action = func(ctx *cli.Context) error {
		workers = ctx.Int(CachePrefetchWorkersFlag.Name)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	err := app.Run(append([]string{"geth"}, args...))
	return workers, err
}

func TestPrefetchWorkersFlag(t *testing.T) {
	if workers, err := prefetchWorkersFor(t, nil); err != nil || workers != 0 {
		t.Errorf("default: %d workers, %v; want 0", workers, err)
	}
	if workers, err := prefetchWorkersFor(t, []string{"--cache.prefetch-workers", "16"}); err != nil || workers != 16 {
		t.Errorf("set: %d workers, %v; want 16", workers, err)
	}
	for _, bad := range []string{"-1", "1025"} {
		workers, err := prefetchWorkersFor(t, []string{"--cache.prefetch-workers", bad})
		if err == nil || !strings.Contains(err.Error(), "invalid value "+bad+" for flag --cache.prefetch-workers") {
			t.Errorf("workers %s: error %v, want one naming the flag and value", bad, err)
		}
		if workers != -1 {
			t.Errorf("workers %s: the command ran with %d", bad, workers)
		}
	}
}
