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
	"fmt"
	"iter"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// Source is a state to write, as streams in the orders the writer consumes
// them, so that a state larger than memory can be written: each is iterated
// once, and the writer checks the order.
type Source struct {
	// Accounts yields every account in the order of its address hash: the
	// order of the Merkle-Patricia trie and of the flat state.
	Accounts iter.Seq2[*HashedAccount, error]

	// Stems yields the binary trie's stems in key order. A binary-trie
	// state needs it; a Merkle-Patricia one does not.
	Stems iter.Seq2[*Stem, error]
}

// HashedAccount is an account keyed by the hash of its address.
type HashedAccount struct {
	Hash    common.Hash
	Nonce   uint64
	Balance *uint256.Int // nil: zero
	Code    []byte       // nil: none

	// Storage yields the account's non-zero slots in the order of their
	// hashed keys; nil: none.
	Storage iter.Seq2[Slot, error]
}

// Slot is a storage slot keyed by the hash of its key, with its value
// without leading zeros.
type Slot struct {
	Hash  common.Hash
	Value []byte
}

// stateAccount returns the account as the trie holds it, with the given
// storage root.
func (a *HashedAccount) stateAccount(storageRoot common.Hash) types.StateAccount {
	balance := a.Balance
	if balance == nil {
		balance = new(uint256.Int)
	}
	codeHash := types.EmptyCodeHash
	if len(a.Code) > 0 {
		codeHash = crypto.Keccak256Hash(a.Code)
	}
	return types.StateAccount{Nonce: a.Nonce, Balance: balance, Root: storageRoot, CodeHash: codeHash.Bytes()}
}

// slots iterates over the account's storage, checking its order.
func (a *HashedAccount) slots(fn func(Slot) error) error {
	if a.Storage == nil {
		return nil
	}
	var prev *common.Hash
	for s, err := range a.Storage {
		if err != nil {
			return err
		}
		if prev != nil && bytes.Compare(prev[:], s.Hash[:]) >= 0 {
			return fmt.Errorf("account %x: storage out of order: slot %x after %x", a.Hash, s.Hash, *prev)
		}
		if len(s.Value) == 0 || s.Value[0] == 0 {
			return fmt.Errorf("account %x: slot %x has value %x: want a non-zero value without leading zeros", a.Hash, s.Hash, s.Value)
		}
		if err := fn(s); err != nil {
			return err
		}
		h := s.Hash
		prev = &h
	}
	return nil
}

// accounts iterates over the source's accounts, checking their order.
func (src Source) accounts(fn func(*HashedAccount) error) error {
	if src.Accounts == nil {
		return nil
	}
	var prev *common.Hash
	for a, err := range src.Accounts {
		if err != nil {
			return err
		}
		if prev != nil && bytes.Compare(prev[:], a.Hash[:]) >= 0 {
			return fmt.Errorf("accounts out of order: %x after %x", a.Hash, *prev)
		}
		if err := fn(a); err != nil {
			return err
		}
		h := a.Hash
		prev = &h
	}
	return nil
}
