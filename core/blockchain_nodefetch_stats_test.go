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
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
)

// slowBlockEntries inserts blocks one by one into a fresh chain with the
// slow-block log on at threshold 0 and returns the entries logged.
func slowBlockEntries(t *testing.T, options *BlockChainConfig, gspec *Genesis, blocks []*types.Block) []slowBlockLog {
	t.Helper()
	var buf bytes.Buffer
	old := log.Root()
	log.SetDefault(log.NewLogger(log.JSONHandler(&buf)))
	defer log.SetDefault(old)

	options.SlowBlockThreshold = 0
	chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), options)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Stop()
	for _, block := range blocks {
		if _, err := chain.InsertChain(types.Blocks{block}); err != nil {
			t.Fatal(err)
		}
	}
	var entries []slowBlockLog
	for sc := bufio.NewScanner(&buf); sc.Scan(); {
		var line struct{ Msg string }
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		var entry slowBlockLog
		if json.Unmarshal([]byte(line.Msg), &entry) == nil && entry.Msg == "Slow block" {
			entries = append(entries, entry)
		}
	}
	if len(entries) != len(blocks) {
		t.Fatalf("%d slow-block entries, want one per block (%d)", len(entries), len(blocks))
	}
	return entries
}

// logNodeFetches reads the node fetches of a logged entry's extensions, nil
// if it has none.
func logNodeFetches(t *testing.T, entry slowBlockLog) *nodeFetchStats {
	t.Helper()
	v, ok := entry.Extensions["node_fetches"]
	if !ok {
		return nil
	}
	blob, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var nf nodeFetchStats
	if err := json.Unmarshal(blob, &nf); err != nil {
		t.Fatalf("extensions.node_fetches: %v", err)
	}
	return &nf
}

// TestSlowBlockNodeFetches checks that with the slow-block log on, and
// telemetry off, every block's entry has its node fetches: by path and by
// source adding up to the total, repeats by path to the repeats. The blocks
// transfer value and update a storage slot (telemetryTestChain): the update
// opens the account trie and fetches its root, which the state reader had
// fetched, so every block has a repeat; the prefetcher warms the accounts and
// the slot written, and on the hash scheme without snapshot, which has no
// flat state, the state reader fetches the trie nodes of every account and
// slot read.
func TestSlowBlockNodeFetches(t *testing.T) {
	gspec, blocks := telemetryTestChain(t, 3)
	noSnapshot := DefaultConfig().WithStateScheme(rawdb.HashScheme)
	noSnapshot.SnapshotLimit = 0
	for _, tc := range []struct {
		name    string
		options *BlockChainConfig
	}{
		{"hash-nosnapshot", noSnapshot},
		{"path", DefaultConfig().WithStateScheme(rawdb.PathScheme)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, entry := range slowBlockEntries(t, tc.options, gspec, blocks) {
				number := entry.Block.Number
				nf := logNodeFetches(t, entry)
				if nf == nil {
					t.Fatalf("block %d: no extensions.node_fetches", number)
				}
				var fetches, bytes, repeats, repeatBytes int64
				for _, path := range []string{"reader", "prefetcher", "update", "commit"} {
					ps, ok := nf.ByPath[path]
					if !ok {
						t.Fatalf("block %d: no %s in by_path", number, path)
					}
					if sumSources(ps.Sources) != ps.Fetches {
						t.Errorf("block %d, %s: sources %v do not add up to %d fetches", number, path, ps.Sources, ps.Fetches)
					}
					fetches, bytes = fetches+ps.Fetches, bytes+ps.Bytes
					repeats, repeatBytes = repeats+ps.Repeats, repeatBytes+ps.RepeatBytes
				}
				if fetches != nf.Total || bytes != nf.Bytes || repeats != nf.Repeats || repeatBytes != nf.RepeatBytes || sumSources(nf.Sources) != nf.Total {
					t.Errorf("block %d: paths add up to %d fetches, %d bytes, %d repeats (%d bytes); totals %+v",
						number, fetches, bytes, repeats, repeatBytes, nf)
				}
				if nf.Repeats == 0 || nf.ByPath["update"].Repeats == 0 || nf.ByPath["prefetcher"].Fetches == 0 {
					t.Errorf("block %d: %+v, want a repeat by the update and prefetcher fetches", number, nf)
				}
				if tc.options.SnapshotLimit == 0 && nf.ByPath["reader"].Fetches <= 2 {
					t.Errorf("block %d: the reader fetched %d nodes, want the paths it read", number, nf.ByPath["reader"].Fetches)
				}
			}
		})
	}
}

func sumSources(sources map[string]int64) (n int64) {
	for _, v := range sources {
		n += v
	}
	return n
}

// TestNodeFetchesOff checks that with the slow-block log and telemetry off a
// block is processed without a recorder, at no allocation, and that with the
// log on a recorder is made, or telemetry's reused.
func TestNodeFetchesOff(t *testing.T) {
	ctx := context.Background()
	off := &BlockChain{slowBlockThreshold: -1}
	if got := off.startNodeFetches(ctx); got != ctx {
		t.Error("slow-block log off: startNodeFetches made a new context")
	}
	if allocs := testing.AllocsPerRun(100, func() { nodeFetchesOffPath(off, ctx) }); allocs != 0 {
		t.Errorf("slow-block log off: %v allocations per block, want 0", allocs)
	}
	on := &BlockChain{slowBlockThreshold: time.Second}
	if nodefetch.FromContext(on.startNodeFetches(ctx)) == nil {
		t.Error("slow-block log on: no recorder")
	}
	rec := nodefetch.NewRecorder(0, 1)
	if got := nodefetch.FromContext(on.startNodeFetches(nodefetch.NewContext(ctx, rec))); got != rec {
		t.Error("slow-block log on at node level: telemetry's recorder not reused")
	}
}

// nodeFetchesOffPath is the node-fetch accounting's part in processing one
// block: the context, the state database to read with, the statistics.
func nodeFetchesOffPath(bc *BlockChain, ctx context.Context) {
	bctx := bc.startNodeFetches(ctx)
	withBlockNodeFetches(bctx, nil)
	recordNodeFetches(bctx, &blockProcessingResult{stats: &ExecuteStats{}})
}

// BenchmarkNodeFetchesOff is the node-fetch accounting's cost per block with
// the slow-block log and telemetry off: none, and no allocation.
func BenchmarkNodeFetchesOff(b *testing.B) {
	bc, ctx := &BlockChain{slowBlockThreshold: -1}, context.Background()
	b.ReportAllocs()
	for b.Loop() {
		nodeFetchesOffPath(bc, ctx)
	}
}

// BenchmarkNodeFetchAccounting imports the same chain with the slow-block log
// off and on at a threshold no block reaches (so that the recorder counts
// every block and nothing is logged): the cost of the accounting.
func BenchmarkNodeFetchAccounting(b *testing.B) {
	t := new(testing.T)
	gspec, blocks := telemetryTestChainSize(t, 8, 60)
	for _, bc := range []struct {
		name      string
		threshold time.Duration
	}{{"off", -1}, {"slowblock", time.Hour}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				options := DefaultConfig().WithStateScheme(rawdb.PathScheme)
				options.SlowBlockThreshold = bc.threshold
				chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), options)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := chain.InsertChain(blocks); err != nil {
					b.Fatal(err)
				}
				chain.Stop()
			}
		})
	}
}
