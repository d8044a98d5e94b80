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
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/urfave/cli/v2"
)

// Flags of the execution of blocks that carry an access list (EIP-7928), for
// the chains built from flags (geth import and the other offline commands).
var (
	BALParallelFlag = &cli.BoolFlag{
		Name:     "bal.parallel",
		Usage:    "Execute blocks that carry an access list in parallel, their state prefetched from the list (false: sequentially, as blocks without one)",
		Value:    true,
		Category: flags.PerfCategory,
	}
	BALPrefetchWorkersFlag = NewWorkersFlag("bal.prefetch-workers",
		"Number of workers that prefetch the state of a block carrying an access list (0: one per CPU)",
		0, flags.PerfCategory)
)

// setBALExecution applies the BAL execution flags to a chain's options.
func setBALExecution(ctx *cli.Context, options *core.BlockChainConfig) {
	options.VmConfig.DisableParallelExecution = !ctx.Bool(BALParallelFlag.Name)
	options.BALPrefetchWorkers = ctx.Int(BALPrefetchWorkersFlag.Name)
}
