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

package rawdb

import (
	"encoding/binary"
	"fmt"

	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/log"
)

// pebbleBlockSizeKey tracks the data block size a pebble database was created
// with. Pebble fixes the size of each table when it writes it, so a database
// opened with another size would hold tables of two sizes.
var pebbleBlockSizeKey = []byte("PebbleBlockSize")

// ReadPebbleBlockSize returns the pebble data block size in bytes recorded in
// the database, and false if none is recorded. A record that is not a 4-byte
// size is an error.
func ReadPebbleBlockSize(db ethdb.KeyValueReader) (int, bool, error) {
	blob, err := db.Get(pebbleBlockSizeKey)
	if err != nil || len(blob) == 0 {
		return 0, false, nil
	}
	if len(blob) != 4 {
		return 0, false, fmt.Errorf("invalid pebble block size record %#x", blob)
	}
	return int(binary.BigEndian.Uint32(blob)), true, nil
}

// WritePebbleBlockSize records the pebble data block size of the database.
func WritePebbleBlockSize(db ethdb.KeyValueWriter, size int) {
	if size <= 0 || uint64(size) > 1<<32-1 {
		log.Crit("Refusing to record invalid pebble block size", "size", size)
	}
	if err := db.Put(pebbleBlockSizeKey, binary.BigEndian.AppendUint32(nil, uint32(size))); err != nil {
		log.Crit("Failed to store pebble block size", "err", err)
	}
}
