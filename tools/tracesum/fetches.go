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

import "sort"

// fetchSummary breaks down the trie node fetches of a block, from its
// trie.node.fetch spans, and checks them against the block's fetch counter.
type fetchSummary struct {
	Spans        int64        `json:"spans"`
	Counted      *int64       `json:"counted"`       // trie.node_fetches of the block span
	Dropped      *int64       `json:"spans_dropped"` // trie.node_fetch_spans_dropped
	Complete     bool         `json:"complete"`      // Spans == Counted
	Total        fetchStats   `json:"total"`
	ByDepth      []depthGroup `json:"by_depth"`
	BySource     []fetchGroup `json:"by_source"`
	ByKind       []fetchGroup `json:"by_kind"`
	ByTrie       []fetchGroup `json:"by_trie"`
	StorageTries int          `json:"storage_tries"` // distinct storage trie owners
	ByPhase      []fetchGroup `json:"by_phase"`
}

// depthKey identifies a depth histogram bucket.
type depthKey struct {
	kind  string
	depth int64
}

// fetchSummary summarizes the block's trie.node.fetch spans; it returns nil
// if the block has neither such spans nor a fetch counter (telemetry below
// node level).
func (b *blockSpans) fetchSummary() *fetchSummary {
	var (
		fs      = &fetchSummary{}
		total   fetchAcc
		depths  = make(map[depthKey]*fetchAcc)
		sources fetchGroups
		kinds   fetchGroups
		tries   fetchGroups
		phases  fetchGroups
		owners  = make(map[string]bool)
		paths   = make(map[*span]string)
	)
	if v, ok := b.root.intAttr("trie.node_fetches"); ok {
		fs.Counted = &v
	}
	if v, ok := b.root.intAttr("trie.node_fetch_spans_dropped"); ok {
		fs.Dropped = &v
	}
	for _, s := range b.named(opNodeFetch) {
		total.add(s)
		kind := s.strAttr("trie.kind")
		dk := depthKey{kind, s.intOr("trie.depth")}
		if depths[dk] == nil {
			depths[dk] = new(fetchAcc)
		}
		depths[dk].add(s)
		sources.add(s.strAttr("node.source"), s)
		kinds.add(kind, s)
		class := trieClass(s)
		tries.add(class, s)
		if class == trieStorage {
			owners[s.strAttr("trie.owner")] = true
		}
		phases.add(b.cachedPath(paths, b.parent(s)), s)
	}
	if total.count == 0 && fs.Counted == nil {
		return nil
	}
	fs.Spans = total.count
	fs.Complete = fs.Counted != nil && *fs.Counted == fs.Spans
	fs.Total = total.stats()
	fs.ByDepth = sortedDepths(depths)
	fs.BySource = sources.sorted(bySource)
	fs.ByKind = kinds.sorted(byKey)
	fs.ByTrie = tries.sorted(byKey)
	fs.StorageTries = len(owners)
	fs.ByPhase = phases.sorted(byFirstFetch)
	return fs
}

// cachedPath returns the phase path of a fetch's parent p, memoized in paths.
func (b *blockSpans) cachedPath(paths map[*span]string, p *span) string {
	if p == nil {
		p = b.root
	}
	if path, ok := paths[p]; ok {
		return path
	}
	path := b.phasePath(p)
	paths[p] = path
	return path
}

// sortedDepths returns the depth buckets by kind, then depth.
func sortedDepths(depths map[depthKey]*fetchAcc) []depthGroup {
	out := make([]depthGroup, 0, len(depths))
	for k, a := range depths {
		out = append(out, depthGroup{Kind: k.kind, Depth: k.depth, fetchStats: a.stats()})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Depth < out[j].Depth
	})
	return out
}
