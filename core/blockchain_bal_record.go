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

package core

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
)

// BALRecorder writes a Type-4 BAL sidecar of the blocks a chain executes: for
// each block, every account and storage slot its execution read from the
// parent state (system calls, fee recipient, withdrawals and reverted calls
// included), with the values they had before the block. Such a sidecar lists
// all the state a block reads, so a Type-4 import of the same blocks reads no
// account or slot from the database. Entries carry write sets (format version
// 2): the accounts and slots whose values the block changes, the trie paths a
// Type-4 import warms for the trie update.
//
// The sidecar is written to a temporary file beside the target as blocks are
// executed, and moved into place by Close; Abort removes it. Nothing is
// created before the first block is recorded or Close is called. Blocks must
// be executed in ascending order, as geth import does. Methods are safe for
// concurrent use.
type BALRecorder struct {
	path string

	lock   sync.Mutex
	tmp    *os.File
	writer *balsidecar.Writer
	err    error // first error; later blocks are not recorded
}

// NewBALRecorder prepares a sidecar at path: JSON if the name ends in .json,
// the binary form otherwise. An existing file at path is only replaced by
// Close.
func NewBALRecorder(path string) (*BALRecorder, error) {
	if info, err := os.Stat(filepath.Dir(path)); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("BAL record %s: directory %s does not exist", path, filepath.Dir(path))
	}
	return &BALRecorder{path: path}, nil
}

// open creates the temporary file and starts the sidecar. The caller holds
// the lock.
func (r *BALRecorder) open() error {
	if r.writer != nil || r.err != nil {
		return r.err
	}
	tmp, err := os.CreateTemp(filepath.Dir(r.path), filepath.Base(r.path)+".tmp-*")
	if err != nil {
		r.err = err
		return err
	}
	w, err := balsidecar.NewWriter(tmp, balsidecar.TypeFullPrestate, true, strings.HasSuffix(r.path, ".json"))
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		r.err = err
		return err
	}
	r.tmp, r.writer = tmp, w
	return nil
}

// Blocks returns the number of blocks recorded so far.
func (r *BALRecorder) Blocks() int {
	r.lock.Lock()
	defer r.lock.Unlock()
	if r.writer == nil {
		return 0
	}
	return r.writer.Blocks()
}

// Close finishes the sidecar and moves it into place. It returns the first
// error met while recording, if any, and then leaves no file behind.
func (r *BALRecorder) Close() error {
	r.lock.Lock()
	defer r.lock.Unlock()
	err := r.open()
	if err == nil {
		err = r.writer.Close()
	}
	if r.tmp != nil {
		if cerr := r.tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(r.tmp.Name(), r.path)
		}
		if err != nil {
			os.Remove(r.tmp.Name())
		}
	}
	if err != nil {
		return fmt.Errorf("BAL record %s: %w", r.path, err)
	}
	return nil
}

// Abort discards the sidecar.
func (r *BALRecorder) Abort() {
	r.lock.Lock()
	defer r.lock.Unlock()
	if r.tmp != nil {
		r.tmp.Close()
		os.Remove(r.tmp.Name())
	}
}

// record appends the pre-state recorded while the block executed; post is the
// block's state after execution and validation.
func (r *BALRecorder) record(block *types.Block, rec *state.PrestateRecorder, post *state.StateDB) {
	entry := prestateEntry(block, rec, post)
	r.lock.Lock()
	defer r.lock.Unlock()
	if r.open() != nil {
		return
	}
	if err := r.writer.Write(entry); err != nil {
		r.err = fmt.Errorf("block %d (%s): %w", block.NumberU64(), block.Hash().Hex(), err)
	}
}

// prestateEntry turns a block's recorded pre-state into a sidecar entry,
// accounts and keys sorted, with the write sets found by comparing it with
// the post-block state.
func prestateEntry(block *types.Block, rec *state.PrestateRecorder, post *state.StateDB) *balsidecar.Block {
	accounts, storage := rec.Prestate()
	entry := &balsidecar.Block{Number: block.NumberU64(), Hash: block.Hash()}
	for addr, acct := range accounts {
		a := &balsidecar.Account{Address: addr, Absent: acct == nil, Written: accountChanged(acct, addr, post)}
		if acct != nil {
			a.Nonce, a.Balance = acct.Nonce, acct.Balance.Clone()
			a.CodeHash, a.StorageRoot = common.BytesToHash(acct.CodeHash), acct.Root
		}
		for key := range storage[addr] {
			a.Slots = append(a.Slots, key)
		}
		slices.SortFunc(a.Slots, func(x, y common.Hash) int { return bytes.Compare(x[:], y[:]) })
		for _, key := range a.Slots {
			pre := storage[addr][key]
			a.Values = append(a.Values, pre)
			a.SlotWritten = append(a.SlotWritten, post.GetState(addr, key) != pre)
		}
		entry.Accounts = append(entry.Accounts, a)
	}
	slices.SortFunc(entry.Accounts, func(x, y *balsidecar.Account) int { return x.Address.Cmp(y.Address) })
	return entry
}

// accountChanged reports whether the block changed an account: its existence,
// nonce, balance or code, or, on a Merkle-Patricia state, its storage root.
func accountChanged(pre *types.StateAccount, addr common.Address, post *state.StateDB) bool {
	if exists := post.Exist(addr); pre == nil || !exists {
		return (pre == nil) == exists
	}
	if pre.Nonce != post.GetNonce(addr) || !pre.Balance.Eq(post.GetBalance(addr)) || common.BytesToHash(pre.CodeHash) != post.GetCodeHash(addr) {
		return true
	}
	return post.Database().Type().Is(state.TypeMPT) && pre.Root != post.GetStorageRoot(addr)
}

// setupBALRecordState builds the execution state of a block whose pre-state is
// recorded. ok is false when the chain records nothing.
func (bc *BlockChain) setupBALRecordState(sdb state.Database, parentRoot common.Hash, block *types.Block) (statedb *state.StateDB, cleanup func(*blockProcessingResult), ok bool, err error) {
	r := bc.cfg.BALRecorder
	if r == nil {
		return nil, nil, false, nil
	}
	base, err := sdb.Reader(parentRoot)
	if err != nil {
		return nil, nil, true, err
	}
	rec := state.NewPrestateRecorder(base)
	statedb, err = state.NewWithReader(parentRoot, sdb, rec)
	if err != nil {
		return nil, nil, true, err
	}
	return statedb, func(result *blockProcessingResult) {
		if result != nil {
			r.record(block, rec, statedb)
		}
	}, true, nil
}
