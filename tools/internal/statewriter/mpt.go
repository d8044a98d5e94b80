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
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/trie"
)

// stateWriter puts a state's keys into a database, keeping the first error
// (the trie builders' node callbacks cannot return one).
type stateWriter struct {
	db        ethdb.KeyValueWriter
	err       error
	key       []byte
	emptyCode bool // the empty code is written
}

// put writes the key made of parts.
func (w *stateWriter) put(value []byte, parts ...[]byte) {
	if w.err != nil {
		return
	}
	w.key = w.key[:0]
	for _, p := range parts {
		w.key = append(w.key, p...)
	}
	w.err = w.db.Put(w.key, value)
}

// code writes an account's code. The empty code is written once, as geth's
// genesis commit writes it for the accounts without code.
func (w *stateWriter) code(a *Account) {
	if len(a.Code) == 0 {
		if !w.emptyCode {
			w.put(nil, rawdb.CodePrefix, types.EmptyCodeHash[:])
			w.emptyCode = true
		}
		return
	}
	w.put(a.Code, rawdb.CodePrefix, a.stateAccount(common.Hash{}).CodeHash)
}

// writeMPT writes the accounts as the path scheme stores a Merkle-Patricia
// state: the account trie's nodes, every storage trie's, the flat state and
// the code. The accounts are sorted by address hash here; the tries are built
// with stack tries, so each node is written once. It returns the state root.
func writeMPT(db ethdb.KeyValueWriter, accounts []*Account) (common.Hash, error) {
	w := &stateWriter{db: db}
	accountTrie := trie.NewStackTrie(func(path []byte, _ common.Hash, blob []byte) {
		w.put(blob, rawdb.TrieNodeAccountPrefix, path)
	})
	hashes, sorted := sortByAddressHash(accounts)
	for i, a := range sorted {
		h := hashes[i]
		storageTrie := trie.NewStackTrie(func(path []byte, _ common.Hash, blob []byte) {
			w.put(blob, rawdb.TrieNodeStoragePrefix, h[:], path)
		})
		for _, s := range a.hashedStorage() {
			storageTrie.Update(s.hash[:], s.value)
			w.put(s.value, rawdb.SnapshotStoragePrefix, h[:], s.hash[:])
		}
		acct := a.stateAccount(storageTrie.Hash())
		enc, err := rlp.EncodeToBytes(&acct)
		if err != nil {
			return common.Hash{}, err
		}
		accountTrie.Update(h[:], enc)
		w.put(types.SlimAccountRLP(acct), rawdb.SnapshotAccountPrefix, h[:])
		w.code(a)
		if w.err != nil {
			return common.Hash{}, w.err
		}
	}
	root := accountTrie.Hash()
	return root, w.err
}
