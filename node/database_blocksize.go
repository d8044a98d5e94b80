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

package node

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/ethereum/go-ethereum/log"
)

// openPebbleDatabase opens, or creates, the pebble database of o with the data
// block size of its tables.
//
// A new database is created with the configured size (o.blockSize), or
// pebble.DefaultBlockSize, and records it. An existing database is opened with
// the size it records. One without a record, created by a geth that did not
// keep it or in pebble v1's format, holds tables of pebble.DefaultBlockSize,
// the only size geth used, and is left without a record. A configured size
// other than the database's is refused before the database is opened for
// writing: pebble writes tables, those of a write-ahead log it recovers, while
// it opens.
func openPebbleDatabase(o internalOpenOptions) (ethdb.KeyValueStore, error) {
	requested := pebble.BlockSize(o.blockSize)
	if requested != 0 {
		if err := requested.Validate(); err != nil {
			return nil, fmt.Errorf("db.blocksize: %v", err)
		}
	}
	if o.ReadOnly {
		// Nothing is written: open it as always, then check its record.
		db, err := newPebbleDBDatabase(o.directory, o.Cache, o.Handles, o.MetricsNamespace, o.ReadOnly)
		if err != nil {
			return nil, err
		}
		recorded, err := readPebbleBlockSize(o.directory, db)
		if err == nil {
			_, err = resolvePebbleBlockSize(o.directory, requested, recorded)
		}
		if err != nil {
			db.Close()
			return nil, err
		}
		return db, nil
	}
	exists, _, err := pebble.PeekFormatVersion(o.directory)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("database %s: %v", o.directory, err)
	}
	if !exists {
		return createPebbleDatabase(o, requested)
	}
	if pebble.NeedsV1(o.directory) {
		// Pebble v1's format predates the record: its tables have the default size.
		if _, err := resolvePebbleBlockSize(o.directory, requested, 0); err != nil {
			return nil, err
		}
		return newPebbleDBDatabase(o.directory, o.Cache, o.Handles, o.MetricsNamespace, o.ReadOnly)
	}
	var recorded pebble.BlockSize
	err = pebble.View(o.directory, func(db ethdb.KeyValueReader) (err error) {
		recorded, err = readPebbleBlockSize(o.directory, db)
		return err
	})
	if err != nil {
		return nil, err
	}
	size, err := resolvePebbleBlockSize(o.directory, requested, recorded)
	if err != nil {
		return nil, err
	}
	logPebbleBlockSize(o.directory, size)
	return pebble.NewCustom(o.directory, o.Cache, o.Handles, o.MetricsNamespace, o.ReadOnly, pebble.WithBlockSize(size))
}

// createPebbleDatabase creates the pebble database of o with the requested
// block size, or the default, and records the size in it.
func createPebbleDatabase(o internalOpenOptions, requested pebble.BlockSize) (ethdb.KeyValueStore, error) {
	size := requested
	if size == 0 {
		size = pebble.DefaultBlockSize
	}
	logPebbleBlockSize(o.directory, size)
	db, err := pebble.NewCustom(o.directory, o.Cache, o.Handles, o.MetricsNamespace, o.ReadOnly, pebble.WithBlockSize(size))
	if err != nil {
		return nil, err
	}
	rawdb.WritePebbleBlockSize(db, int(size))
	return db, nil
}

// readPebbleBlockSize returns the block size recorded in the database in dir,
// or 0 if none is recorded.
func readPebbleBlockSize(dir string, db ethdb.KeyValueReader) (pebble.BlockSize, error) {
	size, ok, err := rawdb.ReadPebbleBlockSize(db)
	if err != nil {
		return 0, fmt.Errorf("database %s: %v", dir, err)
	}
	if !ok {
		return 0, nil
	}
	if err := pebble.BlockSize(size).Validate(); err != nil {
		return 0, fmt.Errorf("database %s records an %v", dir, err)
	}
	return pebble.BlockSize(size), nil
}

// resolvePebbleBlockSize returns the block size to open the database in dir
// with, given the configured size and the recorded one (0 for none of either),
// or an error naming both if they differ.
func resolvePebbleBlockSize(dir string, requested, recorded pebble.BlockSize) (pebble.BlockSize, error) {
	switch {
	case recorded == 0 && (requested == 0 || requested == pebble.DefaultBlockSize):
		return pebble.DefaultBlockSize, nil
	case recorded == 0:
		return 0, fmt.Errorf("database %s records no block size, so its tables have the default --db.blocksize=%v; refusing to open it with --db.blocksize=%v (omit the flag, or create a new datadir)",
			dir, pebble.DefaultBlockSize, requested)
	case requested == 0 || requested == recorded:
		return recorded, nil
	default:
		return 0, fmt.Errorf("database %s was created with --db.blocksize=%v, refusing to open it with --db.blocksize=%v (omit the flag to use the recorded size)",
			dir, recorded, requested)
	}
}

// logPebbleBlockSize reports the block size a database is opened with: at info
// level if it is not the default, which every database had before.
func logPebbleBlockSize(dir string, size pebble.BlockSize) {
	if size != pebble.DefaultBlockSize {
		log.Info("Pebble data block size", "database", dir, "size", size)
	} else {
		log.Debug("Pebble data block size", "database", dir, "size", size)
	}
}
