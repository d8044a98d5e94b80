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
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
)

const (
	// scratchPattern names the temporary database directory in --out.
	scratchPattern = ".dumpgen-scratch-*"

	// scratchCacheMB is the pebble cache and memtable allowance. geth's
	// pebble makes memtables of an eighth of it and searches every one not
	// yet flushed on each lookup: at 2048 (256 MB memtables), lookups at
	// 10^7 entries searched up to eight of them, a tenth of the CPU.
	scratchCacheMB = 1024
	scratchHandles = 512
)

// scratchDB is the disk-backed database the generator keeps the chain state
// in. It lives in a temporary directory that Close removes.
type scratchDB struct {
	ethdb.Database
	dir string
}

// openScratchDB creates a pebble database in a fresh temporary directory
// inside dir.
func openScratchDB(dir string) (*scratchDB, error) {
	tmp, err := os.MkdirTemp(dir, scratchPattern)
	if err != nil {
		return nil, fmt.Errorf("creating scratch database: %w", err)
	}
	kv, err := pebble.New(tmp, scratchCacheMB, scratchHandles, "dumpgen/", false)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("opening scratch database: %w", err)
	}
	return &scratchDB{Database: rawdb.NewDatabase(kv), dir: tmp}, nil
}

// openScratchDatadir has write make a datadir in a fresh temporary directory
// inside dir and opens its chain database as the scratch database: a state
// written directly rather than committed by the generator.
func openScratchDatadir(dir string, write func(datadir string) error) (*scratchDB, error) {
	tmp, err := os.MkdirTemp(dir, scratchPattern)
	if err != nil {
		return nil, fmt.Errorf("creating scratch database: %w", err)
	}
	datadir := filepath.Join(tmp, "datadir")
	if err := write(datadir); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	kv, err := pebble.New(filepath.Join(datadir, "geth", "chaindata"), scratchCacheMB, scratchHandles, "dumpgen/", false)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("opening scratch database: %w", err)
	}
	return &scratchDB{Database: rawdb.NewDatabase(kv), dir: tmp}, nil
}

// Close closes the database and removes its directory.
func (db *scratchDB) Close() error {
	err := db.Database.Close()
	if rerr := os.RemoveAll(db.dir); err == nil {
		err = rerr
	}
	return err
}
