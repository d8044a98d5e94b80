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
	"fmt"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/urfave/cli/v2"
)

// CachePrefetchTxsFlag sets how many transactions the state prefetcher
// executes at once, for the chains built from flags (geth import and the
// other offline commands).
var CachePrefetchTxsFlag = &cli.IntFlag{
	Name:     prefetchTxsFlagName,
	Usage:    "Transactions the state prefetcher executes at once ahead of a block (0: 4/5 of the CPUs)",
	Category: flags.PerfCategory,
	Action: func(_ *cli.Context, txs int) error {
		return checkPrefetchTxs(txs)
	},
}

const prefetchTxsFlagName = "cache.prefetch-txs"

// checkPrefetchTxs refuses a transaction count out of range. The flag's
// action calls it as the command line is parsed, before any database is
// opened.
func checkPrefetchTxs(txs int) error {
	if txs < 0 || txs > 1024 {
		return fmt.Errorf("invalid --%s %d (want 0 to 1024)", prefetchTxsFlagName, txs)
	}
	return nil
}

// setPrefetchTxs applies CachePrefetchTxsFlag to a chain's options.
func setPrefetchTxs(ctx *cli.Context, options *core.BlockChainConfig) error {
	txs := ctx.Int(CachePrefetchTxsFlag.Name)
	if err := checkPrefetchTxs(txs); err != nil {
		return err
	}
	options.PrefetchTxWorkers = txs
	return nil
}
