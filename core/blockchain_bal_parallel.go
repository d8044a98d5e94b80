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
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
)

// setupBALSidecarParallel builds the state of a block that is executed in
// parallel from the access list it carries, with the pre-block values of its
// Type-3 or Type-4 sidecar entry injected beneath the list's prefetching
// reader: the list names what the block touches, the entry what it was, so
// the state the values cover is never read. What they do not cover (the
// accounts of a Type-3 entry, state the entry misses) is prefetched from the
// list as upstream does.
func (bc *BlockChain) setupBALSidecarParallel(sdb state.Database, parentRoot common.Hash, block *types.Block, entry *balsidecar.Block) (*state.StateDB, func(*blockProcessingResult), bool, error) {
	s := bc.cfg.BALSidecar
	base, err := sdb.Reader(parentRoot)
	if err != nil {
		return nil, nil, true, err
	}
	fill := balPrefill(entry, s.typ, sdb.Type().Is(state.TypeMPT), false)
	fill.FetchAccounts, fill.FetchSlots = nil, nil // the list's reader fetches them
	prefilled, stats, stopFill := state.NewPrefilledBlockReader(base, fill, s.workers)
	reader, stop := state.NewBlockExecutionReader(prefilled, prefetchHint(block.AccessList()), bc.cfg.balPrefetchWorkers())
	statedb, err := state.NewWithReader(parentRoot, sdb, reader)
	if err != nil {
		stop()
		stopFill()
		return nil, nil, true, err
	}
	s.used.Add(1)
	header := block.Header()
	return statedb, func(result *blockProcessingResult) {
		stop()
		stopFill()
		if result == nil {
			s.blockFailed(header)
			return
		}
		result.stats.BAL = s.blockStats(stats)
		result.stats.BAL.Parallel = true
	}, true, nil
}
