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
	"fmt"

	"github.com/ethereum/go-ethereum/cmd/utils"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/ethereum/go-ethereum/log"
	"github.com/urfave/cli/v2"
)

var balRecordFlag = &cli.StringFlag{
	Name:     "bal.record",
	Usage:    "Write a Type-4 BAL sidecar of the imported blocks' pre-state to this file (JSON if it ends in .json, else binary)",
	Category: flags.MiscCategory,
}

// mustStartBALRecorder starts the sidecar named by --bal.record, before the
// datadir is opened. It exits on any error; without the flag it returns nil.
func mustStartBALRecorder(ctx *cli.Context) *core.BALRecorder {
	r, err := startBALRecorder(ctx)
	if err != nil {
		utils.Fatalf("%v", err)
	}
	return r
}

func startBALRecorder(ctx *cli.Context) (*core.BALRecorder, error) {
	path := ctx.String(balRecordFlag.Name)
	if path == "" {
		return nil, nil
	}
	if ctx.String(balFileFlag.Name) != "" {
		return nil, fmt.Errorf("--%s and --%s cannot be used together: a block executed with a sidecar reads from it, not from the database", balRecordFlag.Name, balFileFlag.Name)
	}
	r, err := core.NewBALRecorder(path)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", balRecordFlag.Name, err)
	}
	log.Info("Recording block pre-state as a BAL sidecar", "file", path)
	return r, nil
}

// finishBALRecorder moves the recorded sidecar into place if the import
// succeeded, and discards it otherwise.
func finishBALRecorder(r *core.BALRecorder, path string, importErr error) error {
	if r == nil {
		return importErr
	}
	if importErr != nil {
		r.Abort()
		fmt.Printf("BAL record: %s not written (the import failed).\n", path)
		return importErr
	}
	blocks := r.Blocks()
	if err := r.Close(); err != nil {
		return err
	}
	fmt.Printf("BAL record: wrote %d blocks to %s.\n", blocks, path)
	return nil
}
