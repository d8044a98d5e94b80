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

// bench is statelab's cold-cache benchmark harness. It runs studies defined in
// TOML files (a matrix over trie kind, group depth, workload, BAL type,
// telemetry level, cache state and geth binary) and A/B comparisons of two geth
// binaries, and writes a Markdown report with plots, a benchstat file and the
// raw runs.
//
//	bench run tools/bench/studies/groupdepth.toml --scale smoke --out DIR
//	bench ab --a GETH_A --b GETH_B --dump workload.rlp [--genesis G --population P] --runs 5
//	bench report --out DIR
//
// Package main holds the commands only; tools/bench/README.md describes the
// packages below them.
package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"
)

var app = &cli.App{
	Name:      "bench",
	Usage:     "cold-cache benchmark harness for geth import",
	Commands:  []*cli.Command{runCommand, statusCommand, abCommand, reportCommand, resultsCommand, slurmCommand},
	Writer:    os.Stdout,
	ErrWriter: os.Stderr,
}

func main() {
	if err := app.Run(flagsFirst(os.Args)); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
