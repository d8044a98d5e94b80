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

package main

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/cmd/utils"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/urfave/cli/v2"
)

var (
	balFileFlag = &cli.StringFlag{
		Name:     "bal.file",
		Usage:    "BAL sidecar (JSON or binary) with block-level access lists for the imported blocks",
		Category: flags.MiscCategory,
	}
	balTypeFlag = &cli.StringFlag{
		Name:     "bal.type",
		Usage:    "BAL type to apply: 1 fetches the listed state in parallel, 3 also injects slot values, 4 injects accounts and slots (default: the file's type)",
		Category: flags.MiscCategory,
	}
	balWorkersFlag = utils.NewWorkersFlag("bal.workers",
		fmt.Sprintf("Number of workers that fetch a block's listed state (0: %d, as in the BAL study)", core.DefaultBALWorkers),
		core.DefaultBALWorkers, flags.MiscCategory)
	balFetchFlag = &cli.StringFlag{
		Name:     "bal.fetch",
		Usage:    "When to fetch the listed slots of a Type-1 list, over --bal.workers workers: before (execution waits), beside (while the block executes) or trie (on a Merkle-Patricia state, the written slots are read from their trie paths warmed before execution, the others fetched before)",
		Value:    core.BALFetchTrie.String(),
		Category: flags.MiscCategory,
	}
	balWarmFlag = &cli.StringFlag{
		Name:     "bal.warm",
		Usage:    "When to warm the trie paths of each block's write set, over --bal.workers workers (sidecars with write sets): beside (while the block executes), before (execution waits) or off",
		Value:    core.BALWarmBeside.String(),
		Category: flags.MiscCategory,
	}
	balSkipMismatchFlag = &cli.BoolFlag{
		Name:     "bal.skip-mismatch",
		Usage:    "Skip, with a warning, sidecar entries whose block hash differs from the imported block's (default: refuse the import)",
		Category: flags.MiscCategory,
	}
	// balImportFlags are geth import's BAL sidecar flags; all but the
	// first need it.
	balImportFlags = []cli.Flag{balFileFlag, balTypeFlag, balWorkersFlag, balFetchFlag, balWarmFlag, balSkipMismatchFlag}
)

// mustLoadBALSidecar loads the sidecar named by --bal.file and checks it
// against the block files to import, before the datadir is opened. It exits
// on any error; without --bal.file it returns nil.
func mustLoadBALSidecar(ctx *cli.Context) *core.BALSidecar {
	s, err := loadBALSidecar(ctx, ctx.Args().Slice())
	if err != nil {
		utils.Fatalf("%v", err)
	}
	return s
}

func loadBALSidecar(ctx *cli.Context, files []string) (*core.BALSidecar, error) {
	path := ctx.String(balFileFlag.Name)
	if path == "" {
		for _, f := range balImportFlags[1:] {
			if name := f.Names()[0]; ctx.IsSet(name) {
				return nil, fmt.Errorf("--%s needs --%s", name, balFileFlag.Name)
			}
		}
		return nil, nil
	}
	var typ balsidecar.Type // 0: the file's type
	if v := ctx.String(balTypeFlag.Name); ctx.IsSet(balTypeFlag.Name) {
		var err error
		if typ, err = balsidecar.ParseType(v); err != nil {
			return nil, fmt.Errorf("invalid --%s %s: %w", balTypeFlag.Name, v, err)
		}
	}
	var fetch core.BALFetchMode
	if err := fetch.UnmarshalText([]byte(ctx.String(balFetchFlag.Name))); err != nil {
		return nil, fmt.Errorf("--%s: %w", balFetchFlag.Name, err)
	}
	var warm core.BALWarmMode
	if err := warm.UnmarshalText([]byte(ctx.String(balWarmFlag.Name))); err != nil {
		return nil, fmt.Errorf("--%s: %w", balWarmFlag.Name, err)
	}
	file, err := balsidecar.Load(path)
	if err != nil {
		return nil, fmt.Errorf("BAL sidecar: %w", err)
	}
	if err := checkBALHashes(file, path, files, ctx.Bool(balSkipMismatchFlag.Name)); err != nil {
		return nil, err
	}
	s, err := core.NewBALSidecar(file, path, core.BALSidecarConfig{Type: typ, Workers: ctx.Int(balWorkersFlag.Name), Fetch: fetch, Warm: warm})
	if err != nil {
		return nil, err
	}
	if !file.Writes && ctx.IsSet(balWarmFlag.Name) && warm != core.BALWarmOff {
		log.Warn("BAL sidecar has no write sets: nothing to warm", "file", path)
	}
	log.Info("Loaded BAL sidecar", "file", path, "type", s.Type(), "blocks", len(file.Blocks), "workers", s.Workers())
	return s, nil
}

