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

// dumpgen writes offline synthetic chains for geth import: a genesis, an RLP
// block stream that builds a pre-state of a requested number of entries, and
// a manifest describing both. Output is a pure function of the flags.
//
//	dumpgen --trie ubt|mpt --entries N --out DIR [--fork amsterdam] [--seed S] [--gas-target G] [--force]
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// Flag categories of the help.
const (
	chainCategory    = "CHAIN"
	workloadCategory = "WORKLOADS"
	outputCategory   = "OUTPUT"
)

var (
	trieFlag = &cli.StringFlag{
		Name:     "trie",
		Usage:    fmt.Sprintf("state trie of the chain: %q (binary, EIP-7864) or %q", statekind.UBT, statekind.MPT),
		Category: chainCategory,
	}
	forkFlag = &cli.StringFlag{
		Name:        "fork",
		Usage:       `rules beyond the trie's: "amsterdam" activates every fork up to Amsterdam at genesis, so that every block carries its EIP-7928 access list`,
		DefaultText: "the trie's: Prague on mpt, Shanghai with EIP-7864 on ubt",
		Category:    chainCategory,
	}
	entriesFlag = &cli.Int64Flag{
		Name:        "entries",
		Usage:       "number of state entries the population creates (> 0)",
		DefaultText: "none, required",
		Category:    chainCategory,
	}
	seedFlag = &cli.Uint64Flag{
		Name:     "seed",
		Usage:    "seed of all derived keys, addresses and values",
		Value:    defaultSeed,
		Category: chainCategory,
	}
	gasTargetFlag = &cli.Uint64Flag{
		Name:     "gas-target",
		Usage:    "gas used per block; the gas limit is twice this",
		Value:    defaultGasTarget,
		Category: chainCategory,
	}
	populationFlag = &cli.StringFlag{
		Name:     "population",
		Usage:    `where the population is: "blocks" creates it in population.rlp, "genesis" places it in the genesis state (workloads start at block 1; dumpgen datadir writes the datadir)`,
		Value:    "blocks",
		Category: chainCategory,
	}
	shapeFlag = &cli.StringFlag{
		Name:     "shape",
		Usage:    `population shape: "dumpgen" (half plain accounts, a quarter ERC20 holders, a quarter sequential slots) or "mainnet" (mainnet's shares of EOAs, contracts and slots and its slots per contract, block 22,284,325; needs --population genesis)`,
		Value:    shapeDumpgen,
		Category: chainCategory,
	}
	fixtureFlag = &cli.StringSliceFlag{
		Name:     "fixture",
		Usage:    "NAME=DIR: merge a benchmark test (a chain directory fixturechain wrote) into the genesis and write its block as workload NAME; the dump takes its chain config (MPT, --population genesis)",
		Category: chainCategory,
	}
	workloadsFlag = &cli.StringFlag{
		Name:     "workloads",
		Usage:    `comma separated workloads to write, "all" or "none"`,
		Value:    "all",
		Category: workloadCategory,
	}
	workloadBlocksFlag = &cli.Int64Flag{
		Name:     "workload-blocks",
		Usage:    "blocks per workload file (> 0)",
		Value:    defaultWorkloadBlocks,
		Category: workloadCategory,
	}
	workloadGasFlag = &cli.Uint64Flag{
		Name:        "workload-gas-target",
		Usage:       "gas used per workload block, at most --gas-target",
		DefaultText: "--gas-target",
		Category:    workloadCategory,
	}
	outFlag = &cli.StringFlag{
		Name:     "out",
		Usage:    "output directory",
		Category: outputCategory,
	}
	forceFlag = &cli.BoolFlag{
		Name:     "force",
		Usage:    "write into a non-empty --out, replacing a previous dump",
		Category: outputCategory,
	}
)

// newApp returns the command line application; progress goes to log.
func newApp(log io.Writer) *cli.App {
	app := cliutil.NewApp("dumpgen", "write an offline synthetic chain for geth import")
	app.UsageText = "dumpgen --trie ubt|mpt --entries N --out DIR [--fork amsterdam] [--seed S] [--gas-target G] [--population blocks|genesis]\n" +
		"        [--workloads all|none|NAME,...] [--workload-blocks K] [--workload-gas-target W] [--force]"
	app.Description = description
	app.Flags = []cli.Flag{trieFlag, forkFlag, entriesFlag, seedFlag, gasTargetFlag, populationFlag, shapeFlag, fixtureFlag, workloadsFlag, workloadBlocksFlag, workloadGasFlag, outFlag, forceFlag}
	app.Commands = []*cli.Command{datadirCommand(log)}
	app.Action = func(ctx *cli.Context) error {
		cfg, err := configFromFlags(ctx)
		if err != nil {
			return err
		}
		if cfg.placement == dumpmanifest.PlacementGenesis {
			_, err = makeGenesisDump(cfg, log)
		} else {
			_, err = makeDump(cfg, log)
		}
		return err
	}
	return app
}

func main() {
	tuneGC()
	stop, err := startProfile()
	if err != nil {
		cliutil.Exit("dumpgen", err)
	}
	err = run(os.Args[1:], os.Stderr)
	stop()
	cliutil.Exit("dumpgen", err)
}

// run executes a dumpgen command line, logging to stderr.
func run(args []string, stderr io.Writer) error {
	return newApp(stderr).Run(append([]string{"dumpgen"}, args...))
}

// unexpectedArgs is the error for arguments after the flags.
func unexpectedArgs(ctx *cli.Context) error {
	if ctx.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (see dumpgen -h)", ctx.Args().First())
	}
	return nil
}
