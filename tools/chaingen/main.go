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

// Command chaingen writes chains that dumpgen does not make, for testing geth
// import, BAL sidecars and benchmarks on the shapes of real chains: blocks
// made by geth's own chain maker (core.GenerateChain) in which accounts come
// and go within a block. Every block has
//
//   - a fee recipient and withdrawal recipients that did not exist before it,
//     and a withdrawal to an existing account;
//   - an account funded by one transaction and spending in the next, and a
//     7702-delegated account (Prague) running a contract on its own storage;
//   - a contract created by a transaction and called in the same block, a
//     CREATE2 child that self-destructs in its constructor paying a fresh
//     beneficiary (EIP-6780), and a pre-existing contract that self-destructs
//     (it keeps existing, its balance moves);
//   - a slot written and read back by a later transaction, a slot cleared to
//     zero, a slot written with the value it already holds, a call that
//     writes, reads and then reverts, and a transaction that runs out of gas;
//   - value sent to a precompile, one absent and one that exists;
//
// and some blocks touch an empty pre-existing account (EIP-158 deletes it) or
// send EIP-7002 and EIP-7251 requests (Prague). System calls run as the
// chain config says (EIP-4788 and EIP-2935 on Prague, EIP-2935 on the binary
// trie).
//
// With --fork amsterdam (MPT), every fork up to Amsterdam is active at genesis
// and each block carries the EIP-7928 access list the chain maker built, as
// geth export writes it.
//
//	chaingen --trie mpt|ubt --out DIR [--blocks N] [--fork amsterdam] [--force]
//
// It writes DIR/genesis.json, DIR/chain.rlp (the blocks, as geth export
// writes them) and DIR/manifest.json (dumpgen's keys: genesis, files[].file,
// role, first_block, last_block, head_root, head_hash), so chaininfo verify
// and the tests read it like a dump.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
	"statelab/tools/internal/statekind"
)

var (
	trieFlag = &cli.StringFlag{
		Name:  "trie",
		Usage: fmt.Sprintf("state trie: %s (Prague, all system contracts) or %s (binary trie from genesis)", statekind.MPT, statekind.UBT),
		Value: statekind.MPT.String(),
	}
	blocksFlag = &cli.IntFlag{
		Name:  "blocks",
		Usage: "number of blocks (1 to 10000)",
		Value: 6,
	}
	outFlag = &cli.StringFlag{
		Name:  "out",
		Usage: "output directory",
	}
	forkFlag = &cli.StringFlag{
		Name:  "fork",
		Usage: "amsterdam: every fork up to Amsterdam at genesis, each block carrying its EIP-7928 access list (--trie mpt only); unset: the trie's default rules",
	}
	forceFlag = &cli.BoolFlag{
		Name:  "force",
		Usage: "overwrite an existing output directory's files",
	}
)

// newApp returns the command line application, printing to out.
func newApp(out io.Writer) *cli.App {
	app := cliutil.NewApp("chaingen", "write a chain of dumpgen-unlike blocks made by geth's chain maker")
	app.UsageText = "chaingen --trie mpt|ubt --out DIR [--blocks N] [--fork amsterdam] [--force]"
	app.Flags = []cli.Flag{trieFlag, blocksFlag, outFlag, forkFlag, forceFlag}
	app.Action = generateChain
	app.Writer = out
	return app
}

func main() {
	cliutil.Exit("chaingen", newApp(os.Stdout).Run(os.Args))
}

// run executes a chaingen command line, printing to stdout.
func run(args []string) error {
	return newApp(os.Stdout).Run(append([]string{"chaingen"}, args...))
}

// generateChain generates the chain the flags describe and writes it.
func generateChain(ctx *cli.Context) error {
	if err := cliutil.NoArgs(ctx); err != nil {
		return err
	}
	var (
		trie   statekind.Trie
		blocks = ctx.Int(blocksFlag.Name)
		out    = ctx.String(outFlag.Name)
		fork   = ctx.String(forkFlag.Name)
	)
	if out == "" {
		return errors.New("--out is required")
	}
	if blocks < 1 || blocks > 10000 {
		return fmt.Errorf("invalid --blocks %d (want 1 to 10000)", blocks)
	}
	if err := trie.UnmarshalText([]byte(ctx.String(trieFlag.Name))); err != nil {
		return fmt.Errorf("invalid --trie: %v", err)
	}
	switch {
	case fork != "" && fork != "amsterdam":
		return fmt.Errorf("invalid --fork %q (want amsterdam, or unset for the trie's default rules)", fork)
	case fork == "amsterdam" && trie != statekind.MPT:
		return fmt.Errorf("invalid --fork amsterdam with --trie %s: Amsterdam needs --trie %s (as dumpgen's --fork amsterdam)", trie, statekind.MPT)
	}
	if !ctx.Bool(forceFlag.Name) {
		if _, err := os.Stat(out); err == nil {
			return fmt.Errorf("%s exists (use --force to overwrite its files)", out)
		}
	}
	c, err := generate(trie, fork == "amsterdam", blocks)
	if err != nil {
		return err
	}
	if err := c.write(out); err != nil {
		return err
	}
	fmt.Fprintf(ctx.App.Writer, "chaingen: wrote %s: %s chain of %d blocks (%s), %d transactions, head root %s\n",
		out, trie, len(c.blocks), c.forkName(), c.txs(), c.blocks[len(c.blocks)-1].Root().Hex())
	return nil
}
