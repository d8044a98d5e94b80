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

package state

import (
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/trie/pbt"
	"github.com/ethereum/go-ethereum/triedb"
)

// PBTDatabase is the state database of a chain whose state is committed to
// EIP-8297's partitioned binary tree. Like UBTDatabase it holds one unified
// tree for accounts, storage and code, and keeps the same flat state in the
// path database; only the tree differs.
type PBTDatabase struct {
	triedb *triedb.Database
	codedb *CodeDB
}

// NewPBTDatabase creates a state database over a trie database that holds a
// partitioned binary tree (triedb.Config.IsPBT).
func NewPBTDatabase(triedb *triedb.Database, codedb *CodeDB) *PBTDatabase {
	if codedb == nil {
		codedb = NewCodeDB(triedb.Disk())
	}
	return &PBTDatabase{triedb: triedb, codedb: codedb}
}

// Type returns TypeUBT: the state is a unified binary tree, with no storage
// tries, which is what the state code distinguishes by the type.
func (db *PBTDatabase) Type() DatabaseType { return TypeUBT }

// StateReader returns a state reader for the state at stateRoot: the flat
// state of the path database where it covers the state, the tree otherwise.
func (db *PBTDatabase) StateReader(stateRoot common.Hash) (StateReader, error) {
	var readers []StateReader
	if db.triedb.Scheme() == rawdb.PathScheme {
		if reader, err := db.triedb.StateReader(stateRoot); err == nil {
			readers = append(readers, newUBTFlatReader(reader))
		}
	}
	tr, err := pbt.New(stateRoot, db.triedb, db.triedb.BinTrieGroupDepth())
	if err != nil {
		return nil, err
	}
	readers = append(readers, &pbtTrieReader{tr: tr})
	return newMultiStateReader(readers...)
}

// Reader returns a state and code reader for the state at stateRoot.
func (db *PBTDatabase) Reader(stateRoot common.Hash) (Reader, error) {
	sr, err := db.StateReader(stateRoot)
	if err != nil {
		return nil, err
	}
	return newReader(db.codedb.Reader(), sr), nil
}

// ReadersWithCacheStats returns two readers of the state at stateRoot that
// share a state cache and keep their own statistics.
func (db *PBTDatabase) ReadersWithCacheStats(stateRoot common.Hash) (Reader, Reader, error) {
	r, err := db.StateReader(stateRoot)
	if err != nil {
		return nil, nil, err
	}
	sr := newStateReaderWithCache(r)
	ra := newReader(db.codedb.Reader(), newStateReaderWithStats(sr))
	rb := newReader(db.codedb.Reader(), newStateReaderWithStats(sr))
	return ra, rb, nil
}

// OpenTrie opens the tree at root.
func (db *PBTDatabase) OpenTrie(root common.Hash) (Trie, error) {
	return pbt.New(root, db.triedb, db.triedb.BinTrieGroupDepth())
}

// OpenStorageTrie returns the tree itself: storage lives in it.
func (db *PBTDatabase) OpenStorageTrie(stateRoot common.Hash, address common.Address, root common.Hash, self Trie) (Trie, error) {
	return self, nil
}

// TrieDB returns the trie database.
func (db *PBTDatabase) TrieDB() *triedb.Database { return db.triedb }

// Commit writes the code, the tree's records and the flat state of update.
func (db *PBTDatabase) Commit(update *StateUpdate) error {
	if update.Empty() {
		return nil
	}
	if len(update.Codes) > 0 {
		batch := db.codedb.NewBatchWithSize(len(update.Codes))
		for _, code := range update.Codes {
			batch.Put(code.Hash, code.Blob)
		}
		if err := batch.Commit(); err != nil {
			return err
		}
	}
	accounts, accountOrigin, storages, storageOrigin := update.EncodeUBTState()
	return db.triedb.Update(update.Root, update.OriginRoot, update.BlockNumber, update.Nodes, &triedb.StateSet{
		Accounts:       accounts,
		AccountsOrigin: accountOrigin,
		Storages:       storages,
		StoragesOrigin: storageOrigin,
		RawStorageKey:  update.StorageKeyType == StorageKeyPlain,
	})
}

// Iteratee returns a state iteratee for the state at root.
func (db *PBTDatabase) Iteratee(root common.Hash) (Iteratee, error) {
	return newStateIteratee(false, root, db.triedb, nil)
}

// pbtTrieReader reads state from a partitioned binary tree. It is safe for
// concurrent use: the tree loads records as it reads, under the lock.
type pbtTrieReader struct {
	tr   *pbt.Trie
	lock sync.Mutex
}

// Account implements StateReader.
func (r *pbtTrieReader) Account(addr common.Address) (*types.StateAccount, error) {
	r.lock.Lock()
	defer r.lock.Unlock()
	return r.tr.GetAccount(addr)
}

// Storage implements StateReader.
func (r *pbtTrieReader) Storage(addr common.Address, key common.Hash) (common.Hash, error) {
	r.lock.Lock()
	defer r.lock.Unlock()
	v, err := r.tr.GetStorage(addr, key[:])
	if err != nil {
		return common.Hash{}, err
	}
	return common.BytesToHash(v), nil
}
