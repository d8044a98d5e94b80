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
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// BlockPrefill is the state of one block known before execution, from an
// access list that the block does not carry (a BAL sidecar):
//
//   - Accounts and Storage hold pre-block values to inject: they are put in
//     the execution cache as they are, without reading the database. A nil
//     account means the account does not exist before the block.
//   - FetchAccounts are read from the database in parallel before execution,
//     and then the code of every listed contract.
//   - FetchSlots are read from the database in parallel before execution if
//     SlotsBefore is set, else beside it.
//
// A BlockPrefill is only read by NewPrefilledBlockReader.
type BlockPrefill struct {
	Accounts      map[common.Address]*types.StateAccount
	Storage       map[common.Address]map[common.Hash]common.Hash
	FetchAccounts []common.Address
	FetchSlots    map[common.Address][]common.Hash
	SlotsBefore   bool

	// ZeroIfAbsent are slots the block writes whose values are not fetched
	// (they are read from their warmed trie paths). An account that does not
	// exist before the block has no trie to warm: for those among the
	// fetched accounts, the slots' zero pre-values are injected instead.
	ZeroIfAbsent map[common.Address][]common.Hash
}

// PrefillStats are the figures of one prefilled block. The reader updates the
// database read counters while the block executes; SlotFetchTime is set by
// the stop function of NewPrefilledBlockReader, the other fields once
// NewPrefilledBlockReader returns. Read them after stop has returned.
type PrefillStats struct {
	PrefetchTime     time.Duration // time execution waited: injection, account, code (and SlotsBefore: slot) fetches
	SlotFetchTime    time.Duration // time the slot fetch ran (with SlotsBefore, part of PrefetchTime)
	AccountsFetched  int           // accounts read from the database before execution
	SlotsFetched     int           // slots read from the database, before or beside execution
	AccountsInjected int           // accounts put in the cache without a read
	SlotsInjected    int           // slots put in the cache without a read
	CodesFetched     int           // contract codes of listed accounts loaded before execution
	CodeBytes        int           // their size in bytes

	counter     *prefillCounter
	slotFetch   *slotFetch               // nil if no slot is fetched
	code        ContractCodeReaderStater // nil if the base reader keeps no code statistics
	accountBase int64
	codeBase    int64
}

// ExecutionReads returns the number of account and slot reads that went to
// the database during execution and that the access list did not cover. A
// listed slot that execution reached before the fetch did is read by
// execution itself, shows as a miss in the reader's cache statistics, and is
// not counted here.
func (s *PrefillStats) ExecutionReads() (accounts, slots int64) {
	return s.counter.accounts.Load() - s.accountBase, s.counter.slots.Load()
}

// WaitSlotFetch blocks until the listed slots have all been fetched, or the
// fetch was stopped. It returns at once if no slot is fetched. It lets a
// caller that fetches the slots beside other work before execution (fill
// without SlotsBefore) wait for them before execution starts.
func (s *PrefillStats) WaitSlotFetch() {
	if s.slotFetch != nil {
		s.slotFetch.pf.Wait()
	}
}

// ExecutionCodeReads returns the number of contract code reads that missed
// the code cache after the prefill, i.e. code the access list did not cover.
func (s *PrefillStats) ExecutionCodeReads() int64 {
	if s.code == nil {
		return 0
	}
	return s.code.GetCodeStats().CacheMiss - s.codeBase
}

// prefillCounter counts the reads that reach the wrapped reader: every
// account read, and the reads of slots not in fetched (the slots the
// prefetcher reads, and which execution may read first). fetched is not
// modified after construction.
type prefillCounter struct {
	StateReader
	fetched  map[common.Address]map[common.Hash]struct{}
	accounts atomic.Int64
	slots    atomic.Int64
}

func (r *prefillCounter) Account(addr common.Address) (*types.StateAccount, error) {
	r.accounts.Add(1)
	return r.StateReader.Account(addr)
}

func (r *prefillCounter) Storage(addr common.Address, slot common.Hash) (common.Hash, error) {
	if _, listed := r.fetched[addr][slot]; !listed {
		r.slots.Add(1)
	}
	return r.StateReader.Storage(addr, slot)
}

