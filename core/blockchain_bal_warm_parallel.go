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
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/metrics"
)

// balWarmNodesMeter counts the trie nodes that parallel warming resolved for
// the write sets of blocks executed from their access lists.
var balWarmNodesMeter = metrics.NewRegisteredMeter("chain/execution/parallel/warm/nodes", nil)

// warmBALWriteSet prepares the warming of a block's write set, for a block
// executed in parallel from its access list. StateDB.ApplyBlockAccessList
// hands the prefetcher the list's written accounts and each account's
// written slots as one batch, which a subfetcher resolves one key after
// another: on a cold database, one read in flight per trie while the root
// is computed. With BALWarmWorkers of two or more, the prefetcher that
// statedb starts next warms every large batch over that many workers first
// (StateDB.SetPrefetchWorkers).
//
// Call it before statedb's prefetcher starts; the function it returns records
// what was warmed, and must run once the prefetcher has stopped.
func (bc *BlockChain) warmBALWriteSet(statedb *state.StateDB, block *types.Block, vmConfig vm.Config, config ExecuteConfig) func() {
	workers := bc.cfg.BALWarmWorkers
	if workers < 2 || !bc.useBALExecution(block, vmConfig, config.StatelessSelfValidation || config.MakeWitness) {
		return func() {}
	}
	statedb.SetPrefetchWorkers(workers)
	return func() { balWarmNodesMeter.Mark(statedb.PrefetchWarmStats().Nodes) }
}
