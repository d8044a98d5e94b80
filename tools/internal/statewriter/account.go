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
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/holiman/uint256"
)

// Account is one account of a state to write, with its code and storage.
type Account struct {
	Address common.Address
	Nonce   uint64
	Balance *uint256.Int // nil: zero
	Code    []byte
	Storage map[common.Hash]common.Hash // zero values are not stored
}

// stateAccount returns the account as the trie holds it, with the given
// storage root.
func (a *Account) stateAccount(storageRoot common.Hash) types.StateAccount {
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

// hashedSlot is a storage slot keyed as the MPT and the flat state key it,
// with its value in their encoding.
type hashedSlot struct {
	hash  common.Hash
	value []byte // RLP of the value without leading zeros
}

// hashedStorage returns the account's non-zero slots in the order of their
// hashed keys.
func (a *Account) hashedStorage() []hashedSlot {
	slots := make([]hashedSlot, 0, len(a.Storage))
	for k, v := range a.Storage {
		if v == (common.Hash{}) {
			continue
		}
		enc, _ := rlp.EncodeToBytes(common.TrimLeftZeroes(v[:]))
		slots = append(slots, hashedSlot{hash: crypto.Keccak256Hash(k[:]), value: enc})
	}
	slices.SortFunc(slots, func(a, b hashedSlot) int { return bytes.Compare(a.hash[:], b.hash[:]) })
	return slots
}

// sortByAddressHash returns the accounts with their address hashes, in the
// order of those hashes: the order of the MPT and of the flat state.
func sortByAddressHash(accounts []*Account) ([]common.Hash, []*Account) {
	type keyed struct {
		hash common.Hash
		acct *Account
	}
	ks := make([]keyed, len(accounts))
	for i, a := range accounts {
		ks[i] = keyed{crypto.Keccak256Hash(a.Address[:]), a}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return bytes.Compare(a.hash[:], b.hash[:]) })
	hashes, sorted := make([]common.Hash, len(ks)), make([]*Account, len(ks))
	for i, k := range ks {
		hashes[i], sorted[i] = k.hash, k.acct
	}
	return hashes, sorted
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
