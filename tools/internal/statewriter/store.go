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

package statewriter

import (
	"fmt"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
)

// store is the pebble database a datadir's chaindata is written into: opened
// with geth's table options (ethdb/pebble.New) and the data block size the
// datadir records, without a write-ahead log, since an interrupted write is
// thrown away whole. It is used by one goroutine.
type store struct {
	db    *pebble.DB
	batch *pebble.Batch
}

// storeBatchSize is how many bytes a batch gathers before it is committed.
const storeBatchSize = 64 << 20

func openStore(dir string, blockSize int) (*store, error) {
	opt := &pebble.Options{
		DisableWAL: true,
		TargetFileSizes: [7]int64{
			16 << 20, 4 << 20, 8 << 20, 16 << 20, 32 << 20, 64 << 20, 128 << 20,
		},
		MemTableSize:       256 << 20,
		FormatMajorVersion: pebble.FormatFlushableIngest, // geth's formatMinV2
		Logger:             quietLogger{},
	}
	for i := range opt.Levels {
		opt.Levels[i].BlockSize = blockSize
		if i < len(opt.Levels)-1 {
			opt.Levels[i].FilterPolicy = bloom.FilterPolicy(10)
		}
	}
	db, err := pebble.Open(dir, opt)
	if err != nil {
		return nil, fmt.Errorf("create %s: %v", dir, err)
	}
	return &store{db: db, batch: db.NewBatch()}, nil
}

// Put implements ethdb.KeyValueWriter.
func (s *store) Put(key, value []byte) error {
	if err := s.batch.Set(key, value, nil); err != nil {
		return err
	}
	if s.batch.Len() >= storeBatchSize {
		return s.commit()
	}
	return nil
}

// Delete implements ethdb.KeyValueWriter.
func (s *store) Delete(key []byte) error {
	return s.batch.Delete(key, nil)
}

func (s *store) commit() error {
	if err := s.batch.Commit(pebble.NoSync); err != nil {
		return err
	}
	s.batch.Reset()
	return nil
}

// close commits what is left, flushes the memtables to tables (there is no
// log to replay them from) and closes the database.
func (s *store) close() error {
	err := s.commit()
	s.batch.Close()
	if err == nil {
		err = s.db.Flush()
	}
	if cerr := s.db.Close(); err == nil {
		err = cerr
	}
	return err
}

// quietLogger keeps pebble's informational lines ("Found 0 WALs") out of the
// tool's output; its errors reach the caller as errors.
type quietLogger struct{}

func (quietLogger) Infof(string, ...any)  {}
func (quietLogger) Errorf(string, ...any) {}
func (quietLogger) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}
