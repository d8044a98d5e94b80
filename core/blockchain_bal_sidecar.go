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
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/log"
)

// DefaultBALWorkers is the size of the worker pool that fetches a block's
// listed state, as in the BAL study the sidecar comes from.
const DefaultBALWorkers = 25

// BALFetchMode is when the listed slots of a Type-1 sidecar are fetched.
type BALFetchMode uint8

const (
	// BALFetchBefore fetches them before the block executes: execution
	// waits for all of them.
	BALFetchBefore BALFetchMode = iota
	// BALFetchBeside fetches them while the block executes, as upstream's
	// EIP-7928 reader does; execution reads a slot itself if it gets there
	// first.
	BALFetchBeside
	// BALFetchTrie, on a Merkle-Patricia state, does not fetch the slots the
	// block writes: execution waits until the warming of their trie paths,
	// which the trie update and hashing need anyway, has read their values
	// (the rest of the warming goes on beside it); the other listed slots
	// are fetched meanwhile. On the binary trie, with warming off, for a
	// sidecar without write sets and before Byzantium (no prefetcher), it is
	// BALFetchBefore.
	BALFetchTrie
)

// String returns the mode's flag value.
func (m BALFetchMode) String() string {
	switch m {
	case BALFetchBefore:
		return "before"
	case BALFetchBeside:
		return "beside"
	case BALFetchTrie:
		return "trie"
	default:
		return "unknown"
	}
}

