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
	prefix    []byte // pathdb's namespace of the state: none, or the binary trie's
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

// code writes an account's code, outside pathdb's namespace. The empty code
// is written once, as geth's genesis commit writes it for the accounts
// without code.
func (w *stateWriter) code(a *HashedAccount, codeHash []byte) {
	if len(a.Code) == 0 {
		if !w.emptyCode {
			w.put(nil, rawdb.CodePrefix, types.EmptyCodeHash[:])
			w.emptyCode = true
		}
		return
	}
	w.put(a.Code, rawdb.CodePrefix, codeHash)
}

// flatAccount writes the account's flat-state entries and its code:
// storageRoot walks the account's storage, passing every slot with its
// encoded value to the flat-state writer, and returns the storage root the
// account carries.
func (w *stateWriter) flatAccount(a *HashedAccount, storageRoot func(func(Slot, []byte)) (common.Hash, error)) error {
	root, err := storageRoot(func(s Slot, enc []byte) {
		w.put(enc, w.prefix, rawdb.SnapshotStoragePrefix, a.Hash[:], s.Hash[:])
	})
	if err != nil {
		return err
	}
	acct := a.stateAccount(root)
	w.put(types.SlimAccountRLP(acct), w.prefix, rawdb.SnapshotAccountPrefix, a.Hash[:])
	w.code(a, acct.CodeHash)
	return w.err
}

// writeMPT writes the source as the path scheme stores a Merkle-Patricia
// state: the account trie's nodes, every storage trie's, the flat state and
// the code. The tries are stack tries, fed in key order, so each node is
// hashed and written once; the accounts are produced by a goroutine of their
// own. It returns the state root.
func writeMPT(db ethdb.KeyValueWriter, src Source) (common.Hash, error) {
	accounts, stop := prefetchAccounts(src.Accounts)
	defer stop()
	src.Accounts = accounts
	w := &stateWriter{db: db}
	accountTrie := trie.NewStackTrie(func(path []byte, _ common.Hash, blob []byte) {
		w.put(blob, rawdb.TrieNodeAccountPrefix, path)
	})
	err := src.accounts(func(a *HashedAccount) error {
		var root common.Hash
		err := w.flatAccount(a, func(flat func(Slot, []byte)) (common.Hash, error) {
			storageTrie := trie.NewStackTrie(func(path []byte, _ common.Hash, blob []byte) {
				w.put(blob, rawdb.TrieNodeStoragePrefix, a.Hash[:], path)
			})
			err := a.slots(func(s Slot) error {
				enc, err := rlp.EncodeToBytes(s.Value)
				if err != nil {
					return err
				}
				flat(s, enc)
				return storageTrie.Update(s.Hash[:], enc)
			})
			root = storageTrie.Hash()
			return root, err
		})
		if err != nil {
			return err
		}
		acct := a.stateAccount(root)
		enc, err := rlp.EncodeToBytes(&acct)
		if err != nil {
			return err
		}
		return accountTrie.Update(a.Hash[:], enc)
	})
	if err != nil {
		return common.Hash{}, err
	}
	root := accountTrie.Hash()
	return root, w.err
}
