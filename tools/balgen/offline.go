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
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/urfave/cli/v2"

	"statelab/core/balsidecar"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/gethrun"
)

var (
	datadirFlag = &cli.StringFlag{
		Name:     "datadir",
		Usage:    "stopped geth datadir whose head is the dump's parent (left unchanged)",
		Required: true,
	}
	offlineDumpFlag = &cli.StringFlag{
		Name:     "dump",
		Usage:    "RLP block dump, as geth import reads",
		Required: true,
	}
	gethFlag = &cli.StringFlag{
		Name:        "geth",
		Usage:       "patched geth binary",
		DefaultText: "geth in --bin",
	}
	binFlag = &cli.StringFlag{
		Name:    "bin",
		Usage:   "directory of statelab's built binaries, where --geth is looked for",
		Value:   filepath.Join("build", "bin"),
		EnvVars: []string{"STATELAB_BIN"},
	}
)

var offlineCommand = &cli.Command{
	Name:   "offline",
	Usage:  "record what each block of a dump reads, importing it into a copy of a datadir with geth import --bal.record",
	Flags:  []cli.Flag{datadirFlag, offlineDumpFlag, outFlag, typeFlag, gethFlag, binFlag},
	Action: offlineAction,
}

func offlineAction(ctx *cli.Context) error {
	if err := noArgs(ctx); err != nil {
		return err
	}
	typ, err := sidecarType(ctx, typeFlag)
	if err != nil {
		return err
	}
	geth := ctx.String(gethFlag.Name)
	if geth == "" {
		geth = filepath.Join(ctx.String(binFlag.Name), "geth")
	}
	f, err := offline(ctx.Context, geth, ctx.String(datadirFlag.Name), ctx.String(offlineDumpFlag.Name), typ, ctx.App.ErrWriter)
	if err != nil {
		return err
	}
	return writeFile(ctx.String(outFlag.Name), "", f, ctx.App.Writer)
}

// offline imports dump into a copy of datadir with geth import --bal.record,
// which records each block's pre-state as its execution reads it (system
// calls, withdrawals, fee recipient and reverted calls included), and returns
// that sidecar lowered to typ. datadir is only read. geth's progress lines go
// to progress; if the import fails, the error gives geth's reason. Canceling
// ctx stops geth.
func offline(ctx context.Context, geth, datadir, dump string, typ balsidecar.Type, progress io.Writer) (*balsidecar.File, error) {
	if _, err := os.Stat(filepath.Join(datadir, "geth", "chaindata")); err != nil {
		return nil, fmt.Errorf("%s is not a geth datadir: %v", datadir, err)
	}
	if _, err := os.Stat(geth); err != nil {
		return nil, fmt.Errorf("geth binary: %v (set --geth or --bin)", err)
	}
	blocks, err := dumpBlocks(dump)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "balgen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	copyDir := filepath.Join(tmp, "datadir")
	if err := fsutil.CloneDatadir(datadir, copyDir); err != nil {
		return nil, fmt.Errorf("cloning %s: %v", datadir, err)
	}
	record := filepath.Join(tmp, "record.bal")
	cmd := &gethrun.Cmd{
		Path: geth,
		Args: []string{"--datadir", copyDir, "import", "--nocompaction", "--bal.record", record, dump},
		Name: fmt.Sprintf("geth import %s (into a copy of %s)", dump, datadir),
		OnLine: func(line string) {
			if strings.Contains(line, "Imported new chain segment") {
				fmt.Fprintf(progress, "geth: %s\n", line)
			}
		},
	}
	fmt.Fprintf(progress, "balgen: importing %s (%d blocks) into a copy of %s, recording their pre-state\n", dump, len(blocks), datadir)
	if err := cmd.Run(ctx); err != nil {
		return nil, err
	}
	f, err := balsidecar.Load(record)
	if err != nil {
		return nil, fmt.Errorf("geth's recording: %v", err)
	}
	for _, b := range blocks {
		entry := f.Lookup(b.number)
		if entry == nil {
			return nil, fmt.Errorf("%s: block %d was not executed (is it already in %s?)", dump, b.number, datadir)
		}
		if entry.Hash != b.hash {
			return nil, fmt.Errorf("%s: block %d has hash %s, geth recorded %s", dump, b.number, b.hash.Hex(), entry.Hash.Hex())
		}
	}
	if len(f.Blocks) != len(blocks) {
		return nil, fmt.Errorf("geth recorded %d blocks, %s holds %d", len(f.Blocks), dump, len(blocks))
	}
	if err := f.Downgrade(typ); err != nil {
		return nil, err
	}
	return f, nil
}

// dumpBlock is the number and hash of a block of a dump.
type dumpBlock struct {
	number uint64
	hash   common.Hash
}

// dumpBlocks returns the blocks of an RLP dump above genesis, in file order.
func dumpBlocks(path string) ([]dumpBlock, error) {
	var blocks []dumpBlock
	err := scanHeaders(path, func(h *types.Header) {
		if n := h.Number.Uint64(); n > 0 {
			blocks = append(blocks, dumpBlock{n, h.Hash()})
		}
	})
	if err == nil && len(blocks) == 0 {
		err = fmt.Errorf("%s holds no block above genesis", path)
	}
	return blocks, err
}

// scanHeaders calls fn with the header of every block of an RLP dump (gzip
// if the name ends in .gz), as geth import reads it.
func scanHeaders(path string, fn func(*types.Header)) error {
	return readRLPStream(path, func(i int, s *rlp.Stream) error {
		raw, err := s.Raw()
		if err != nil {
			return fmt.Errorf("block %d of the file: %v", i, err)
		}
		content, _, err := rlp.SplitList(raw)
		if err != nil {
			return fmt.Errorf("block %d of the file: %v", i, err)
		}
		var h types.Header
		if err := rlp.DecodeBytes(firstItem(content), &h); err != nil {
			return fmt.Errorf("block %d of the file: %v", i, err)
		}
		fn(&h)
		return nil
	})
}

func firstItem(list []byte) []byte {
	_, _, rest, err := rlp.Split(list)
	if err != nil {
		return list
	}
	return list[:len(list)-len(rest)]
}
