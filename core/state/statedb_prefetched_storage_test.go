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

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// storageCountingReader counts the slot reads that reach the state reader.
type storageCountingReader struct {
	Reader
	slots atomic.Int64
}

func (r *storageCountingReader) Storage(addr common.Address, slot common.Hash) (common.Hash, error) {
	r.slots.Add(1)
	return r.Reader.Storage(addr, slot)
}

// TestLoadPrefetchedStorage schedules the slots of two contracts (existing
// and absent keys; one batch large enough to warm in parallel, one not), an
// account without storage and an absent account, with a prefetcher that
// keeps values, and loads them without waiting for the prefetcher: execution
// then reads every value without the state reader, the values are the
// pre-state's, and changing them gives the same root as a state that read
// them from the database.
func TestLoadPrefetchedStorage(t *testing.T) {
	sdb, root, addrs := warmTestState(t, false, 2, 100)
	var (
		noStorage = common.HexToAddress("0x5107a9e")
		absent    = common.HexToAddress("0xab5e27")
	)
	setup, _ := New(root, sdb)
	setup.SetBalance(noStorage, uint256.NewInt(1), tracing.BalanceChangeUnspecified)
	root, err := setup.Commit(params.Rules{IsEIP158: true}, 1)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[common.Address][]common.Hash{
		addrs[0]:  slotKeys(150), // 100 set, 50 never written
		addrs[1]:  slotKeys(10),
		noStorage: slotKeys(3),
		absent:    slotKeys(3),
	}
	base, err := sdb.Reader(root)
	if err != nil {
		t.Fatal(err)
	}
	reader := &storageCountingReader{Reader: base}
	state, err := NewWithReader(root, sdb, reader)
	if err != nil {
		t.Fatal(err)
	}
	state.SetPrefetchWorkers(8)
	state.SetPrefetchValues(true)
	state.StartPrefetcher("test", nil)
	state.PrefetchAccessList(nil, keys)
	if n, want := state.LoadPrefetchedStorage(keys), 150+10+3; n != want {
		t.Fatalf("loaded %d slots, want %d (every slot of an existing account)", n, want)
	}
	ref, _ := New(root, sdb)
	for addr, ks := range keys {
		for _, key := range ks {
			if got, want := state.GetState(addr, key), ref.GetState(addr, key); got != want {
				t.Fatalf("slot %x of %x: loaded %x, pre-state %x", key, addr, got, want)
			}
		}
	}
	if n := reader.slots.Load(); n != 0 {
		t.Fatalf("%d slot reads reached the state reader after loading", n)
	}
	for _, s := range []*StateDB{state, ref} {
		s.SetState(addrs[0], common.Hash{}, common.Hash{0xff})
		s.SetState(addrs[0], common.BigToHash(common.Big1), common.Hash{})
		s.SetState(addrs[1], common.BigToHash(common.Big2), common.Hash{0xee})
	}
	if got, want := state.IntermediateRoot(params.Rules{IsEIP158: true}), ref.IntermediateRoot(params.Rules{IsEIP158: true}); got != want {
		t.Fatalf("root after changes %x, want %x", got, want)
	}
}

// TestLoadPrefetchedStorageOnlyWhenKept checks that nothing is loaded
// without a prefetcher, from a prefetcher that keeps no values, or on the
// binary trie: those slots stay with the state reader.
func TestLoadPrefetchedStorageOnlyWhenKept(t *testing.T) {
	sdb, root, addrs := warmTestState(t, false, 1, 100)
	keys := map[common.Address][]common.Hash{addrs[0]: slotKeys(100)}
	state, _ := New(root, sdb)
	if n := state.LoadPrefetchedStorage(keys); n != 0 {
		t.Errorf("no prefetcher: loaded %d slots", n)
	}
	state = warmAccessList(t, sdb, root, addrs, 100, 8)
	if n := state.LoadPrefetchedStorage(keys); n != 0 {
		t.Errorf("values not kept: loaded %d slots", n)
	}
	sdb, root, addrs = warmTestState(t, true, 1, 100)
	keys = map[common.Address][]common.Hash{addrs[0]: slotKeys(100)}
	state, _ = New(root, sdb)
	state.SetPrefetchWorkers(8)
	state.SetPrefetchValues(true)
	state.StartPrefetcher("test", nil)
	state.PrefetchAccessList(nil, keys)
	if n := state.LoadPrefetchedStorage(keys); n != 0 {
		t.Errorf("binary trie: loaded %d slots", n)
	}
}