// NewPrefilledBlockReader wraps base with the shared, concurrency-safe cache
// that NewBlockExecutionReader uses for EIP-7928 blocks, and fills it:
// injected values first, then the listed accounts, spread over threads
// workers by the EIP-7928 prefetcher, then the code of every listed contract,
// into the code cache shared across blocks. Those are in the cache when it
// returns. The listed slots are then fetched by the same prefetcher beside
// execution, as upstream does for blocks that carry their access list:
// execution does not wait for them, and a slot it reads first it fetches
// itself (with fill.SlotsBefore, the reader is returned once they are all
// fetched). stop ends the slot fetch and waits for it; call it once, when the
// block has been processed, and before reading the stats. Execution reading
// through the returned reader finds the listed state in memory; reads of
// state the list missed go to base and are counted in the stats.
func NewPrefilledBlockReader(base Reader, fill *BlockPrefill, threads int) (reader Reader, stats *PrefillStats, stop func()) {
	var (
		start   = time.Now()
		counter = &prefillCounter{StateReader: base, fetched: slotSet(fill.FetchSlots)}
		cache   = newStateReaderWithCache(counter)
	)
	stats = &PrefillStats{counter: counter}
	for addr, acct := range fill.Accounts {
		bucket := &cache.accountBuckets[accountCacheBucket(addr)]
		if acct != nil {
			acct = acct.Copy()
		}
		bucket.accounts[addr] = acct
		stats.AccountsInjected++
	}
	for addr, slots := range fill.Storage {
		for key, value := range slots {
			injectSlot(cache, addr, key, value)
			stats.SlotsInjected++
		}
	}
	if threads < 1 {
		threads = 1
	}
	if len(fill.FetchAccounts) > 0 {
		tasks := make([]*fetchTask, 0, len(fill.FetchAccounts))
		for _, addr := range fill.FetchAccounts {
			tasks = append(tasks, &fetchTask{addr: addr})
		}
		runPrefetch(cache, tasks, threads)
		stats.AccountsFetched = len(tasks)
	}
	stats.SlotsInjected += injectZeroIfAbsent(cache, fill.ZeroIfAbsent)
	stats.CodesFetched, stats.CodeBytes = prefetchCode(base, cache, listedAccounts(fill), threads)
	stats.accountBase = counter.accounts.Load()
	if code, ok := base.(ContractCodeReaderStater); ok {
		stats.code, stats.codeBase = code, code.GetCodeStats().CacheMiss
	}
	stop = func() {}
	if tasks := slotTasks(fill.FetchSlots); len(tasks) > 0 {
		for _, t := range tasks {
			stats.SlotsFetched += len(t.slots)
		}
		fetch := fetchBeside(cache, tasks, threads, &stats.SlotFetchTime)
		stats.slotFetch, stop = fetch, fetch.stop
		if fill.SlotsBefore {
			fetch.pf.Wait()
			fetch.stop()
		}
	}
	stats.PrefetchTime = time.Since(start)
	return newReader(base, newStateReaderWithStats(cache)), stats, stop
}

// injectSlot puts a slot's pre-block value in the cache, as if read.
func injectSlot(cache *stateReaderWithCache, addr common.Address, key, value common.Hash) {
	bucket := &cache.storageBuckets[storageCacheBucket(addr, key)]
	m, ok := bucket.storages[addr]
	if !ok {
		m = make(map[common.Hash]common.Hash)
		bucket.storages[addr] = m
	}
	m[key] = value
}

// injectZeroIfAbsent injects zero for the slots of the accounts that the cache
// holds as absent, and returns how many it injected.
func injectZeroIfAbsent(cache *stateReaderWithCache, slots map[common.Address][]common.Hash) int {
	n := 0
	for addr, keys := range slots {
		if acct, err := cache.Account(addr); err != nil || acct != nil {
			continue
		}
		for _, key := range keys {
			injectSlot(cache, addr, key, common.Hash{})
			n++
		}
	}
	return n
}

// slotSet returns the slots of an access list as a set.
func slotSet(slots map[common.Address][]common.Hash) map[common.Address]map[common.Hash]struct{} {
	set := make(map[common.Address]map[common.Hash]struct{}, len(slots))
	for addr, keys := range slots {
		m := make(map[common.Hash]struct{}, len(keys))
		for _, key := range keys {
			m[key] = struct{}{}
		}
		set[addr] = m
	}
	return set
}

