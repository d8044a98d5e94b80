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

// Package slowblock parses what bench reads from the log of a geth import:
// the cross-client per-block JSON that --debug.logslowblock writes (one
// Entry per block), and the pebble block cache hit rate in the database
// statistics geth import prints at exit.
package slowblock

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
)

// Entry is the cross-client per-block JSON that geth logs with
// --debug.logslowblock (core/blockchain_stats.go, slowBlockLog), with
// statelab's figures from its "extensions" object. Unknown fields are
// ignored.
type Entry struct {
	Msg   string `json:"msg"`
	Block struct {
		Number  uint64 `json:"number"`
		Hash    string `json:"hash"`
		GasUsed uint64 `json:"gas_used"`
		TxCount int    `json:"tx_count"`
	} `json:"block"`
	Timing struct {
		ExecutionMs float64 `json:"execution_ms"`
		StateReadMs float64 `json:"state_read_ms"`
		StateHashMs float64 `json:"state_hash_ms"`
		CommitMs    float64 `json:"commit_ms"`
		TotalMs     float64 `json:"total_ms"`
	} `json:"timing"`
	Throughput struct {
		MgasPerSec float64 `json:"mgas_per_sec"`
	} `json:"throughput"`
	StateReads struct {
		Accounts     int `json:"accounts"`
		StorageSlots int `json:"storage_slots"`
	} `json:"state_reads"`
	StateWrites struct {
		Accounts     int `json:"accounts"`
		StorageSlots int `json:"storage_slots"`
	} `json:"state_writes"`
	Cache struct {
		Account CacheEntry `json:"account"`
		Storage CacheEntry `json:"storage"`
		Code    CacheEntry `json:"code"`
	} `json:"cache"`
	Extensions `json:"extensions"` // figures beyond the cross-client format (patch core-slowblock-extensions)
}

// Extensions are the figures a statelab geth logs beyond the cross-client
// format, in the entry's "extensions" object; each is nil when its feature
// was off.
type Extensions struct {
	BAL         *BAL         `json:"bal,omitempty"`          // BAL sidecar figures (patch core-bal-sidecar)
	NodeFetches *NodeFetches `json:"node_fetches,omitempty"` // trie node fetches (patch core-slowblock-node-fetches)
}

// UnmarshalJSON reads an entry. The figures of a statelab geth from before
// they moved into "extensions", at the entry's top level, are read too, so
// that older logs and runs.json files keep them.
func (e *Entry) UnmarshalJSON(blob []byte) error {
	type plain Entry
	var legacy struct {
		plain
		BAL         *BAL         `json:"bal"`
		NodeFetches *NodeFetches `json:"node_fetches"`
	}
	if err := json.Unmarshal(blob, &legacy); err != nil {
		return err
	}
	*e = Entry(legacy.plain)
	if e.Extensions.BAL == nil {
		e.Extensions.BAL = legacy.BAL
	}
	if e.Extensions.NodeFetches == nil {
		e.Extensions.NodeFetches = legacy.NodeFetches
	}
	return nil
}

// NodeFetches is the "node_fetches" object statelab adds to the per-block
// JSON: the block's trie node fetches, by the code path that made them
// (reader, prefetcher, update, commit), and its repeats, fetches of a node the
// block had fetched before. Sources are keyed by geth's source names
// (unknown, diff, dirty, clean, disk).
type NodeFetches struct {
	Total       int64                  `json:"total"`
	Bytes       int64                  `json:"bytes"`
	Failed      int64                  `json:"failed"`
	Repeats     int64                  `json:"repeats"`
	RepeatBytes int64                  `json:"repeat_bytes"`
	Untracked   int64                  `json:"untracked"` // fetches geth did not check for a repeat
	Sources     map[string]int64       `json:"sources"`
	ByPath      map[string]PathFetches `json:"by_path"`
}

// PathFetches is the fetches of one code path in NodeFetches.
type PathFetches struct {
	Fetches     int64            `json:"fetches"`
	Bytes       int64            `json:"bytes"`
	Repeats     int64            `json:"repeats"`
	RepeatBytes int64            `json:"repeat_bytes"`
	Sources     map[string]int64 `json:"sources"`
}

// BAL is the "bal" object statelab adds to the per-block JSON of a block
// imported with a BAL sidecar entry.
type BAL struct {
	Type             int     `json:"type"`
	PrefetchMs       float64 `json:"prefetch_ms"`
	SlotFetchMs      float64 `json:"slot_fetch_ms"` // time the Type-1 slot fetch ran, before or beside execution
	AccountsFetched  int     `json:"accounts_fetched"`
	SlotsFetched     int     `json:"slots_fetched"`
	AccountsInjected int     `json:"accounts_injected"`
	SlotsInjected    int     `json:"slots_injected"`
	SlotsFromTrie    int     `json:"slots_from_trie"` // Type-1 written slots read from the warmed tries (--bal.fetch trie)
	DBAccountReads   int64   `json:"db_account_reads"`
	DBSlotReads      int64   `json:"db_slot_reads"`
	DBCodeReads      int64   `json:"db_code_reads"`
	// Warming of the write set's trie paths (sidecar version 2).
	WarmAccounts int     `json:"warm_accounts"`
	WarmSlots    int     `json:"warm_slots"`
	WarmNodes    int64   `json:"warm_nodes"`
	WarmBytes    int64   `json:"warm_bytes"`
	WarmMs       float64 `json:"warm_ms"`
	WarmWaitMs   float64 `json:"warm_wait_ms"`
}

// CacheEntry is one cache's hit and miss counts in a Entry.
type CacheEntry struct {
	Hits    int64   `json:"hits"`
	Misses  int64   `json:"misses"`
	HitRate float64 `json:"hit_rate"`
}

// Marker starts the JSON object of a per-block log line.
var Marker = []byte(`{"level":"warn","msg":"Slow block"`)

// Parse extracts the per-block JSON entries from a geth log, in the
// terminal format (the JSON is the message) or the JSON format (the JSON is
// escaped inside "msg", which Parse does not handle: geth is run with
// the default format). A marked line that does not parse is an error.
func Parse(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		start := bytes.Index(text, Marker)
		if start < 0 {
			continue
		}
		end := bytes.LastIndexByte(text, '}')
		if end < start {
			return nil, fmt.Errorf("log line %d: truncated per-block JSON", line)
		}
		var b Entry
		if err := json.Unmarshal(text[start:end+1], &b); err != nil {
			return nil, fmt.Errorf("log line %d: per-block JSON: %v", line, err)
		}
		out = append(out, b)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// pebbleBlockCacheLine matches the block cache line of pebble's metrics,
// which geth import prints at exit ("Block cache: 2 entries (1B)  hit
// rate: 42.9%").
var pebbleBlockCacheLine = regexp.MustCompile(`^Block cache: .* hit rate: ([0-9.]+)%`)

// ParsePebbleBlockHit returns the last pebble block cache hit rate printed
// in a geth log, or nil if there is none.
func ParsePebbleBlockHit(r io.Reader) *float64 {
	var out *float64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		if m := pebbleBlockCacheLine.FindSubmatch(sc.Bytes()); m != nil {
			if v, err := strconv.ParseFloat(string(m[1]), 64); err == nil {
				out = &v
			}
		}
	}
	return out
}
