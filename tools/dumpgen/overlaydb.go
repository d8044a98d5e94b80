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
	"bytes"
	"errors"
	"sync"

	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/memorydb"
)

// overlayDB is a copy-on-write view of a database: reads see the base
// database with the overlay's own writes on top, writes stay in memory. It
// lets each workload branch off the population state, which the generator
// keeps on disk, without changing that state. Its memory grows with the
// writes of the branch only. It is safe for concurrent use, as the trie
// database flushes in the background; the base must not change while the
// overlay is in use.
type overlayDB struct {
	ethdb.Database                    // base, for ancient store methods
	mem            *memorydb.Database // keys written by the overlay

	lock    sync.RWMutex
	deleted map[string]struct{} // base keys deleted by the overlay
}

// isDeleted reports whether the overlay deleted key.
func (db *overlayDB) isDeleted(key []byte) bool {
	db.lock.RLock()
	defer db.lock.RUnlock()
	_, gone := db.deleted[string(key)]
	return gone
}

func newOverlayDB(base ethdb.Database) *overlayDB {
	return &overlayDB{Database: base, mem: memorydb.New(), deleted: make(map[string]struct{})}
}

func (db *overlayDB) Has(key []byte) (bool, error) {
	if ok, _ := db.mem.Has(key); ok {
		return true, nil
	}
	if db.isDeleted(key) {
		return false, nil
	}
	return db.Database.Has(key)
}

func (db *overlayDB) Get(key []byte) ([]byte, error) {
	if v, err := db.mem.Get(key); err == nil {
		return v, nil
	}
	if db.isDeleted(key) {
		return nil, errors.New("not found")
	}
	return db.Database.Get(key)
}

func (db *overlayDB) Put(key, value []byte) error {
	db.lock.Lock()
	defer db.lock.Unlock()
	delete(db.deleted, string(key))
	return db.mem.Put(key, value)
}

func (db *overlayDB) Delete(key []byte) error {
	db.lock.Lock()
	defer db.lock.Unlock()
	db.deleted[string(key)] = struct{}{}
	return db.mem.Delete(key)
}

// DeleteRange deletes the keys in [start, end) of both layers.
func (db *overlayDB) DeleteRange(start, end []byte) error {
	it := db.NewIterator(nil, start)
	defer it.Release()
	var keys [][]byte
	for it.Next() && bytes.Compare(it.Key(), end) < 0 {
		keys = append(keys, cloneBytes(it.Key()))
	}
	for _, k := range keys {
		if err := db.Delete(k); err != nil {
			return err
		}
	}
	return it.Error()
}

func cloneBytes(b []byte) []byte { return append([]byte(nil), b...) }

// Close releases the overlay's memory; the base stays open.
func (db *overlayDB) Close() error {
	db.lock.Lock()
	defer db.lock.Unlock()
	db.mem, db.deleted = memorydb.New(), make(map[string]struct{})
	return nil
}

func (db *overlayDB) SyncKeyValue() error { return nil }

func (db *overlayDB) Compact(start, limit []byte) error { return nil }

func (db *overlayDB) NewBatch() ethdb.Batch { return &overlayBatch{db: db} }

func (db *overlayDB) NewBatchWithSize(int) ethdb.Batch { return &overlayBatch{db: db} }

// NewIterator merges the base and the overlay, overlay keys first on ties.
// It iterates a snapshot of the overlay taken at creation.
func (db *overlayDB) NewIterator(prefix, start []byte) ethdb.Iterator {
	db.lock.RLock()
	defer db.lock.RUnlock()
	deleted := make(map[string]struct{}, len(db.deleted))
	for k := range db.deleted {
		deleted[k] = struct{}{}
	}
	return &overlayIterator{
		base:    db.Database.NewIterator(prefix, start),
		mem:     db.mem.NewIterator(prefix, start),
		deleted: deleted,
		first:   true,
	}
}

// overlayBatch buffers writes to an overlayDB until Write.
type overlayBatch struct {
	db   *overlayDB
	ops  []batchOp
	size int
}

type batchOp struct {
	key, value []byte
	del        bool
	end        []byte // for range deletions
}

func (b *overlayBatch) Put(key, value []byte) error {
	b.ops = append(b.ops, batchOp{key: cloneBytes(key), value: cloneBytes(value)})
	b.size += len(key) + len(value)
	return nil
}

func (b *overlayBatch) Delete(key []byte) error {
	b.ops = append(b.ops, batchOp{key: cloneBytes(key), del: true})
	b.size += len(key)
	return nil
}

func (b *overlayBatch) DeleteRange(start, end []byte) error {
	b.ops = append(b.ops, batchOp{key: cloneBytes(start), end: cloneBytes(end), del: true})
	b.size += len(start) + len(end)
	return nil
}

func (b *overlayBatch) ValueSize() int { return b.size }

func (b *overlayBatch) Write() error {
	for _, op := range b.ops {
		var err error
		switch {
		case op.end != nil:
			err = b.db.DeleteRange(op.key, op.end)
		case op.del:
			err = b.db.Delete(op.key)
		default:
			err = b.db.Put(op.key, op.value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (b *overlayBatch) Reset() { b.ops, b.size = b.ops[:0], 0 }

func (b *overlayBatch) Replay(w ethdb.KeyValueWriter) error {
	for _, op := range b.ops {
		var err error
		switch {
		case op.end != nil:
			rd, ok := w.(ethdb.KeyValueRangeDeleter)
			if !ok {
				return errors.New("replay target cannot delete ranges")
			}
			err = rd.DeleteRange(op.key, op.end)
		case op.del:
			err = w.Delete(op.key)
		default:
			err = w.Put(op.key, op.value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (b *overlayBatch) Close() {}

// overlayIterator merges two sorted iterators, hiding deleted base keys.
type overlayIterator struct {
	base, mem     ethdb.Iterator
	baseOK, memOK bool
	first         bool
	deleted       map[string]struct{}
	key, value    []byte
}

func (it *overlayIterator) advanceBase() {
	for it.baseOK = it.base.Next(); it.baseOK; it.baseOK = it.base.Next() {
		if _, gone := it.deleted[string(it.base.Key())]; !gone {
			return
		}
	}
}

func (it *overlayIterator) Next() bool {
	if it.first {
		it.first = false
		it.advanceBase()
		it.memOK = it.mem.Next()
	}
	switch {
	case !it.baseOK && !it.memOK:
		it.key, it.value = nil, nil
		return false
	case !it.baseOK:
		it.take(it.mem, &it.memOK)
	case !it.memOK:
		it.takeBase()
	default:
		switch c := bytes.Compare(it.base.Key(), it.mem.Key()); {
		case c < 0:
			it.takeBase()
		case c > 0:
			it.take(it.mem, &it.memOK)
		default: // the overlay shadows the base
			it.advanceBase()
			it.take(it.mem, &it.memOK)
		}
	}
	return true
}

func (it *overlayIterator) take(src ethdb.Iterator, ok *bool) {
	it.key, it.value = cloneBytes(src.Key()), cloneBytes(src.Value())
	*ok = src.Next()
}

func (it *overlayIterator) takeBase() {
	it.key, it.value = cloneBytes(it.base.Key()), cloneBytes(it.base.Value())
	it.advanceBase()
}

func (it *overlayIterator) Error() error {
	if err := it.base.Error(); err != nil {
		return err
	}
	return it.mem.Error()
}

func (it *overlayIterator) Key() []byte   { return it.key }
func (it *overlayIterator) Value() []byte { return it.value }

func (it *overlayIterator) Release() {
	it.base.Release()
	it.mem.Release()
}
