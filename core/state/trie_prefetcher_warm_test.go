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
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/holiman/uint256"
)

// warmTestState commits accounts with many slots, on MPT or the binary trie.
func warmTestState(t *testing.T, ubt bool, accounts, slots int) (Database, common.Hash, []common.Address) {
	t.Helper()
	var (
		sdb   Database
		empty = types.EmptyRootHash
	)
	if ubt {
		sdb = NewDatabase(triedb.NewDatabase(rawdb.NewMemoryDatabase(), triedb.UBTDefaults), nil)
		empty = types.EmptyBinaryHash
	} else {
		sdb = NewDatabaseForTesting()
	}
	state, err := New(empty, sdb)
	if err != nil {
		t.Fatal(err)
	}
	var addrs []common.Address
	for i := 0; i < accounts; i++ {
		addr := common.BytesToAddress(crypto.Keccak256([]byte{byte(i), 0xa}))
		addrs = append(addrs, addr)
		state.SetBalance(addr, uint256.NewInt(uint64(i+1)), tracing.BalanceChangeUnspecified)
		for j := 0; j < slots; j++ {
			state.SetState(addr, common.BigToHash(big.NewInt(int64(j))), common.Hash{byte(i + 1), byte(j), 1})
		}
	}
	root, err := state.Commit(params.Rules{IsEIP158: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return sdb, root, addrs
}

// warmAccessList opens the state at root with a prefetcher of the given
// workers, schedules the first slots keys of every account in addrs, and
// waits until they are loaded. The prefetcher is left running.
func warmAccessList(t *testing.T, sdb Database, root common.Hash, addrs []common.Address, slots, workers int) *StateDB {
	t.Helper()
	state, err := New(root, sdb)
	if err != nil {
		t.Fatal(err)
	}
	state.SetPrefetchWorkers(workers)
	state.StartPrefetcher("test", nil)
	keys := make(map[common.Address][]common.Hash)
	for _, addr := range addrs {
		keys[addr] = slotKeys(slots)
	}
	state.PrefetchAccessList(addrs, keys)
	state.WaitPrefetch()
	return state
}

func slotKeys(n int) []common.Hash {
	keys := make([]common.Hash, n)
	for j := range keys {
		keys[j] = common.BigToHash(big.NewInt(int64(j)))
	}
	return keys
}

// TestPrefetcherWarmsInParallel schedules one large batch per trie with eight
// workers: the batches are warmed in parallel (the figures count distinct
// nodes), and the tries handed to the trie update hold every node a direct
// read of the keys resolves, as without warming.
func TestPrefetcherWarmsInParallel(t *testing.T) {
	for _, ubt := range []bool{false, true} {
		sdb, root, addrs := warmTestState(t, ubt, 3, 300)
		state := warmAccessList(t, sdb, root, addrs, 300, 8)
		warmed := state.PrefetchWarmStats()
		if warmed.Nodes == 0 || warmed.Bytes == 0 {
			t.Fatalf("ubt=%v: nothing warmed: %+v", ubt, warmed)
		}
		// The subfetchers' tries, as IntermediateRoot takes them.
		state.prefetcher.terminate(false)
		for _, addr := range addrs {
			acct, _ := state.reader.Account(addr)
			owner := crypto.Keccak256Hash(addr[:])
			prefetched := trieWitness(state.prefetcher.trie(owner, acct.Root))
			if ubt {
				prefetched = trieWitness(state.prefetcher.trie(common.Hash{}, root))
			}
			direct, err := sdb.OpenStorageTrie(root, addr, acct.Root, nil)
			if ubt {
				direct, err = sdb.OpenTrie(root)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range slotKeys(300) {
				if _, err := direct.GetStorage(addr, k[:]); err != nil {
					t.Fatal(err)
				}
			}
			for path := range trieWitness(direct) {
				if _, ok := prefetched[path]; !ok {
					t.Fatalf("ubt=%v: account %x: node at path %x missing from the prefetched trie", ubt, addr, path)
				}
			}
		}
		state.StopPrefetcher()
		if got := state.PrefetchWarmStats(); got != warmed {
			t.Errorf("ubt=%v: figures after stopping %+v, before %+v", ubt, got, warmed)
		}
	}
}

// TestPrefetcherSmallBatchNotWarmed checks that batches below warmMinBatch,
// and any batch without workers, are loaded serially only.
func TestPrefetcherSmallBatchNotWarmed(t *testing.T) {
	sdb, root, addrs := warmTestState(t, false, 1, 300)
	for _, c := range []struct {
		workers, keys int
	}{{8, warmMinBatch - 1}, {1, 300}, {0, 300}} {
		state, _ := New(root, sdb)
		state.SetPrefetchWorkers(c.workers)
		state.StartPrefetcher("test", nil)
		state.PrefetchAccessList(nil, map[common.Address][]common.Hash{addrs[0]: slotKeys(c.keys)})
		state.WaitPrefetch()
		if got := state.PrefetchWarmStats(); got != (TrieWarmStats{}) {
			t.Errorf("%d workers, %d keys: warmed %+v", c.workers, c.keys, got)
		}
		state.StopPrefetcher()
	}
}

// TestPrefetcherWaitIdleAfterExit checks that waiting on a prefetcher whose
// trie could not be opened returns.
func TestPrefetcherWaitIdleAfterExit(t *testing.T) {
	sdb := NewDatabaseForTesting()
	p := newTriePrefetcher(sdb, common.Hash{0xde, 0xad}, "", false) // no such root
	p.workers = 4
	p.prefetch(common.Hash{}, common.Hash{0xde, 0xad}, common.Address{}, []common.Address{{1}}, nil, false)
	p.waitIdle()
	p.terminate(false)
}

// TestPrefetcherWarmStatsAfterIntermediateRoot checks that the warming figures
// outlive the prefetcher that IntermediateRoot ends, as they do StopPrefetcher:
// block processing reads them after the state root is computed.
func TestPrefetcherWarmStatsAfterIntermediateRoot(t *testing.T) {
	sdb, root, addrs := warmTestState(t, false, 1, 300)
	state, err := New(root, sdb)
	if err != nil {
		t.Fatal(err)
	}
	state.SetPrefetchWorkers(8)
	state.StartPrefetcher("test", nil)
	state.PrefetchAccessList(addrs, map[common.Address][]common.Hash{addrs[0]: slotKeys(300)})
	state.WaitPrefetch()
	warmed := state.PrefetchWarmStats()
	if warmed.Nodes == 0 {
		t.Fatalf("nothing warmed: %+v", warmed)
	}
	state.IntermediateRoot(params.Rules{IsEIP158: true})
	if state.prefetcher != nil {
		t.Fatal("IntermediateRoot left the prefetcher running")
	}
	if got := state.PrefetchWarmStats(); got != warmed {
		t.Errorf("figures after IntermediateRoot %+v, before %+v", got, warmed)
	}
}
