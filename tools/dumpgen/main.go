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
//	dumpgen --trie ubt|mpt --entries N --out DIR [--seed S] [--gas-target G] [--force]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	tuneGC()
	stop, err := startProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dumpgen:", err)
		os.Exit(1)
	}
	err = run(os.Args[1:], os.Stderr)
	stop()
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "dumpgen:", err)
		os.Exit(1)
	}
}

// run executes a dumpgen command line, logging to stderr.
func run(args []string, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	_, err = makeDump(cfg, stderr)
	return err
}