// checkBALHashes reads the block files and compares each block's hash with
// its sidecar entry. A mismatch is an error naming the block, unless skip is
// set: then the entry is dropped with a warning and the block runs without it.
func checkBALHashes(file *balsidecar.File, path string, blockFiles []string, skip bool) error {
	drop := make(map[uint64]bool)
	for _, fn := range blockFiles {
		err := scanBlockHeaders(fn, func(h *types.Header) error {
			entry := file.Lookup(h.Number.Uint64())
			if entry == nil || entry.Hash == h.Hash() {
				return nil
			}
			if !skip {
				return fmt.Errorf("BAL sidecar %s: entry for block %d has hash %s, but block %d in %s has hash %s; refusing to import (--%s skips such entries)",
					path, entry.Number, entry.Hash.Hex(), entry.Number, fn, h.Hash().Hex(), balSkipMismatchFlag.Name)
			}
			log.Warn("Skipping BAL sidecar entry with a different block hash", "number", entry.Number, "entry", entry.Hash, "block", h.Hash(), "file", fn)
			drop[entry.Number] = true
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(drop) > 0 {
		kept := file.Blocks[:0]
		for _, b := range file.Blocks {
			if !drop[b.Number] {
				kept = append(kept, b)
			}
		}
		file.Blocks = kept
	}
	return nil
}

// scanBlockHeaders calls fn with the header of every block of an import file,
// in the format geth import reads.
func scanBlockHeaders(fn string, cb func(*types.Header) error) error {
	fh, err := os.Open(fn)
	if err != nil {
		return err
	}
	defer fh.Close()

	var reader io.Reader = fh
	if strings.HasSuffix(fn, ".gz") {
		if reader, err = gzip.NewReader(reader); err != nil {
			return err
		}
	}
	stream := rlp.NewStream(reader, 0)
	for n := 0; ; n++ {
		raw, err := stream.Raw()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: block %d of the file: %v", fn, n, err)
		}
		content, _, err := rlp.SplitList(raw)
		if err != nil {
			return fmt.Errorf("%s: block %d of the file: %v", fn, n, err)
		}
		var header types.Header
		if err := rlp.NewStream(strings.NewReader(string(content)), uint64(len(content))).Decode(&header); err != nil {
			return fmt.Errorf("%s: block %d of the file: %v", fn, n, err)
		}
		if err := cb(&header); err != nil {
			return err
		}
	}
}

// reportBALSidecar prints how many blocks ran with and without an entry, and
// adds the likely cause to an import error caused by injected values.
func reportBALSidecar(s *core.BALSidecar, err error) error {
	if s == nil {
		return err
	}
	used, missing, ignored := s.Counts()
	accounts, slots, code := s.ExecutionReads()
	fmt.Printf("BAL sidecar: %d blocks executed with an entry, %d without one (normal reads).\n", used, missing)
	if ignored > 0 {
		fmt.Printf("BAL sidecar: %d entries ignored: their blocks are executed in parallel from their own access list (or build a witness).\n", ignored)
	}
	if unused := s.Unused(); unused > 0 {
		fmt.Printf("BAL sidecar: %d entries unused: no block of the import executed with their number.\n", unused)
	}
	fmt.Printf("BAL sidecar: state the entries did not cover, read from the database during execution: %d accounts, %d slots, %d codes.\n", accounts, slots, code)
	if n := s.SlotsFromTrie(); n > 0 {
		fmt.Printf("BAL sidecar: %d written slots read from their warmed trie paths instead of fetched (--bal.fetch trie).\n", n)
	}
	if missing > 0 {
		log.Warn("Blocks missing from the BAL sidecar used normal reads", "blocks", missing)
	}
	return s.ExplainError(err)
}
