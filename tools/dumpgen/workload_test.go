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

package main

import (
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"

	"statelab/tools/internal/statekind"
)

// TestTxPlan checks that a workload transaction never reserves less than
// its operations' worst case, whatever the learnt gas per operation, and
// never more than the block allows, under each fork's gas schedule.
func TestTxPlan(t *testing.T) {
	split := splitEntries(1000)
	for fork, gas := range gasSchedules {
		for _, name := range workloadNames {
			r := newWorkloadRun(newWorkload(name, 1, split, gas), 1, gas.minGasTarget(), deriveAddress(domainMiner, 1, 0), &senders{})
			for v, variant := range r.w.variants {
				if variant.worstOpGas == 0 || variant.worstOpGas > gas.maxWorstOp() {
					t.Fatalf("fork %s: %s/%s: worst op gas %d out of (0, %d]", fork, name, variant.name, variant.worstOpGas, gas.maxWorstOp())
				}
				// perOp as learnt from transactions whose slots were all warm
				// (tiny) up to ones dominated by their base cost (huge).
				for _, perOp := range []uint64{1, 100, 2_000, 40_000, 150_000} {
					for _, room := range []uint64{1, 50_000, gas.minGasTarget(), 10_000_000, 100_000_000} {
						for _, limitCap := range []uint64{gas.minWorkloadTxGas(), gas.minGasTarget(), 1_000_000, maxTxGas} {
							r.perOp[v] = perOp
							n, limit := r.txPlan(v, room, limitCap)
							if n == 0 || limit > limitCap || limit < workloadBaseGas+n*variant.worstOpGas {
								t.Errorf("fork %s: %s/%s perOp %d room %d cap %d: %d ops, gas limit %d", fork, name, variant.name, perOp, room, limitCap, n, limit)
							}
						}
					}
				}
			}
		}
	}
}

// TestSmallGasTarget generates dumps at small gas targets, down to the
// minimum accepted, and imports them. Blocks of a small target end with
// transactions of few operations, whose slots are mostly cold, where the
// long transactions before them looped over more operations than there are
// holders and so mostly hit warm slots: a gas limit learnt from those ran
// out of gas (1000 entries at 10M failed on both tries).
func TestSmallGasTarget(t *testing.T) {
	for _, kind := range []statekind.Trie{statekind.UBT, statekind.MPT} {
		for _, c := range []struct{ entries, target, workload uint64 }{{200, forkDefault.gas().minGasTarget(), 0}, {1000, 10_000_000, 0}, {1000, 10_000_000, 1_000_000}} {
			t.Run(fmt.Sprintf("%s-%d-%d", kind, c.target, c.workload), func(t *testing.T) {
				cfg := testConfig(t, kind)
				cfg.entries, cfg.gasTarget, cfg.workloadGas = c.entries, c.target, c.workload
				m := mustDump(t, cfg)
				options := core.DefaultConfig().WithStateScheme(rawdb.PathScheme)
				if kind == statekind.UBT {
					options.SnapshotLimit = 0
					options.BinTrieGroupDepth = 6
				}
				importAll(t, cfg.out, m, options)
			})
		}
	}
}