// slotTasks returns the prefetcher's tasks for the accounts with listed slots.
func slotTasks(slots map[common.Address][]common.Hash) []*fetchTask {
	tasks := make([]*fetchTask, 0, len(slots))
	for addr, keys := range slots {
		if len(keys) > 0 {
			tasks = append(tasks, &fetchTask{addr: addr, slots: keys})
		}
	}
	return tasks
}

// slotFetch is a run of the EIP-7928 prefetcher beside execution.
type slotFetch struct {
	pf       *prefetchStateReader
	finished chan time.Duration // the time the fetch ran, once it has ended
	elapsed  *time.Duration
	once     sync.Once
}

// fetchBeside starts the EIP-7928 prefetcher over tasks and returns at once.
// Its stop sets elapsed to the time the fetch ran. GOMAXPROCS is raised
// until the fetch ends (warm_procs.go).
func fetchBeside(cache *stateReaderWithCache, tasks []*fetchTask, threads int, elapsed *time.Duration) *slotFetch {
	start := time.Now()
	end := ioProcs.raise(threads, fetchReads(tasks))
	f := &slotFetch{
		pf:       newPrefetchStateReaderInternal(cache, tasks, threads),
		finished: make(chan time.Duration, 1),
		elapsed:  elapsed,
	}
	go func() {
		<-f.pf.done
		end()
		f.finished <- time.Since(start)
	}()
	return f
}

// stop ends the fetch, waits for its workers and records the time it ran
// (until done or stopped). Only the first call does anything.
func (f *slotFetch) stop() {
	f.once.Do(func() {
		f.pf.Close()
		*f.elapsed = <-f.finished
	})
}

// listedAccounts returns every account a prefill lists, injected or fetched.
func listedAccounts(fill *BlockPrefill) []common.Address {
	addrs := make([]common.Address, 0, len(fill.Accounts)+len(fill.FetchAccounts))
	for addr := range fill.Accounts {
		addrs = append(addrs, addr)
	}
	return append(addrs, fill.FetchAccounts...)
}

// prefetchCode loads the code of the listed accounts that have code, once per
// code hash, over threads workers, with GOMAXPROCS raised (warm_procs.go).
// The accounts are already in the cache.
func prefetchCode(code ContractCodeReader, cache *stateReaderWithCache, addrs []common.Address, threads int) (codes, size int) {
	type task struct {
		addr common.Address
		hash common.Hash
	}
	var (
		tasks []task
		seen  = make(map[common.Hash]bool)
	)
	for _, addr := range addrs {
		acct, err := cache.Account(addr)
		if err != nil || acct == nil {
			continue
		}
		hash := common.BytesToHash(acct.CodeHash)
		if hash == types.EmptyCodeHash || hash == (common.Hash{}) || seen[hash] {
			continue
		}
		seen[hash] = true
		tasks = append(tasks, task{addr, hash})
	}
	var (
		next  atomic.Int64
		bytes atomic.Int64
		wg    sync.WaitGroup
	)
	defer ioProcs.raise(threads, len(tasks))()

	for w := 0; w < min(threads, len(tasks)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1) - 1; i < int64(len(tasks)); i = next.Add(1) - 1 {
				bytes.Add(int64(len(code.Code(tasks[i].addr, tasks[i].hash))))
			}
		}()
	}
	wg.Wait()
	return len(tasks), int(bytes.Load())
}

// fetchReads returns the reads of the prefetcher's tasks, as it weighs them.
func fetchReads(tasks []*fetchTask) int {
	n := 0
	for _, t := range tasks {
		n += t.weight()
	}
	return n
}

// runPrefetch runs the EIP-7928 prefetcher over tasks to completion, with
// GOMAXPROCS raised (warm_procs.go).
func runPrefetch(cache *stateReaderWithCache, tasks []*fetchTask, threads int) {
	defer ioProcs.raise(threads, fetchReads(tasks))()

	pf := newPrefetchStateReaderInternal(cache, tasks, threads)
	pf.Wait()
	pf.Close()
}
