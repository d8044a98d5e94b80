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
	"bytes"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/internal/testrand"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"
	"github.com/holiman/uint256"
)

// TestUBTIntermediateRootOnPrefetchedTrie applies the same block of changes
// to a committed binary-trie state twice, with and without a prefetcher: the
// roots must agree, and with a prefetcher the changes must have been hashed
// on the trie the prefetcher filled.
func TestUBTIntermediateRootOnPrefetchedTrie(t *testing.T) {
	sdb := NewDatabase(triedb.NewDatabase(rawdb.NewMemoryDatabase(), triedb.UBTDefaults), nil)
	addrs, root := commitUBTAccounts(t, sdb, 20, 20)
	var (
		rules    = params.Rules{IsEIP158: true, IsByzantium: true}
		newSlots = make([]common.Hash, len(addrs))
		newAcct  = testrand.Address()
	)
	for i := range newSlots {
		newSlots[i] = testrand.Hash()
	}
	block := func(s *StateDB) {
		for i, addr := range addrs {
			if i%2 == 0 {
				s.AddBalance(addr, uint256.NewInt(7), tracing.BalanceChangeUnspecified)
			}
			s.SetState(addr, ubtSlotKey(i), common.Hash{byte(i + 1)})
			s.SetState(addr, newSlots[i], common.Hash{0xff}) // a new slot
			s.Finalise(rules)
		}
		s.SetBalance(newAcct, uint256.NewInt(1), tracing.BalanceChangeUnspecified) // a new account
	}

	plain, _ := New(root, sdb)
	block(plain)
	want := plain.IntermediateRoot(rules)

	prefetched, _ := New(root, sdb)
	prefetched.StartPrefetcher("test", nil)
	fetcher := prefetched.prefetcher.fetchers[prefetched.prefetcher.trieID(common.Hash{}, root)]
	block(prefetched)
	if got := prefetched.IntermediateRoot(rules); got != want {
		t.Fatalf("root on the prefetched trie %x, want %x", got, want)
	}
	if prefetched.trie != fetcher.trie {
		t.Fatal("the changes were not applied to the prefetcher's trie")
	}
}

// ubtTrieNodePrefix is the key prefix of the binary trie's nodes.
var ubtTrieNodePrefix = append(append([]byte{}, rawdb.VerklePrefix...), rawdb.TrieNodeAccountPrefix...)

// slowReadDB delays every read of a binary-trie node by delay while armed:
// a cold disk under the prefetcher, which is still loading nodes when
// hashing starts (the flat state the block's reads use stays fast).
type slowReadDB struct {
	ethdb.Database
	armed atomic.Bool
	delay time.Duration
}

func (db *slowReadDB) Get(key []byte) ([]byte, error) {
	if db.armed.Load() && bytes.HasPrefix(key, ubtTrieNodePrefix) {
		time.Sleep(db.delay)
	}
	return db.Database.Get(key)
}

// TestUBTPrefetchWaitTimed checks that the time IntermediateRoot spends
// waiting for the prefetcher's binary trie is counted in its update and hash
// timers, the block's state hash figure, as the Merkle path's waits for its
// prefetched tries are: a block on a cold disk must not show its wait nowhere.
func TestUBTPrefetchWaitTimed(t *testing.T) {
	disk := &slowReadDB{Database: rawdb.NewMemoryDatabase(), delay: 2 * time.Millisecond}
	pcfg := *pathdb.Defaults
	pcfg.TrieCleanSize, pcfg.StateCleanSize = 0, 0 // every node read goes to disk
	tcfg := &triedb.Config{IsUBT: true, BinTrieGroupDepth: triedb.DefaultBinTrieGroupDepth, PathDB: &pcfg}
	tdb := triedb.NewDatabase(disk, tcfg)
	addrs, root := commitUBTAccounts(t, NewDatabase(tdb, nil), 40, 10)
	if err := tdb.Commit(root, false); err != nil {
		t.Fatal(err)
	}
	tdb.Close() // reopened: nothing of the state is left in memory
	tdb = triedb.NewDatabase(disk, tcfg)
	defer tdb.Close()
	rules := params.Rules{IsEIP158: true, IsByzantium: true}
	s, _ := New(root, NewDatabase(tdb, nil))
	s.StartPrefetcher("test", nil)
	defer s.StopPrefetcher()
	for i, addr := range addrs { // the block's own reads, before the disk turns slow
		s.GetState(addr, ubtSlotKey(i%10))
	}
	disk.armed.Store(true)
	for i, addr := range addrs {
		s.SetState(addr, ubtSlotKey(i%10), common.Hash{byte(i + 1)})
		s.Finalise(rules)
	}
	start := time.Now()
	s.IntermediateRoot(rules)
	total := time.Since(start)
	disk.armed.Store(false)

	timed := s.StorageUpdates + s.AccountUpdates + s.AccountHashes
	if total < 20*time.Millisecond {
		t.Skipf("IntermediateRoot took %v: the prefetcher had finished loading before it, nothing to time", total)
	}
	t.Logf("update and hash timers %v of IntermediateRoot's %v", timed, total)
	if timed < total*8/10 {
		t.Fatalf("update and hash timers %v of IntermediateRoot's %v: the wait for the prefetched trie is not counted", timed, total)
	}
}

// BenchmarkUBTIntermediateRoot runs a block's worth of writes on a committed
// binary-trie state (200 accounts of 50 slots, 1 in 5 slots rewritten) with a
// prefetcher, as block processing does, and hashes them.
func BenchmarkUBTIntermediateRoot(b *testing.B) {
	sdb := NewDatabase(triedb.NewDatabase(rawdb.NewMemoryDatabase(), triedb.UBTDefaults), nil)
	addrs, root := commitUBTAccounts(b, sdb, 200, 50)
	rules := params.Rules{IsEIP158: true, IsByzantium: true}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, _ := New(root, sdb)
		s.StartPrefetcher("bench", nil)
		for k, addr := range addrs {
			for j := 0; j < 50; j += 5 {
				key := ubtSlotKey(j)
				s.GetState(addr, key)
				s.SetState(addr, key, common.Hash{byte(i), byte(k), byte(j)})
			}
			s.Finalise(rules)
		}
		s.IntermediateRoot(rules)
		s.StopPrefetcher()
	}
}

// commitUBTAccounts commits n accounts with a balance and slots slots each
// (keys ubtSlotKey(0) up, random values) to an empty binary trie in sdb, and
// returns the accounts and the state root.
func commitUBTAccounts(tb testing.TB, sdb Database, n, slots int) ([]common.Address, common.Hash) {
	tb.Helper()
	state, err := New(types.EmptyBinaryHash, sdb)
	if err != nil {
		tb.Fatal(err)
	}
	addrs := make([]common.Address, n)
	for i := range addrs {
		addrs[i] = testrand.Address()
		state.SetBalance(addrs[i], uint256.NewInt(uint64(i+1)), tracing.BalanceChangeUnspecified)
		for j := 0; j < slots; j++ {
			state.SetState(addrs[i], ubtSlotKey(j), testrand.Hash())
		}
	}
	root, err := state.Commit(params.Rules{IsEIP158: true}, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return addrs, root
}

// ubtSlotKey is the j-th storage key of the accounts of commitUBTAccounts.
func ubtSlotKey(j int) common.Hash {
	return common.BigToHash(big.NewInt(int64(j) * 1000003))
}
