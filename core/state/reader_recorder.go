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
	"github.com/ethereum/go-ethereum/core/types"
)

// PrestateRecorder wraps the state reader of one block and records the first
// answer it gives for every account and storage slot. The reader reads the
// parent state, and a StateDB asks it only for state it has not loaded yet, so
// what the recorder holds after the block is the block-level pre-state of
// everything the block read: before its first transaction and before its
// system calls, including the state of reverted calls, of the fee recipient
// and of withdrawal recipients, and accounts that did not exist (recorded as
// nil). Code passes through unrecorded: it is read by hash.
//
// A PrestateRecorder is safe for concurrent use, as a Reader must be. It is
// used for one block and then discarded.
type PrestateRecorder struct {
	Reader

	lock     sync.Mutex
	accounts map[common.Address]*types.StateAccount
	storage  map[common.Address]map[common.Hash]common.Hash
}

// NewPrestateRecorder wraps base, the reader of a block's parent state.
func NewPrestateRecorder(base Reader) *PrestateRecorder {
	return &PrestateRecorder{
		Reader:   base,
		accounts: make(map[common.Address]*types.StateAccount),
		storage:  make(map[common.Address]map[common.Hash]common.Hash),
	}
}

// Account implements StateReader, recording the account the first time it is
// read.
func (r *PrestateRecorder) Account(addr common.Address) (*types.StateAccount, error) {
	acct, err := r.Reader.Account(addr)
	if err != nil {
		return nil, err
	}
	r.lock.Lock()
	defer r.lock.Unlock()
	r.recordAccount(addr, acct)
	return acct, nil
}

// Storage implements StateReader, recording the slot the first time it is
// read. A slot's account is recorded too, so that every recorded slot has its
// account's pre-state beside it.
func (r *PrestateRecorder) Storage(addr common.Address, slot common.Hash) (common.Hash, error) {
	value, err := r.Reader.Storage(addr, slot)
	if err != nil {
		return common.Hash{}, err
	}
	r.lock.Lock()
	_, known := r.accounts[addr]
	slots := r.storage[addr]
	if slots == nil {
		slots = make(map[common.Hash]common.Hash)
		r.storage[addr] = slots
	}
	if _, ok := slots[slot]; !ok {
		slots[slot] = value
	}
	r.lock.Unlock()

	if !known {
		acct, err := r.Reader.Account(addr)
		if err != nil {
			return common.Hash{}, err
		}
		r.lock.Lock()
		r.recordAccount(addr, acct)
		r.lock.Unlock()
	}
	return value, nil
}

// recordAccount keeps the first answer for addr. The caller holds the lock.
func (r *PrestateRecorder) recordAccount(addr common.Address, acct *types.StateAccount) {
	if _, ok := r.accounts[addr]; ok {
		return
	}
	if acct != nil {
		acct = acct.Copy()
	}
	r.accounts[addr] = acct
}

// Prestate returns what was recorded: every account read (nil if it did not
// exist) and every slot read, with their pre-block values. The maps are the
// recorder's own; call it once the block is done.
func (r *PrestateRecorder) Prestate() (map[common.Address]*types.StateAccount, map[common.Address]map[common.Hash]common.Hash) {
	r.lock.Lock()
	defer r.lock.Unlock()
	return r.accounts, r.storage
}
