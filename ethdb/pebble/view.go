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

package pebble

import (
	"errors"

	"github.com/cockroachdb/pebble/v2"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/log"
)

// View opens the existing pebble v2 database in file read-only, calls fn with
// a reader of its keys and closes the database again. It writes nothing to the
// directory and, unlike New, allocates no cache of its own, registers no metrics
// and starts no goroutines. It lets a caller read a setting the database
// records before choosing the options to open it with: options such as the
// block size apply to every table pebble writes from the moment it opens,
// including the tables of a write-ahead log it recovers while opening.
//
// The reader is closed when fn returns.
func View(file string, fn func(ethdb.KeyValueReader) error) error {
	inner, err := pebble.Open(file, &pebble.Options{
		ReadOnly:           true,
		ErrorIfNotExists:   true,
		FormatMajorVersion: formatMinV2,
		Logger:             panicLogger{},
	})
	if err != nil {
		return err
	}
	db := &Database{fn: file, db: inner, log: log.New("database", file)}
	return errors.Join(fn(db), db.Close())
}
