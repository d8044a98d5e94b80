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
	"bytes"
	"encoding/binary"
	"errors"
	"iter"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/trie/bintrie"
)

// UBTStems returns the stems of the binary trie (EIP-7864) that holds the
// accounts, in key order: each account's basic data and code hash, its
// storage and its code chunks, laid out as bintrie.BinaryTrie lays them out.
func UBTStems(accounts []*Account) []*Stem {
	stems := map[[bintrie.StemSize]byte]*Stem{}
	put := func(key []byte, value []byte) {
		var k [bintrie.StemSize]byte
		copy(k[:], key[:bintrie.StemSize])
		s := stems[k]
		if s == nil {
			s = &Stem{Key: k}
			stems[k] = s
		}
		s.Values[key[bintrie.StemSize]] = value
	}
	for _, a := range accounts {
		acct := (&HashedAccount{Nonce: a.Nonce, Balance: a.Balance, Code: a.Code}).stateAccount(types.EmptyRootHash)
		put(bintrie.GetBinaryTreeKeyBasicData(a.Address), basicData(&acct, len(a.Code)))
		put(bintrie.GetBinaryTreeKeyCodeHash(a.Address), acct.CodeHash)
		for k, v := range a.Storage {
			if v != (common.Hash{}) {
				put(bintrie.GetBinaryTreeKeyStorageSlot(a.Address, k[:]), bytes.Clone(v[:]))
			}
		}
		chunks := bintrie.ChunkifyCode(a.Code)
		for i := 0; i < len(chunks); i += bintrie.HashSize {
			var offset [bintrie.HashSize]byte
			binary.BigEndian.PutUint64(offset[24:], uint64(128+i/bintrie.HashSize))
			put(bintrie.GetBinaryTreeKey(a.Address, offset[:]), chunks[i:i+bintrie.HashSize])
		}
	}
	sorted := make([]*Stem, 0, len(stems))
	for _, s := range stems {
		sorted = append(sorted, s)
	}
	slices.SortFunc(sorted, func(a, b *Stem) int { return bytes.Compare(a.Key[:], b.Key[:]) })
	return sorted
}

// basicData is an account's basic data leaf: code size, nonce and balance.
// A balance over 16 bytes loses its first 16, as bintrie.BinaryTrie's
// UpdateAccount cuts it (only a dev-mode allocation has one).
func basicData(acct *types.StateAccount, codeLen int) []byte {
	var leaf [bintrie.HashSize]byte
	binary.BigEndian.PutUint32(leaf[bintrie.BasicDataCodeSizeOffset-1:], uint32(codeLen))
	binary.BigEndian.PutUint64(leaf[bintrie.BasicDataNonceOffset:], acct.Nonce)
	balance := acct.Balance.Bytes()
	if len(balance) > 16 {
		balance = balance[16:]
	}
	copy(leaf[bintrie.HashSize-len(balance):], balance)
	return leaf[:]
}

// writeUBT writes the source as the path scheme stores a binary-trie state:
// the trie's nodes serialized with the group depth and the flat state, both
// under pathdb's binary-trie prefix, and the code. The trie and the flat
// state are written at once, by two goroutines: the trie's nodes to trieDB,
// the flat state and the code to flatDB (the same database if it is safe
// for concurrent use). It returns the state root.
func writeUBT(trieDB, flatDB ethdb.KeyValueWriter, groupDepth int, src Source) (common.Hash, error) {
	if src.Stems == nil {
		return common.Hash{}, errors.New("a binary-trie state needs its stems")
	}
	var (
		root    common.Hash
		trieErr = make(chan error, 1)
	)
	go func() {
		var err error
		root, err = writeBinTrie(trieDB, groupDepth, src.Stems)
		trieErr <- err
	}()
	flatErr := writeUBTFlatState(flatDB, src)
	if err := errors.Join(<-trieErr, flatErr); err != nil {
		return common.Hash{}, err
	}
	return root, nil
}

// writeBinTrie writes the binary trie of the stems, which a goroutine of
// their own produces.
func writeBinTrie(db ethdb.KeyValueWriter, groupDepth int, stems iter.Seq2[*Stem, error]) (common.Hash, error) {
	stems, stopStems := prefetch(stems)
	defer stopStems()
	next, stop := iter.Pull2(stems)
	defer stop()
	w := &stateWriter{db: db, prefix: rawdb.VerklePrefix}
	root, err := BuildBinTrie(groupDepth, func() (*Stem, error) {
		s, err, _ := next()
		return s, err
	}, func(path, blob []byte) error {
		w.put(blob, rawdb.VerklePrefix, rawdb.TrieNodeAccountPrefix, path)
		return w.err
	})
	if err != nil {
		return common.Hash{}, err
	}
	return root, w.err
}

// writeUBTFlatState writes the flat state of a binary-trie state and the
// code.
func writeUBTFlatState(db ethdb.KeyValueWriter, src Source) error {
	w := &stateWriter{db: db, prefix: rawdb.VerklePrefix}
	return src.accounts(func(a *HashedAccount) error {
		// The binary trie has no storage tries: the flat state's accounts
		// carry the empty root, as geth's do.
		return w.flatAccount(a, func(flat func(Slot, []byte)) (common.Hash, error) {
			return types.EmptyRootHash, a.slots(func(s Slot) error {
				enc, err := rlp.EncodeToBytes(s.Value)
				flat(s, enc)
				return err
			})
		})
	})
}
