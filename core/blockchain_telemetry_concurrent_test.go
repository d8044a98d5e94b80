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
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie"
)

// TestBlockTelemetryConcurrentReads processes blocks at node level while
// RPC-style readers walk the state through the same trie database, and checks
// that none of the readers' fetches is counted as the block's: every block's
// trie.node_fetches equals that of the same block imported with no reader
// running. One reader is synchronous with each transaction of the block (so
// that reads certainly overlap block processing), the other runs freely.
func TestBlockTelemetryConcurrentReads(t *testing.T) {
	gspec, blocks := telemetryTestChainSize(t, 6, 20)
	for _, scheme := range []string{rawdb.PathScheme, rawdb.HashScheme} {
		t.Run(scheme, func(t *testing.T) {
			quiet, _ := blockFetchCounts(t, scheme, gspec, blocks, false)
			busy, reads := blockFetchCounts(t, scheme, gspec, blocks, true)
			if reads == 0 {
				t.Fatal("the readers fetched no node while blocks were processed")
			}
			for i, block := range blocks {
				n := block.NumberU64()
				if quiet[n] == 0 {
					t.Errorf("block %d: no fetches counted", n)
				}
				if busy[n] != quiet[n] {
					t.Errorf("block %d (#%d): %d fetches counted with concurrent readers, %d without", n, i, busy[n], quiet[n])
				}
			}
			t.Logf("%d nodes fetched by concurrent readers, none counted", reads)
		})
	}
}

// blockFetchCounts imports blocks at node level, with concurrent readers if
// asked, and returns each block's trie.node_fetches and the nodes the readers
// fetched.
func blockFetchCounts(t *testing.T, scheme string, gspec *Genesis, blocks []*types.Block, readers bool) (map[uint64]int64, int64) {
	t.Helper()
	recorder := recordSpans(t)

	var (
		chain *BlockChain
		reads atomic.Int64
		stop  = make(chan struct{})
		wg    sync.WaitGroup
	)
	// readHead walks the head state as an RPC call would: every node of the
	// account trie through a trie of its own, and a few state reads through
	// a state database of its own, both on the chain's trie database.
	readHead := func() {
		root := chain.CurrentBlock().Root
		tr, err := trie.NewStateTrie(trie.StateTrieID(root), chain.TrieDB())
		if err != nil {
			return // the head moved on and its state is gone
		}
		it, err := tr.NodeIterator(nil)
		if err != nil {
			return
		}
		for it.Next(true) {
			if it.Hash() != (common.Hash{}) {
				reads.Add(1)
			}
		}
		if sdb, err := state.New(root, state.NewDatabase(chain.TrieDB(), nil)); err == nil {
			sdb.GetState(common.HexToAddress("0xc0ffee"), common.Hash{})
			sdb.GetBalance(common.BigToAddress(common.Big1))
		}
	}
	cfg := DefaultConfig().WithStateScheme(scheme)
	cfg.SnapshotLimit = 0 // no background snapshot generation: fetch counts must not depend on timing
	if readers {
		cfg.VmConfig.Tracer = &tracing.Hooks{
			OnTxStart: func(*tracing.VMContext, *types.Transaction, common.Address) {
				done := make(chan struct{})
				go func() { readHead(); close(done) }()
				<-done
			},
		}
	}
	cfg.BlockTracing = telemetry.BlockTracing{Level: telemetry.LevelNode, FetchSpanThreshold: telemetry.DefaultFetchSpanThreshold}
	var err error
	chain, err = NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Stop()
	if readers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					readHead()
				}
			}
		})
	}
	_, err = chain.InsertChain(blocks)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	counts := make(map[uint64]int64)
	for _, s := range recorder.Ended() {
		if s.Name() == "core.blockchain.ProcessBlock" {
			n, _ := attrInt(s, "block.number")
			counts[uint64(n)], _ = attrInt(s, "trie.node_fetches")
		}
	}
	return counts, reads.Load()
}
