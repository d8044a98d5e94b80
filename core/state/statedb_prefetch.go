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
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/log"
)

// SetPrefetchWorkers sets how many workers the trie prefetcher started next
// by StartPrefetcher uses to warm a large batch of one trie in parallel
// (trie_prefetcher_warm.go). 0 or 1, the default, warms nothing.
func (s *StateDB) SetPrefetchWorkers(n int) {
	s.prefetchWorkers = n
}

// SetPrefetchStart makes the prefetcher started next by StartPrefetcher run
// fn once it runs, on StartPrefetcher's goroutine, so that work known before
// execution (such as a block's write set, with PrefetchAccessList) can be
// scheduled on it, and waited for, before execution starts.
func (s *StateDB) SetPrefetchStart(fn func()) {
	s.prefetchStart = fn
}

// PrefetchAccessList schedules the trie paths of the accounts and slots a
// block is known to change with the running prefetcher, before execution
// reaches them, the way the EIP-7928 path schedules a block's access list.
// The accounts are read through the state reader to find their storage
// tries. It does nothing if no prefetcher runs.
func (s *StateDB) PrefetchAccessList(accounts []common.Address, slots map[common.Address][]common.Hash) {
	if s.prefetcher == nil {
		return
	}
	if len(accounts) > 0 {
		if err := s.prefetcher.prefetch(common.Hash{}, s.originalRoot, common.Address{}, accounts, nil, false); err != nil {
			log.Error("Failed to prefetch account trie", "err", err)
		}
	}
	owners := make([]common.Address, 0, len(slots))
	for addr := range slots {
		owners = append(owners, addr)
	}
	slices.SortFunc(owners, func(a, b common.Address) int { return bytes.Compare(a[:], b[:]) })
	for _, addr := range owners {
		acct, err := s.reader.Account(addr)
		if err != nil {
			continue
		}
		root := types.EmptyRootHash
		if acct != nil {
			root = acct.Root
		}
		// An empty Merkle-Patricia storage trie has nothing to read; on the
		// binary trie the slots' paths are in the one trie either way.
		if root == types.EmptyRootHash && s.db.Type().Is(TypeMPT) {
			continue
		}
		if err := s.prefetcher.prefetch(crypto.Keccak256Hash(addr[:]), root, addr, nil, slots[addr], false); err != nil {
			log.Error("Failed to prefetch storage trie", "addr", addr, "err", err)
		}
	}
}

// WaitPrefetch blocks until the prefetcher has loaded everything scheduled so
// far. It does nothing if no prefetcher runs.
func (s *StateDB) WaitPrefetch() {
	if s.prefetcher != nil {
		s.prefetcher.waitIdle()
	}
}

// PrefetchWarmStats returns what parallel warming read for the block: the
// figures of the running prefetcher, or of the last one stopped.
func (s *StateDB) PrefetchWarmStats() TrieWarmStats {
	if s.prefetcher != nil {
		return s.prefetcher.warmStats()
	}
	return s.prefetchWarmed
}
