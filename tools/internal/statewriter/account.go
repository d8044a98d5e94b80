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
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// Account is one account of a state held in memory, with its code and
// storage: the convenient form of a small state (FromAccounts).
type Account struct {
	Address common.Address
	Nonce   uint64
	Balance *uint256.Int // nil: zero
	Code    []byte
	Storage map[common.Hash]common.Hash // zero values are not stored
}

// AccountsOf returns the accounts of a genesis alloc, to write as a state.
func AccountsOf(alloc types.GenesisAlloc) ([]*Account, error) {
	accounts := make([]*Account, 0, len(alloc))
	for addr, ga := range alloc {
		a := &Account{Address: addr, Nonce: ga.Nonce, Code: ga.Code, Storage: ga.Storage}
		if ga.Balance != nil {
			b, overflow := uint256.FromBig(ga.Balance)
			if overflow || ga.Balance.Sign() < 0 {
				return nil, fmt.Errorf("account %s: balance %v does not fit 256 bits", addr, ga.Balance)
			}
			a.Balance = b
		}
		accounts = append(accounts, a)
	}
	return accounts, nil
}

// FromAccounts returns the state of the accounts as a Source, sorted in
// memory.
func FromAccounts(accounts []*Account) Source {
	hashed := make([]*HashedAccount, len(accounts))
	for i, a := range accounts {
		hashed[i] = a.Hashed()
	}
	slices.SortFunc(hashed, func(a, b *HashedAccount) int { return bytes.Compare(a.Hash[:], b.Hash[:]) })
	return Source{
		Accounts: SliceSeq(hashed),
		Stems: func(yield func(*Stem, error) bool) {
			for s, err := range SliceSeq(UBTStems(accounts)) {
				if !yield(s, err) {
					return
				}
			}
		},
	}
}

// Hashed returns the account keyed by its address hash, with its non-zero
// slots sorted by their hashed keys.
func (a *Account) Hashed() *HashedAccount {
	h := &HashedAccount{Hash: crypto.Keccak256Hash(a.Address[:]), Nonce: a.Nonce, Balance: a.Balance, Code: a.Code}
	var slots []Slot
	for k, v := range a.Storage {
		if v != (common.Hash{}) {
			slots = append(slots, Slot{Hash: crypto.Keccak256Hash(k[:]), Value: common.TrimLeftZeroes(bytes.Clone(v[:]))})
		}
	}
	slices.SortFunc(slots, func(a, b Slot) int { return bytes.Compare(a.Hash[:], b.Hash[:]) })
	if len(slots) > 0 {
		h.Storage = SliceSeq(slots)
	}
	return h
}

// SliceSeq yields the elements of s without error.
func SliceSeq[T any](s []T) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for _, v := range s {
			if !yield(v, nil) {
				return
			}
		}
	}
}
