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

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

const (
	defaultSeed      = 1
	defaultGasTarget = 30_000_000

	// maxEntries bounds --entries so that the population's progress
	// arithmetic (products of two entry counts) cannot overflow.
	maxEntries = 1 << 32

	// maxGasTarget bounds --gas-target far below the 2^63-1 gas limit cap.
	maxGasTarget = 1 << 40
)

// config holds the validated command line of a dumpgen run.
type config struct {
	trie      trieKind
	entries   uint64
	out       string
	seed      uint64
	gasTarget uint64
	force     bool

	chunkBlocks int // blocks per generation chunk; not a flag, tests vary it
}

// usage is printed for -h and after flag errors.
const usage = `Usage: dumpgen --trie ubt|mpt --entries N --out DIR [--seed S] [--gas-target G] [--force]

Writes an offline synthetic chain for geth import to DIR: genesis.json,
population.rlp (blocks creating N state entries) and manifest.json.

`

// parseFlags parses and validates the command line. Errors name the
// offending flag. flag.ErrHelp is returned for -h.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("dumpgen", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned, not printed
	var (
		trie      = fs.String("trie", "", `state trie of the chain: "ubt" (binary, EIP-7864) or "mpt"`)
		entries   = fs.Int64("entries", 0, "number of state entries the population creates (> 0)")
		out       = fs.String("out", "", "output directory")
		seed      = fs.Uint64("seed", defaultSeed, "seed of all derived keys, addresses and values")
		gasTarget = fs.Uint64("gas-target", defaultGasTarget, "gas used per population block; the gas limit is twice this")
		force     = fs.Bool("force", false, "write into a non-empty --out, replacing a previous dump")
	)
	fs.Usage = func() {} // printed below for -h only; errors stay one line
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, fmt.Errorf("%v (see dumpgen -h)", err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (see dumpgen -h)", fs.Arg(0))
	}
	cfg := &config{out: *out, seed: *seed, gasTarget: *gasTarget, force: *force, chunkBlocks: defaultChunkBlocks}
	if *trie == "" {
		return nil, errors.New("missing --trie: must be \"ubt\" or \"mpt\"")
	}
	kind, err := parseTrieKind(*trie)
	if err != nil {
		return nil, err
	}
	cfg.trie = kind
	if *entries <= 0 || *entries > maxEntries {
		return nil, fmt.Errorf("invalid --entries %d: must be between 1 and %d", *entries, uint64(maxEntries))
	}
	cfg.entries = uint64(*entries)
	if cfg.out == "" {
		return nil, errors.New("missing --out: an output directory is required")
	}
	if cfg.gasTarget < minGasTarget || cfg.gasTarget > maxGasTarget {
		return nil, fmt.Errorf("invalid --gas-target %d: must be between %d and %d", cfg.gasTarget, minGasTarget, uint64(maxGasTarget))
	}
	return cfg, nil
}
