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

	"github.com/ethereum/go-ethereum/core"
	"github.com/urfave/cli/v2"
)

// prefetchTxsFor parses args with CachePrefetchTxsFlag and returns the chain
// options it makes.
func prefetchTxsFor(t *testing.T, args []string) (*core.BlockChainConfig, error) {
	t.Helper()
	var (
		options = new(core.BlockChainConfig)
		err     error
	)
	app := cli.NewApp()
	app.Flags = []cli.Flag{CachePrefetchTxsFlag}
	app.Action = func(ctx *cli.Context) error {
		options.PrefetchTxWorkers = -1 // the command ran
		err = setPrefetchTxs(ctx, options)
		return nil
	}
	app.Writer, app.ErrWriter = new(strings.Builder), new(strings.Builder)
	if runErr := app.Run(append([]string{"geth"}, args...)); runErr != nil {
		return options, runErr // refused by the flag's action, before the command's
	}
	return options, err
}

func TestPrefetchTxsFlag(t *testing.T) {
	if options, err := prefetchTxsFor(t, nil); err != nil || options.PrefetchTxWorkers != 0 {
		t.Errorf("default: %d transactions, %v; want 0", options.PrefetchTxWorkers, err)
	}
	if options, err := prefetchTxsFor(t, []string{"--cache.prefetch-txs", "16"}); err != nil || options.PrefetchTxWorkers != 16 {
		t.Errorf("set: %d transactions, %v; want 16", options.PrefetchTxWorkers, err)
	}
	for _, bad := range []string{"-1", "1025"} {
		options, err := prefetchTxsFor(t, []string{"--cache.prefetch-txs", bad})
		if err == nil || !strings.Contains(err.Error(), "--cache.prefetch-txs "+bad) {
			t.Errorf("transactions %s: error %v, want one naming the flag and value", bad, err)
		}
		if options.PrefetchTxWorkers != 0 {
			t.Errorf("transactions %s: the command ran with %d", bad, options.PrefetchTxWorkers)
		}
	}
}
