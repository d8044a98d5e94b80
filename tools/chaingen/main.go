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
//	chaingen --trie mpt|ubt --out DIR [--blocks N] [--force]
//
// It writes DIR/genesis.json, DIR/chain.rlp (the blocks, as geth export
// writes them) and DIR/manifest.json (dumpgen's keys: genesis, files[].file,
// role, first_block, last_block, head_root, head_hash), so chaininfo verify
// and the tests read it like a dump.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "chaingen:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("chaingen", flag.ContinueOnError)
	trie := fs.String("trie", "mpt", "state kind: mpt (Prague, all system contracts) or ubt (binary trie from genesis)")
	blocks := fs.Int("blocks", 6, "number of blocks")
	out := fs.String("out", "", "output directory")
	force := fs.Bool("force", false, "overwrite an existing output directory's files")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("--out is required")
	}
	if *blocks < 1 || *blocks > 10000 {
		return fmt.Errorf("invalid --blocks %d (want 1 to 10000)", *blocks)
	}
	if *trie != "mpt" && *trie != "ubt" {
		return fmt.Errorf("invalid --trie %q (want mpt or ubt)", *trie)
	}
	if !*force {
		if _, err := os.Stat(*out); err == nil {
			return fmt.Errorf("%s exists (use --force to overwrite its files)", *out)
		}
	}
	c, err := generate(*trie, *blocks)
	if err != nil {
		return err
	}
	if err := c.write(*out); err != nil {
		return err
	}
	fmt.Printf("chaingen: wrote %s: %s chain of %d blocks, %d transactions, head root %s\n",
		*out, *trie, len(c.blocks), c.txs(), c.blocks[len(c.blocks)-1].Root().Hex())
	return nil
}
