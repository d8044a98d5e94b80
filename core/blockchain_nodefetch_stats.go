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
	"context"
	"math"
	"time"

	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"github.com/ethereum/go-ethereum/triedb/database"
	"go.opentelemetry.io/otel/attribute"
)

// nodeFetchStats is a block's trie node fetches in the slow-block JSON: how
// many, how large and where from, by the code path that made them (state
// reader, trie prefetcher, trie update and rehash, commit), and how many were
// of a node the block had already fetched (repeats).
type nodeFetchStats struct {
	Total       int64            `json:"total"`
	Bytes       int64            `json:"bytes"`
	Failed      int64            `json:"failed"`       // fetches that found no node
	Repeats     int64            `json:"repeats"`      // fetches of a node (owner, path, hash) fetched before in the block
	RepeatBytes int64            `json:"repeat_bytes"` // their bytes
	Untracked   int64            `json:"untracked"`    // fetches not checked for a repeat (nodefetch.MaxTrackedNodes reached)
	Sources     map[string]int64 `json:"sources"`      // fetches by source: unknown (hash scheme), diff, dirty, clean, disk

	ByPath map[string]nodeFetchPathStats `json:"by_path"` // reader, prefetcher, update, commit
}

// nodeFetchPathStats is the fetches of one code path. Its repeats are the
// fetches it made of nodes fetched before, by itself or another path.
type nodeFetchPathStats struct {
	Fetches     int64            `json:"fetches"`
	Bytes       int64            `json:"bytes"`
	Repeats     int64            `json:"repeats"`
	RepeatBytes int64            `json:"repeat_bytes"`
	Sources     map[string]int64 `json:"sources"`
}

// newNodeFetchStats turns a recorder's summary into the slow-block object.
func newNodeFetchStats(s nodefetch.Summary) *nodeFetchStats {
	stats := &nodeFetchStats{
		Total:       s.Fetches,
		Bytes:       s.Bytes,
		Failed:      s.Failed,
		Repeats:     s.Repeats,
		RepeatBytes: s.RepeatBytes,
		Untracked:   s.Untracked,
		Sources:     sourceCounts(s.Sources),
		ByPath:      make(map[string]nodeFetchPathStats, nodefetch.NumPaths),
	}
	for p, ps := range s.Paths {
		stats.ByPath[nodefetch.Path(p).String()] = nodeFetchPathStats{
			Fetches:     ps.Fetches,
			Bytes:       ps.Bytes,
			Repeats:     ps.Repeats,
			RepeatBytes: ps.RepeatBytes,
			Sources:     sourceCounts(ps.Sources),
		}
	}
	return stats
}

func sourceCounts(counts [database.NumNodeSources]int64) map[string]int64 {
	m := make(map[string]int64, len(counts))
	for src, n := range counts {
		m[database.NodeSource(src).String()] = n
	}
	return m
}

// startNodeFetches returns the context to process a block with. When the
// slow-block log is on (BlockChainConfig.SlowBlockThreshold, at any
// threshold), it carries a node-fetch recorder, so that every block's entry
// has its fetches: the one telemetry put there at node level, else one that
// only counts. Otherwise it is ctx, and the block's state is read without a
// recording view.
func (bc *BlockChain) startNodeFetches(ctx context.Context) context.Context {
	if bc.slowBlockThreshold < 0 || nodefetch.FromContext(ctx) != nil {
		return ctx
	}
	return nodefetch.NewContext(ctx, nodefetch.NewRecorder(time.Duration(math.MaxInt64), 0))
}

// recordNodeFetches puts the fetches of the block processed with ctx into its
// statistics, if a recorder counted them. Call it once the block has been
// processed: the prefetcher has stopped by then.
func recordNodeFetches(ctx context.Context, res *blockProcessingResult) {
	if res == nil || res.stats == nil {
		return
	}
	if rec := nodefetch.FromContext(ctx); rec != nil {
		res.stats.NodeFetches = newNodeFetchStats(rec.Summary())
	}
}

// nodeFetchPathAttributes turns the block's fetches by path and its repeats
// into block span attributes: for each path its fetches, bytes, repeats and
// repeat bytes, and its fetches by source as a list in database.NodeSource
// order (unknown, diff, dirty, clean, disk).
func nodeFetchPathAttributes(s nodefetch.Summary) []telemetry.Attribute {
	attrs := []telemetry.Attribute{
		telemetry.Int64Attribute("trie.node_fetch_repeats", s.Repeats),
		telemetry.Int64Attribute("trie.node_fetch_repeat_bytes", s.RepeatBytes),
		telemetry.Int64Attribute("trie.node_fetch_repeats_untracked", s.Untracked),
	}
	for p, ps := range s.Paths {
		name := nodefetch.Path(p).String()
		attrs = append(attrs,
			telemetry.Int64Attribute("trie.node_fetches."+name, ps.Fetches),
			telemetry.Int64Attribute("trie.node_fetch_bytes."+name, ps.Bytes),
			telemetry.Int64Attribute("trie.node_fetch_repeats."+name, ps.Repeats),
			telemetry.Int64Attribute("trie.node_fetch_repeat_bytes."+name, ps.RepeatBytes),
			attribute.Int64Slice("trie.node_fetch_sources."+name, ps.Sources[:]),
		)
	}
	return attrs
}