// MarshalText implements encoding.TextMarshaler.
func (m BALFetchMode) MarshalText() ([]byte, error) {
	switch m {
	case BALFetchBefore, BALFetchBeside, BALFetchTrie:
		return []byte(m.String()), nil
	default:
		return nil, fmt.Errorf("unknown BAL fetch mode %d", m)
	}
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (m *BALFetchMode) UnmarshalText(text []byte) error {
	switch string(text) {
	case "before":
		*m = BALFetchBefore
	case "beside":
		*m = BALFetchBeside
	case "trie":
		*m = BALFetchTrie
	default:
		return fmt.Errorf(`unknown BAL fetch mode %q, want "before", "beside" or "trie"`, text)
	}
	return nil
}

// BALSidecar applies a BAL sidecar (block-level access lists kept beside a
// block dump) to the blocks it lists: their state is fetched in parallel
// (Type 1) or injected (Type 3: slots, Type 4: accounts and slots) before
// execution. Blocks it does not list run with normal reads.
//
// It is given to a chain in its configuration (BlockChainConfig.BALSidecar)
// and used by the insertion goroutine; its counters may be read concurrently.
type BALSidecar struct {
	file    *balsidecar.File
	name    string          // file name, for messages
	typ     balsidecar.Type // type applied, at most file.Type
	workers int
	fetch   BALFetchMode
	warm    BALWarmMode

	used    atomic.Int64 // blocks executed with their entry
	missing atomic.Int64 // blocks executed without an entry
	ignored atomic.Int64 // blocks executed without the entry they have (own access list, witness)

	// State reads that blocks executed with an entry still made from the
	// database: what their lists did not cover.
	dbAccountReads, dbSlotReads, dbCodeReads atomic.Int64

	slotsFromTrie atomic.Int64 // Type-1 written slots read from the warmed tries (BALFetchTrie)

	failed atomic.Pointer[types.Header] // last block that failed with injected values
}

// BALSidecarConfig is how a sidecar is applied to the blocks it lists.
type BALSidecarConfig struct {
	// Type is the BAL type to apply (0: the file's type); a file of a
	// higher type serves a lower one.
	Type balsidecar.Type
	// Workers is the size of the pool that fetches a block's listed state
	// (0: DefaultBALWorkers).
	Workers int
	// Fetch is when the listed slots of a Type-1 list are fetched.
	Fetch BALFetchMode
	// Warm is when the trie paths of each block's write set are warmed.
	Warm BALWarmMode
}

// NewBALSidecar prepares a loaded sidecar, named name in messages, for
// import as cfg says.
func NewBALSidecar(file *balsidecar.File, name string, cfg BALSidecarConfig) (*BALSidecar, error) {
	typ, workers := cfg.Type, cfg.Workers
	if typ == 0 {
		typ = file.Type
	}
	if !typ.Valid() {
		return nil, fmt.Errorf("invalid BAL type %d (want 1, 3 or 4)", typ)
	}
	if typ > file.Type {
		return nil, fmt.Errorf("BAL sidecar %s is type %d, it cannot serve type %d", name, file.Type, typ)
	}
	switch {
	case workers == 0:
		workers = DefaultBALWorkers
	case workers < 0:
		return nil, fmt.Errorf("invalid BAL worker count %d", workers)
	}
	return &BALSidecar{file: file, name: name, typ: typ, workers: workers, fetch: cfg.Fetch, warm: cfg.Warm}, nil
}

// Workers returns the size of the pool that fetches a block's listed state.
func (s *BALSidecar) Workers() int { return s.workers }

// Type returns the BAL type applied.
func (s *BALSidecar) Type() balsidecar.Type { return s.typ }

// Counts returns the number of blocks executed with an entry, without one,
// and without the one they have (blocks that carry their own access list, or
// want a witness).
func (s *BALSidecar) Counts() (used, missing, ignored int64) {
	return s.used.Load(), s.missing.Load(), s.ignored.Load()
}

// Unused returns the number of entries no executed block used or ignored:
// entries for blocks outside the import, or already in the chain.
func (s *BALSidecar) Unused() int64 {
	return int64(len(s.file.Blocks)) - s.used.Load() - s.ignored.Load()
}

// ExecutionReads returns the account, slot and code reads that blocks
// executed with an entry made from the database, summed over those blocks.
func (s *BALSidecar) ExecutionReads() (accounts, slots, code int64) {
	return s.dbAccountReads.Load(), s.dbSlotReads.Load(), s.dbCodeReads.Load()
}

// SlotsFromTrie returns the number of listed slots whose values were read from
// the warmed storage tries instead of fetched (BALFetchTrie), summed over the
// blocks executed with an entry.
func (s *BALSidecar) SlotsFromTrie() int64 {
	return s.slotsFromTrie.Load()
}

// ExplainError adds the likely cause to an import error if a block executed
// with injected pre-block values failed.
func (s *BALSidecar) ExplainError(err error) error {
	h := s.failed.Load()
	if err == nil || h == nil {
		return err
	}
	return fmt.Errorf("%w; block %d (%s) was executed with pre-block values from BAL sidecar %s (type %d): a wrong value in the sidecar is the likely cause", err, h.Number.Uint64(), h.Hash().Hex(), s.name, s.typ)
}

// balSidecarStats is the "bal" object of the slow-block JSON.
type balSidecarStats struct {
	Type             int     `json:"type"`
	Ignored          string  `json:"ignored,omitempty"`  // why the block's entry was not applied
	Parallel         bool    `json:"parallel,omitempty"` // pre-block values injected beneath the block's own list, executed in parallel
	PrefetchMs       float64 `json:"prefetch_ms"`        // time execution waited for injection and fetches
	SlotFetchMs      float64 `json:"slot_fetch_ms"`      // time the Type-1 slot fetch ran (before execution: part of prefetch_ms)
	AccountsFetched  int     `json:"accounts_fetched"`
	SlotsFetched     int     `json:"slots_fetched"`
	AccountsInjected int     `json:"accounts_injected"`
	SlotsInjected    int     `json:"slots_injected"`
	SlotsFromTrie    int     `json:"slots_from_trie"` // Type-1 written slots read from the warmed tries (fetch mode trie)
	CodesFetched     int     `json:"codes_fetched"`   // contract codes loaded before execution
	CodeBytes        int     `json:"code_bytes"`
	WarmAccounts     int     `json:"warm_accounts"` // write set scheduled for trie warming
	WarmSlots        int     `json:"warm_slots"`
	WarmNodes        int64   `json:"warm_nodes"` // distinct trie nodes the warming workers read
	WarmBytes        int64   `json:"warm_bytes"`
	WarmMs           float64 `json:"warm_ms"`          // time of the parallel warming passes
	WarmWaitMs       float64 `json:"warm_wait_ms"`     // time execution waited for warming (mode before)
	DBAccountReads   int64   `json:"db_account_reads"` // during execution, not covered by the list
	DBSlotReads      int64   `json:"db_slot_reads"`
	DBCodeReads      int64   `json:"db_code_reads"` // code cache misses during execution
}

// setupBALSidecarState builds the execution state of a block listed in the
// sidecar. ok is false when the sidecar does not apply, and the caller sets up
// the state as usual: without a sidecar, for blocks that carry their own
// access list, and when a witness is wanted (injected state is not read
// through the tries, so a witness would miss its nodes).
func (bc *BlockChain) setupBALSidecarState(sdb state.Database, parentRoot common.Hash, block *types.Block, vmConfig vm.Config, wantWitness bool) (statedb *state.StateDB, cleanup func(*blockProcessingResult), ok bool, err error) {
	s := bc.cfg.BALSidecar
	if s == nil || bc.balEntryIgnored(block, vmConfig, wantWitness) != "" {
		return nil, nil, false, nil
	}
	entry := s.file.Lookup(block.NumberU64())
	if entry == nil {
		s.missing.Add(1)
		return nil, nil, false, nil
	}
	if entry.Hash != block.Hash() {
		return nil, nil, true, fmt.Errorf("BAL sidecar %s: entry for block %d has hash %s, the block's hash is %s", s.name, block.NumberU64(), entry.Hash.Hex(), block.Hash().Hex())
	}
	if bc.useBALExecution(block, vmConfig, wantWitness) {
		return bc.setupBALSidecarParallel(sdb, parentRoot, block, entry)
	}
	base, err := sdb.Reader(parentRoot)
	if err != nil {
		return nil, nil, true, err
	}
	var (
		mpt  = sdb.Type().Is(state.TypeMPT)
		warm = s.warmSet(entry)
		// Written slots come from the warmed tries only where the prefetcher,
		// which warms, runs: from Byzantium on (ProcessBlock).
		fromTrie = warm != nil && s.typ == balsidecar.TypeKeys && s.fetch == BALFetchTrie && mpt && bc.chainConfig.IsByzantium(block.Number())
	)
	fill := balPrefill(entry, s.typ, mpt, fromTrie)
	// With fromTrie the other slots are fetched while the write set is
	// warmed, and execution waits for both (balWarmSet.start).
	fill.SlotsBefore = s.fetch != BALFetchBeside && !fromTrie
	reader, stats, stop := state.NewPrefilledBlockReader(base, fill, s.workers)
	statedb, err = state.NewWithReader(parentRoot, sdb, reader)
	if err != nil {
		stop()
		return nil, nil, true, err
	}
	if warm != nil {
		if fromTrie {
			warm.loadFromTrie(statedb, stats)
		}
		warm.schedule(statedb, s.workers)
	}
	s.used.Add(1)
	header := block.Header()
	return statedb, func(result *blockProcessingResult) {
		stop()
		if result == nil {
			s.blockFailed(header)
			return
		}
		result.stats.BAL = s.blockStats(stats)
		warm.addStats(result.stats.BAL, statedb)
		s.slotsFromTrie.Add(int64(result.stats.BAL.SlotsFromTrie))
		if stater, ok := reader.(state.ReaderStater); ok {
			result.stats.StateReadCacheStats = stater.GetStats()
		}
	}, true, nil
}

// blockFailed records that a block executed with the sidecar failed, for
// ExplainError, if the sidecar injected values into it.
func (s *BALSidecar) blockFailed(header *types.Header) {
	if s.typ >= balsidecar.TypeSlotValues {
		s.failed.Store(header)
		log.Error("Block executed with BAL sidecar values failed", "number", header.Number, "hash", header.Hash(), "sidecar", s.name, "type", s.typ)
	}
}

// balEntryIgnored says why a block's sidecar entry is not applied, or "": a
// block executed in parallel from the access list it carries needs no Type-1
// entry (its list holds the same keys; a Type-3 or 4 entry adds pre-block
// values, see setupBALSidecarParallel), and injected state is not read
// through the tries, so a witness would miss its nodes. A block that carries
// a list but is executed sequentially (vm.Config.DisableParallelExecution)
// is served by the sidecar.
func (bc *BlockChain) balEntryIgnored(block *types.Block, vmConfig vm.Config, wantWitness bool) string {
	switch {
	case wantWitness:
		return "a witness is built"
	case bc.useBALExecution(block, vmConfig, wantWitness) && bc.cfg.BALSidecar.typ < balsidecar.TypeSlotValues:
		return "the block is executed in parallel from its own access list"
	}
	return ""
}

// noteIgnoredBALEntry counts a block that has a sidecar entry that is not
// applied, and makes the block's cleanup note it in the block's figures.
func (bc *BlockChain) noteIgnoredBALEntry(block *types.Block, vmConfig vm.Config, wantWitness bool, cleanup *func(*blockProcessingResult)) {
	s := bc.cfg.BALSidecar
	if s == nil || *cleanup == nil || s.file.Lookup(block.NumberU64()) == nil {
		return
	}
	why := bc.balEntryIgnored(block, vmConfig, wantWitness)
	if why == "" {
		return
	}
	s.ignored.Add(1)
	next := *cleanup
	*cleanup = func(result *blockProcessingResult) {
		next(result)
		if result != nil {
			result.stats.BAL = &balSidecarStats{Type: int(s.typ), Ignored: why}
		}
	}
}

// blockStats returns the figures of a block executed with its entry, and adds
// its database reads to the sidecar's counters.
func (s *BALSidecar) blockStats(stats *state.PrefillStats) *balSidecarStats {
	accounts, slots := stats.ExecutionReads()
	code := stats.ExecutionCodeReads()
	s.dbAccountReads.Add(accounts)
	s.dbSlotReads.Add(slots)
	s.dbCodeReads.Add(code)
	return &balSidecarStats{
		Type:             int(s.typ),
		PrefetchMs:       durationToMs(stats.PrefetchTime),
		SlotFetchMs:      durationToMs(stats.SlotFetchTime),
		AccountsFetched:  stats.AccountsFetched,
		SlotsFetched:     stats.SlotsFetched,
		AccountsInjected: stats.AccountsInjected,
		SlotsInjected:    stats.SlotsInjected,
		CodesFetched:     stats.CodesFetched,
		CodeBytes:        stats.CodeBytes,
		DBAccountReads:   accounts,
		DBSlotReads:      slots,
		DBCodeReads:      code,
	}
}

// balPrefill turns a sidecar entry into what the state reader fetches and
// injects for the given type; mpt says whether the state is a Merkle-Patricia
// one (see balAccount). With writesFromTrie, a Type-1 prefill leaves out the
// slots the block writes: they are read from the warmed tries instead.
func balPrefill(entry *balsidecar.Block, typ balsidecar.Type, mpt, writesFromTrie bool) *state.BlockPrefill {
	fill := new(state.BlockPrefill)
	switch typ {
	case balsidecar.TypeKeys:
		fill.FetchSlots = make(map[common.Address][]common.Hash, len(entry.Accounts))
	case balsidecar.TypeFullPrestate:
		fill.Accounts = make(map[common.Address]*types.StateAccount, len(entry.Accounts))
	}
	if typ >= balsidecar.TypeSlotValues {
		fill.Storage = make(map[common.Address]map[common.Hash]common.Hash, len(entry.Accounts))
	}
	for _, a := range entry.Accounts {
		if typ == balsidecar.TypeFullPrestate {
			fill.Accounts[a.Address] = balAccount(a, mpt)
		} else {
			fill.FetchAccounts = append(fill.FetchAccounts, a.Address)
		}
		if len(a.Slots) == 0 {
			continue
		}
		if typ == balsidecar.TypeKeys {
			if writesFromTrie {
				fill.FetchSlots[a.Address] = a.ReadOnlySlots()
				if written := a.WrittenSlots(); len(written) > 0 {
					if fill.ZeroIfAbsent == nil {
						fill.ZeroIfAbsent = make(map[common.Address][]common.Hash)
					}
					fill.ZeroIfAbsent[a.Address] = written
				}
			} else {
				fill.FetchSlots[a.Address] = a.Slots
			}
			continue
		}
		slots := make(map[common.Hash]common.Hash, len(a.Slots))
		for i, key := range a.Slots {
			slots[key] = a.Values[i]
		}
		fill.Storage[a.Address] = slots
	}
	return fill
}

// balAccount is the pre-block account of a Type-4 entry, nil if absent. The
// storage root is injected as recorded: the binary trie's reader gives zero or
// the empty root depending on where it read the account from. A zero root on
// a Merkle-Patricia state means the empty root.
func balAccount(a *balsidecar.Account, mpt bool) *types.StateAccount {
	if a.Absent {
		return nil
	}
	acct := &types.StateAccount{
		Nonce:    a.Nonce,
		Balance:  a.Balance.Clone(),
		Root:     a.StorageRoot,
		CodeHash: a.CodeHash.Bytes(),
	}
	if mpt && acct.Root == (common.Hash{}) {
		acct.Root = types.EmptyRootHash
	}
	return acct
}
