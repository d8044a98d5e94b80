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
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// prefillState commits n accounts with n slots each and returns a reader of it.
func prefillState(t *testing.T, n int) Reader {
	t.Helper()
	db := NewDatabaseForTesting()
	sdb, _ := New(types.EmptyRootHash, db)
	for i := 0; i < n; i++ {
		addr := common.Address{byte(i + 1)}
		sdb.SetBalance(addr, uint256.NewInt(uint64(100+i)), tracing.BalanceChangeUnspecified)
		for j := 0; j < n; j++ {
			sdb.SetState(addr, common.Hash{byte(j + 1)}, common.Hash{byte(i + 1), byte(j + 1)})
		}
	}
	root, err := sdb.Commit(params.TestRules, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := db.Reader(root)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPrefilledReaderFetch checks that fetched state is served from memory,
// and that reads of unlisted state still reach the database and are counted.
func TestPrefilledReaderFetch(t *testing.T) {
	base := prefillState(t, 8)
	fill := &BlockPrefill{FetchSlots: make(map[common.Address][]common.Hash)}
	for i := 0; i < 4; i++ {
		addr := common.Address{byte(i + 1)}
		fill.FetchAccounts = append(fill.FetchAccounts, addr)
		fill.FetchSlots[addr] = []common.Hash{{1}, {2}}
	}
	r, stats, stop := NewPrefilledBlockReader(base, fill, 3)
	defer stop()
	if stats.AccountsFetched != 4 || stats.SlotsFetched != 8 || stats.AccountsInjected != 0 {
		t.Fatalf("stats %+v, want 4 accounts and 8 slots fetched", stats)
	}
	for i := 0; i < 4; i++ {
		addr := common.Address{byte(i + 1)}
		acct, err := r.Account(addr)
		if err != nil || acct == nil || acct.Balance.Uint64() != uint64(100+i) {
			t.Fatalf("account %d: %v %v", i, acct, err)
		}
		v, _ := r.Storage(addr, common.Hash{2})
		if v != (common.Hash{byte(i + 1), 2}) {
			t.Fatalf("slot of account %d: %x", i, v)
		}
	}
	if a, s := stats.ExecutionReads(); a != 0 || s != 0 {
		t.Fatalf("listed state read from the database: %d accounts, %d slots", a, s)
	}
	r.Account(common.Address{7})
	r.Storage(common.Address{1}, common.Hash{5})
	r.Storage(common.Address{1}, common.Hash{5})
	if a, s := stats.ExecutionReads(); a != 1 || s != 1 {
		t.Fatalf("unlisted reads: %d accounts, %d slots, want 1 and 1", a, s)
	}
}

// TestPrefilledReaderInject checks that injected values are served as given,
// without a database read, even where they differ from the database.
func TestPrefilledReaderInject(t *testing.T) {
	base := prefillState(t, 2)
	addr, gone := common.Address{1}, common.Address{2}
	fill := &BlockPrefill{
		Accounts: map[common.Address]*types.StateAccount{
			addr: {Nonce: 9, Balance: uint256.NewInt(5), Root: types.EmptyRootHash, CodeHash: types.EmptyCodeHash[:]},
			gone: nil,
		},
		Storage: map[common.Address]map[common.Hash]common.Hash{
			addr: {{1}: {0x42}, {9}: {0x43}},
		},
	}
	r, stats, stop := NewPrefilledBlockReader(base, fill, 25)
	defer stop()
	if stats.AccountsInjected != 2 || stats.SlotsInjected != 2 || stats.AccountsFetched != 0 {
		t.Fatalf("stats %+v, want 2 accounts and 2 slots injected", stats)
	}
	if acct, _ := r.Account(addr); acct == nil || acct.Nonce != 9 || acct.Balance.Uint64() != 5 {
		t.Fatalf("injected account not served: %+v", acct)
	}
	if acct, _ := r.Account(gone); acct != nil {
		t.Fatalf("account injected as absent served as %+v", acct)
	}
	if v, _ := r.Storage(addr, common.Hash{1}); v != (common.Hash{0x42}) {
		t.Fatalf("injected slot served as %x", v)
	}
	if a, s := stats.ExecutionReads(); a != 0 || s != 0 {
		t.Fatalf("injected state read from the database: %d accounts, %d slots", a, s)
	}
	// Injected values are copies: changing the returned account must not change
	// what the next reader sees.
	fill.Accounts[addr].Nonce = 1
	if acct, _ := r.Account(addr); acct.Nonce != 9 {
		t.Fatal("injected account aliases the caller's value")
	}
}

// TestPrefilledReaderCode checks that the code of listed contracts is loaded
// before execution, so that execution reads it from the cache, and that code
// of unlisted contracts is counted as read during execution.
func TestPrefilledReaderCode(t *testing.T) {
	db := NewDatabaseForTesting()
	sdb, _ := New(types.EmptyRootHash, db)
	listed, unlisted := common.Address{1}, common.Address{2}
	sdb.SetCode(listed, []byte{0x60, 0x01, 0x00}, tracing.CodeChangeUnspecified)
	sdb.SetCode(unlisted, []byte{0x60, 0x02, 0x00}, tracing.CodeChangeUnspecified)
	root, err := sdb.Commit(params.TestRules, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A fresh database, so that no code is cached before the prefill.
	base, err := NewDatabase(db.TrieDB(), nil).Reader(root)
	if err != nil {
		t.Fatal(err)
	}
	r, stats, stop := NewPrefilledBlockReader(base, &BlockPrefill{FetchAccounts: []common.Address{listed}}, 4)
	defer stop()
	if stats.CodesFetched != 1 || stats.CodeBytes != 3 {
		t.Fatalf("%d codes (%d bytes) fetched, want 1 (3 bytes)", stats.CodesFetched, stats.CodeBytes)
	}
	acct, _ := r.Account(listed)
	if code := r.Code(listed, common.BytesToHash(acct.CodeHash)); len(code) != 3 {
		t.Fatalf("listed code read as %x", code)
	}
	if n := stats.ExecutionCodeReads(); n != 0 {
		t.Fatalf("listed code read from the database %d times during execution", n)
	}
	acct, _ = r.Account(unlisted)
	r.Code(unlisted, common.BytesToHash(acct.CodeHash))
	if n := stats.ExecutionCodeReads(); n != 1 {
		t.Fatalf("unlisted code: %d reads counted, want 1", n)
	}
}

// gatedSlots is a state reader whose slot reads block until the gate is
// closed, counting the reads that reached it.
type gatedSlots struct {
	StateReader
	gate  chan struct{}
	reads atomic.Int64
}

func (r *gatedSlots) Storage(addr common.Address, slot common.Hash) (common.Hash, error) {
	<-r.gate
	r.reads.Add(1)
	return r.StateReader.Storage(addr, slot)
}

// TestPrefilledReaderSlotsBeside checks that the listed slots are fetched
// beside execution: the reader is returned while the slot reads cannot
// proceed, the fetch completes once they can, stop times it, and the listed slots are then served from memory without counting as
// reads the list missed.
func TestPrefilledReaderSlotsBeside(t *testing.T) {
	base := prefillState(t, 4)
	gated := &gatedSlots{StateReader: base, gate: make(chan struct{})}
	addr := common.Address{1}
	fill := &BlockPrefill{
		FetchAccounts: []common.Address{addr},
		FetchSlots:    map[common.Address][]common.Hash{addr: {{1}, {2}, {3}}},
	}
	returned := make(chan struct{})
	var (
		r     Reader
		stats *PrefillStats
		stop  func()
	)
	go func() {
		r, stats, stop = NewPrefilledBlockReader(newReader(base, gated), fill, 2)
		close(returned)
	}()
	select {
	case <-returned:
	case <-time.After(10 * time.Second):
		t.Fatal("the reader waited for the slot fetch")
	}
	if n := gated.reads.Load(); n != 0 {
		t.Fatalf("%d slots read while the gate was shut", n)
	}
	close(gated.gate)
	for deadline := time.Now().Add(10 * time.Second); gated.reads.Load() < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d slots fetched, want 3", gated.reads.Load())
		}
	}
	stop()
	if stats.SlotsFetched != 3 || stats.SlotFetchTime <= 0 {
		t.Fatalf("stats %+v, want 3 slots fetched and their time", stats)
	}
	for j := 1; j <= 3; j++ {
		if v, _ := r.Storage(addr, common.Hash{byte(j)}); v != (common.Hash{1, byte(j)}) {
			t.Fatalf("slot %d served as %x", j, v)
		}
	}
	if n := gated.reads.Load(); n != 3 {
		t.Fatalf("listed slots read again after the fetch: %d reads", n)
	}
	if _, s := stats.ExecutionReads(); s != 0 {
		t.Fatalf("%d listed slot reads counted as missed by the list", s)
	}
	stop() // a second stop is harmless
}

// TestPrefilledReaderSlotRace checks that a listed slot read by execution
// before the fetch reached it is served right and is not counted as missed
// by the list, while an unlisted slot is.
func TestPrefilledReaderSlotRace(t *testing.T) {
	base := prefillState(t, 4)
	gated := &gatedSlots{StateReader: base, gate: make(chan struct{})}
	addr := common.Address{2}
	fill := &BlockPrefill{FetchSlots: map[common.Address][]common.Hash{addr: {{1}}}}
	r, stats, stop := NewPrefilledBlockReader(newReader(base, gated), fill, 1)
	done := make(chan common.Hash)
	go func() {
		v, _ := r.Storage(addr, common.Hash{1})
		done <- v
	}()
	close(gated.gate)
	if v := <-done; v != (common.Hash{2, 1}) {
		t.Fatalf("listed slot served as %x", v)
	}
	r.Storage(addr, common.Hash{4})
	stop()
	if _, s := stats.ExecutionReads(); s != 1 {
		t.Fatalf("%d slot reads counted as missed by the list, want 1 (the unlisted one)", s)
	}
}

// TestPrefilledReaderSlotsBefore checks that with SlotsBefore the reader is
// returned only once every listed slot is fetched, with the fetch timed.
func TestPrefilledReaderSlotsBefore(t *testing.T) {
	base := prefillState(t, 4)
	gated := &gatedSlots{StateReader: base, gate: make(chan struct{})}
	addr := common.Address{3}
	fill := &BlockPrefill{
		FetchSlots:  map[common.Address][]common.Hash{addr: {{1}, {2}, {3}}},
		SlotsBefore: true,
	}
	returned := make(chan *PrefillStats)
	go func() {
		_, stats, stop := NewPrefilledBlockReader(newReader(base, gated), fill, 2)
		defer stop()
		returned <- stats
	}()
	select {
	case <-returned:
		t.Fatal("the reader was returned before the slots were fetched")
	case <-time.After(50 * time.Millisecond):
	}
	close(gated.gate)
	stats := <-returned
	if n := gated.reads.Load(); n != 3 {
		t.Fatalf("%d slots fetched when the reader was returned, want 3", n)
	}
	if stats.SlotsFetched != 3 || stats.SlotFetchTime <= 0 || stats.PrefetchTime < stats.SlotFetchTime {
		t.Fatalf("stats %+v, want 3 slots fetched, timed within the prefetch time", stats)
	}
}
