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
	"fmt"

	"github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/ethereum/go-ethereum/internal/flags"
	"github.com/ethereum/go-ethereum/node"
	"github.com/urfave/cli/v2"
)

// DBBlockSizeFlag sets the data block size of the pebble tables of the chain
// database. The database records the size it is created with.
var DBBlockSizeFlag = &cli.StringFlag{
	Name:     "db.blocksize",
	Usage:    "Data block size of the chain database's pebble tables, a power of two from 1KiB to 64KiB such as 16KiB, recorded when the database is created (default: the recorded size, 4KiB for a new database)",
	Category: flags.EthCategory,
}

// setDBBlockSize applies --db.blocksize to the node config. Without the flag
// the size stays 0, which opens a database with the size it records.
func setDBBlockSize(ctx *cli.Context, cfg *node.Config) error {
	if !ctx.IsSet(DBBlockSizeFlag.Name) {
		return nil
	}
	size, err := pebble.ParseBlockSize(ctx.String(DBBlockSizeFlag.Name))
	if err != nil {
		return fmt.Errorf("invalid --%s: %v", DBBlockSizeFlag.Name, err)
	}
	cfg.DBBlockSize = int(size)
	return nil
}
