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
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/state"
)

// BALWarmMode is when the trie paths of a block's write set are warmed, by
// the trie prefetcher over the sidecar's workers (sidecars with write sets).
type BALWarmMode uint8

const (
	// BALWarmBeside warms them while the block executes.
	BALWarmBeside BALWarmMode = iota
	// BALWarmBefore warms them before the block executes: execution waits.
	BALWarmBefore
	// BALWarmOff leaves the write set to the prefetcher's usual feed.
	BALWarmOff
)

// String returns the mode's flag value.
func (m BALWarmMode) String() string {
	switch m {
	case BALWarmBeside:
		return "beside"
	case BALWarmBefore:
		return "before"
	case BALWarmOff:
		return "off"
	default:
		return "unknown"
	}
}

// MarshalText implements encoding.TextMarshaler.
func (m BALWarmMode) MarshalText() ([]byte, error) {
	switch m {
	case BALWarmBeside, BALWarmBefore, BALWarmOff:
		return []byte(m.String()), nil
	default:
		return nil, fmt.Errorf("unknown BAL warm mode %d", m)
	}
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (m *BALWarmMode) UnmarshalText(text []byte) error {
	switch string(text) {
	case "beside":
		*m = BALWarmBeside
	case "before":
		*m = BALWarmBefore
	case "off":
		*m = BALWarmOff
	default:
		return fmt.Errorf(`unknown BAL warm mode %q, want "beside", "before" or "off"`, text)
	}
	return nil
}

// balWarmSet is the write set of one block, scheduled with the block's trie
// prefetcher when it starts. It belongs to the block's processing: the
// prefetcher's start runs it, the block's cleanup reads its figures.
type balWarmSet struct {
	accounts  []common.Address
	slots     map[common.Address][]common.Hash
	slotCount int
	wait      bool          // execution waits for the warming (BALWarmBefore)
	waited    time.Duration // time execution waited for the warming, or for the values read from it

	// With fromTrie the written slots are not fetched but read from the
	// warmed storage tries (BALFetchTrie), fromTrieCount how many were. The
	// other listed slots are fetched meanwhile; prefill waits for them.
	fromTrie      bool
	fromTrieCount int
	prefill       *state.PrefillStats
}

// warmSet returns the write set of an entry to warm, or nil if there is none
// (warming off, or a sidecar without write sets).
func (s *BALSidecar) warmSet(entry *balsidecar.Block) *balWarmSet {
	if s.warm == BALWarmOff || !s.file.Writes {
		return nil
	}
	set := &balWarmSet{slots: make(map[common.Address][]common.Hash), wait: s.warm == BALWarmBefore}
	for _, a := range entry.Accounts {
		if a.Written {
			set.accounts = append(set.accounts, a.Address)
		}
		if keys := a.WrittenSlots(); len(keys) > 0 {
			set.slots[a.Address] = keys
			set.slotCount += len(keys)
		}
	}
	if len(set.accounts) == 0 && set.slotCount == 0 {
		return nil
	}
	return set
}

// schedule makes the prefetcher that statedb starts next warm the write set
// over workers, as soon as it runs.
func (set *balWarmSet) schedule(statedb *state.StateDB, workers int) {
	statedb.SetPrefetchWorkers(workers)
	statedb.SetPrefetchStart(func() { set.start(statedb) })
}

// loadFromTrie makes execution take the written slots' values from the
// warming of their trie paths, once the slots prefill fetches are in too.
func (set *balWarmSet) loadFromTrie(statedb *state.StateDB, prefill *state.PrefillStats) {
	set.fromTrie, set.prefill = true, prefill
	statedb.SetPrefetchValues(true)
}

// start schedules the write set with statedb's prefetcher, which has just
// started, and waits for it to be loaded if execution must wait, or for the
// written slots' values it reads (fromTrie).
func (set *balWarmSet) start(statedb *state.StateDB) {
	statedb.PrefetchAccessList(set.accounts, set.slots)
	if !set.wait && !set.fromTrie {
		return
	}
	start := time.Now()
	if set.wait {
		statedb.WaitPrefetch()
	}
	if set.fromTrie {
		set.fromTrieCount = statedb.LoadPrefetchedStorage(set.slots)
		set.prefill.WaitSlotFetch()
	}
	set.waited = time.Since(start)
}

// addStats adds the warming's figures to a block's sidecar figures.
func (set *balWarmSet) addStats(stats *balSidecarStats, statedb *state.StateDB) {
	warmed := statedb.PrefetchWarmStats()
	stats.WarmNodes, stats.WarmBytes, stats.WarmMs = warmed.Nodes, warmed.Bytes, durationToMs(warmed.Time)
	if set != nil {
		stats.WarmAccounts, stats.WarmSlots = len(set.accounts), set.slotCount
		stats.WarmWaitMs = durationToMs(set.waited)
		stats.SlotsFromTrie = set.fromTrieCount
	}
}
