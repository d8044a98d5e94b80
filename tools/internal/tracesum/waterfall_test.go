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

package tracesum

import (
	"fmt"
	"testing"
)

// TestWaterfallSmall checks the bars of the hand-built block (see
// TestSmallSummary for its spans).
func TestWaterfallSmall(t *testing.T) {
	rows := summarizeFile(t, smallOTLP).Waterfall
	want := []string{
		"1 state.read  0-1000 aggregate 0 fetches",
		"1 bc.processor.Process  10-4010 2 fetches 2 transactions",
		"1 bc.validator.ValidateState  4020-7020 0 fetches",
		"2 state.trie.update storage trie 0x11111111… 4030-5030 1 fetches",
		"2 state.trie.update storage trie 0x22222222… 4500-5500 1 fetches",
		"2 state.trie.hash storage trie 0x11111111… 5030-5330 0 fetches",
		"2 state.trie.hash storage trie 0x22222222… 5500-5700 0 fetches",
		"2 state.trie.update account trie 5700-6200 0 fetches",
		"2 state.trie.hash account trie 6200-7000 0 fetches",
		"1 state.trie.commit  7100-8600 1 fetches",
		"2 state.trie.update account trie 7110-7150 0 fetches", // parented to the block, drawn in the commit
		"2 state.trie.hash account trie 7150-7210 0 fetches",
		"1 triedb.commit  8700-9300 0 fetches",
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for i, r := range rows {
		got := fmt.Sprintf("%d %s %s %.0f-%.0f", r.Level, r.Phase, r.Trie, r.StartUS, r.StartUS+r.DurationUS)
		if r.Aggregate {
			got += " aggregate"
		}
		got += fmt.Sprintf(" %d fetches", r.Fetches)
		if r.Note != "" {
			got += " " + r.Note
		}
		if got != want[i] {
			t.Errorf("row %d: %q, want %q", i, got, want[i])
		}
	}
}

// TestWaterfallMergesStorageTries draws the updates of many storage tries as
// one bar that spans them, busy for the time they cover.
func TestWaterfallMergesStorageTries(t *testing.T) {
	root := &span{traceID: "t", id: "root", name: blockOperation, start: 0, duration: 100_000}
	validate := &span{traceID: "t", id: "v", parentID: "root", name: opValidate, start: 1000, duration: 50_000}
	spans := []*span{root, validate}
	for i := range 6 {
		spans = append(spans, &span{traceID: "t", id: fmt.Sprint("u", i), parentID: "v", name: opTrieUpdate,
			start: int64(2000 + 10_000*i), duration: 5000, attrs: map[string]any{"trie.owner": fmt.Sprintf("0x%064x", i+1)}})
	}
	spans = append(spans, &span{traceID: "t", id: "acct", parentID: "v", name: opTrieUpdate, start: 70_000, duration: 1000,
		attrs: map[string]any{"trie.owner": "0x" + fmt.Sprintf("%064d", 0)}})
	blocks := traceBlocks(&trace{id: "t", spans: spans})
	rows := waterfallOf(blocks[0])
	if len(rows) != 3 {
		t.Fatalf("%d rows, want validation, the merged storage tries and the account trie: %+v", len(rows), rows)
	}
	merged := rows[1]
	if merged.Trie != "6 storage tries" || merged.Spans != 6 || merged.StartUS != 2 || merged.DurationUS != 55 || merged.BusyUS != 30 {
		t.Errorf("merged bar %+v, want 6 storage tries from 2 µs for 55 µs, busy 30 µs", merged)
	}
	if rows[2].Trie != trieAccount {
		t.Errorf("last bar %+v, want the account trie", rows[2])
	}
}
