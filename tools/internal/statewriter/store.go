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
	"errors"
	"fmt"
	"sync"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
	"github.com/ethereum/go-ethereum/ethdb"
)

// store is the pebble database a datadir's chaindata is written into: opened
// with geth's table options (ethdb/pebble.New) and the data block size the
// datadir records, without a write-ahead log, since an interrupted write is
// thrown away whole.
//
// Writers gather keys in batches that one goroutine commits in the
// background, so that building the state overlaps moving it into pebble's
// memtables. Each writer is used by one goroutine; several writers may write
// at once. close is called once, after every writer is done.
type store struct {
	db      *pebble.DB
	commits chan *pebble.Batch
	done    chan struct{}
	writers []*batchWriter

	mu  sync.Mutex
	err error // the first failed commit
}

const (
	// storeBatchSize is how many bytes a batch gathers before it is committed.
	storeBatchSize = 16 << 20

	// storeQueuedBatches is how many full batches wait for the committer
	// before writers block.
	storeQueuedBatches = 2
)

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
	s := &store{db: db, commits: make(chan *pebble.Batch, storeQueuedBatches), done: make(chan struct{})}
	go s.commitLoop()
	return s, nil
}

// commitLoop commits the batches writers hand over, in the order they come.
func (s *store) commitLoop() {
	defer close(s.done)
	for b := range s.commits {
		if s.failed() == nil {
			if err := b.Commit(pebble.NoSync); err != nil {
				s.mu.Lock()
				s.err = err
				s.mu.Unlock()
			}
		}
		b.Close()
	}
}

func (s *store) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// writer returns a new writer of the store, for one goroutine.
func (s *store) writer() *batchWriter {
	w := &batchWriter{s: s, batch: s.newBatch()}
	s.writers = append(s.writers, w)
	return w
}

// close commits what the writers hold, flushes the memtables to tables
// (there is no log to replay them from) and closes the database.
func (s *store) close() error {
	for _, w := range s.writers {
		w.handOver()
		w.batch.Close()
	}
	close(s.commits)
	<-s.done
	err := s.failed()
	if err == nil {
		err = s.db.Flush()
	}
	return errors.Join(err, s.db.Close())
}

// batchWriter is an ethdb.KeyValueWriter that gathers keys for its store's
// committer. It is used by one goroutine.
type batchWriter struct {
	s     *store
	batch *pebble.Batch
}

var _ ethdb.KeyValueWriter = (*batchWriter)(nil)

// Put implements ethdb.KeyValueWriter.
func (w *batchWriter) Put(key, value []byte) error {
	if err := w.batch.Set(key, value, nil); err != nil {
		return err
	}
	if w.batch.Len() >= storeBatchSize {
		w.handOver()
		return w.s.failed()
	}
	return nil
}

// Delete implements ethdb.KeyValueWriter.
func (w *batchWriter) Delete(key []byte) error {
	return w.batch.Delete(key, nil)
}

// handOver queues the batch for commit and starts a new one.
func (w *batchWriter) handOver() {
	if w.batch.Empty() {
		return
	}
	w.s.commits <- w.batch
	w.batch = w.s.newBatch()
}

// quietLogger keeps pebble's informational lines ("Found 0 WALs") out of the
// tool's output; its errors reach the caller as errors.
type quietLogger struct{}

func (quietLogger) Infof(string, ...any)  {}
func (quietLogger) Errorf(string, ...any) {}
func (quietLogger) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}

// newBatch returns a batch with room for storeBatchSize bytes, so that it is
// not copied as it grows.
func (s *store) newBatch() *pebble.Batch {
	return s.db.NewBatchWithSize(storeBatchSize + storeBatchSize/8)
}
