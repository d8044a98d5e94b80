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
	"sort"
	"strings"
)

// fetchSummary breaks down the trie node fetches of a block, from its
// trie.node.fetch spans, and checks them against the block's fetch counter.
type fetchSummary struct {
	Spans        int64        `json:"spans"`
	Counted      *int64       `json:"counted"`       // trie.node_fetches of the block span
	Dropped      *int64       `json:"spans_dropped"` // trie.node_fetch_spans_dropped
	Aggregated   *int64       `json:"aggregated"`    // trie.node_fetches_aggregated: fetches below geth's span threshold
	Complete     bool         `json:"complete"`      // Spans + Aggregated + Dropped == Counted (Spans == Counted without aggregation)
	Total        fetchStats   `json:"total"`
	ByDepth      []depthGroup `json:"by_depth"`
	BySource     []fetchGroup `json:"by_source"`
	ByKind       []fetchGroup `json:"by_kind"`
	ByTrie       []fetchGroup `json:"by_trie"`
	StorageTries int          `json:"storage_tries"` // distinct storage trie owners
	ByPhase      []fetchGroup `json:"by_phase"`

	ByPath  []pathGroup    `json:"by_path,omitempty"` // by code path, from the block span (geth with trie-nodefetch-paths)
	Repeats *repeatSummary `json:"repeats,omitempty"` // fetches of a node fetched before in the block
}

// depthKey identifies a depth histogram bucket.
type depthKey struct {
	kind  string
	depth int64
}

// newFetchSummary summarizes the block's trie.node.fetch spans; it returns nil
// if the block has neither such spans nor a fetch counter (telemetry below
// node level).
func newFetchSummary(b *blockSpans) *fetchSummary {
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
	if v, ok := b.root.intAttr("trie.node_fetches_aggregated"); ok {
		fs.Aggregated = &v
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
		phases.add(cachedPath(b, paths, b.parent(s)), s)
	}
	if total.count == 0 && fs.Counted == nil {
		return nil
	}
	fs.Spans = total.count
	fs.Complete = fs.Counted != nil && *fs.Counted == fs.Spans+fs.unspanned()
	fs.Total = total.stats()
	fs.ByDepth = sortedDepths(depths)
	fs.BySource = sources.sorted(bySource)
	if fs.Aggregated != nil {
		fs.fromSummary(b)
	}
	fs.ByKind = kinds.sorted(byKey)
	fs.ByTrie = tries.sorted(byKey)
	fs.StorageTries = len(owners)
	fs.ByPhase = phases.sorted(byFirstFetch)
	fs.ByPath, fs.Repeats = pathsOf(b)
	return fs
}

// cachedPath returns the phase path of a fetch's parent p, memoized in paths.
func cachedPath(b *blockSpans, paths map[*span]string, p *span) string {
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

// fetchStats sums a group of node fetches. Times are microseconds.
type fetchStats struct {
	Count  int64   `json:"count"`
	Bytes  int64   `json:"bytes"`
	TimeUS float64 `json:"time_us"`
	MeanUS float64 `json:"mean_us"`
	Failed int64   `json:"failed,omitempty"`
}

// fetchGroup is the fetches sharing a key (a source, a trie kind, ...).
type fetchGroup struct {
	Key string `json:"key"`
	fetchStats
}

// depthGroup is the fetches of one trie kind at one depth (nibbles for mpt,
// bits for binary).
type depthGroup struct {
	Kind  string `json:"kind"`
	Depth int64  `json:"depth"`
	fetchStats
}

// fetchAcc accumulates fetches, with times in nanoseconds.
type fetchAcc struct {
	count, bytes, ns, failed int64
	first                    int64 // start of the earliest fetch
}

func (a *fetchAcc) add(s *span) {
	if a.count == 0 || s.start < a.first {
		a.first = s.start
	}
	a.count++
	a.bytes += s.intOr("node.bytes")
	a.ns += s.duration
	if s.failed {
		a.failed++
	}
}

func (a *fetchAcc) stats() fetchStats {
	st := fetchStats{Count: a.count, Bytes: a.bytes, TimeUS: float64(a.ns) / 1e3, Failed: a.failed}
	if a.count > 0 {
		st.MeanUS = st.TimeUS / float64(a.count)
	}
	return st
}

// Trie classes of fetches: zero owner is the account trie (mpt) or the single
// binary trie; any other owner is a storage trie.
const (
	trieAccount = "account trie"
	trieBinary  = "binary trie"
	trieStorage = "storage tries"
)

// trieClass returns the class of the trie a fetch read.
func trieClass(s *span) string {
	if !isZeroOwner(s.strAttr("trie.owner")) {
		return trieStorage
	}
	if s.strAttr("trie.kind") == "binary" {
		return trieBinary
	}
	return trieAccount
}

// isZeroOwner reports whether a trie owner is the zero hash (or absent).
func isZeroOwner(owner string) bool {
	return strings.Trim(strings.TrimPrefix(owner, "0x"), "0") == ""
}

// sourceOrder ranks node sources from nearest to farthest.
var sourceOrder = map[string]int{"diff": 0, "dirty": 1, "clean": 2, "disk": 3, "unknown": 4}

// fetchGroups accumulates fetches by key, keeping insertion order.
type fetchGroups struct {
	keys []string
	acc  map[string]*fetchAcc
}

func (g *fetchGroups) add(key string, s *span) {
	if g.acc == nil {
		g.acc = make(map[string]*fetchAcc)
	}
	a := g.acc[key]
	if a == nil {
		a = new(fetchAcc)
		g.acc[key] = a
		g.keys = append(g.keys, key)
	}
	a.add(s)
}

// sorted returns the groups ordered by less over keys and accumulators.
func (g *fetchGroups) sorted(less func(ki, kj string, ai, aj *fetchAcc) bool) []fetchGroup {
	keys := append([]string(nil), g.keys...)
	sort.SliceStable(keys, func(i, j int) bool {
		return less(keys[i], keys[j], g.acc[keys[i]], g.acc[keys[j]])
	})
	out := make([]fetchGroup, len(keys))
	for i, k := range keys {
		out[i] = fetchGroup{Key: k, fetchStats: g.acc[k].stats()}
	}
	return out
}

// byKey orders groups by key.
func byKey(ki, kj string, _, _ *fetchAcc) bool { return ki < kj }

// bySource orders node sources from nearest to farthest, unknown names last.
func bySource(ki, kj string, _, _ *fetchAcc) bool {
	ri, oki := sourceOrder[ki]
	rj, okj := sourceOrder[kj]
	if oki != okj {
		return oki
	}
	if ri != rj {
		return ri < rj
	}
	return ki < kj
}

// byFirstFetch orders groups by their earliest fetch.
func byFirstFetch(_, _ string, ai, aj *fetchAcc) bool { return ai.first < aj.first }

// unspanned returns how many counted fetches geth gave no span on purpose:
// those below its span threshold (aggregated) and, when it aggregates, those
// over its span limit (dropped). Traces without aggregation count every
// fetch as a span, drops included.
func (fs *fetchSummary) unspanned() int64 {
	if fs.Aggregated == nil {
		return 0
	}
	n := *fs.Aggregated
	if fs.Dropped != nil {
		n += *fs.Dropped
	}
	return n
}

// fetchSources are the node sources geth's node-fetch summary counts.
var fetchSources = []string{"unknown", "diff", "dirty", "clean", "disk"}

// fromSummary takes the totals, depths and sources of every fetch from the
// block span's node-fetch summary, written by geth that gives only slow
// fetches a span; the trie, kind and phase breakdowns stay those of the
// spans. The summary has counts per depth and source, not bytes or times.
func (fs *fetchSummary) fromSummary(b *blockSpans) {
	r := b.root
	fs.Total = fetchStats{
		Count:  *fs.Counted,
		Bytes:  r.intOr("trie.node_fetch_bytes"),
		TimeUS: float64(r.intOr("trie.node_fetch_us")),
		Failed: r.intOr("trie.node_fetches_failed"),
	}
	if fs.Total.Count > 0 {
		fs.Total.MeanUS = fs.Total.TimeUS / float64(fs.Total.Count)
	}
	if depths, ok := r.intsAttr("trie.node_fetch_depths"); ok {
		kind := "mpt"
		for _, s := range b.below {
			if k := s.strAttr("trie.kind"); k != "" {
				kind = k
				break
			}
		}
		fs.ByDepth = nil
		for d, n := range depths {
			if n > 0 {
				fs.ByDepth = append(fs.ByDepth, depthGroup{Kind: kind, Depth: int64(d), fetchStats: fetchStats{Count: n}})
			}
		}
	}
	var sources []fetchGroup
	for _, src := range fetchSources {
		if n := r.intOr("trie.node_fetches." + src); n > 0 {
			sources = append(sources, fetchGroup{Key: src, fetchStats: fetchStats{Count: n}})
		}
	}
	if len(sources) > 0 {
		sort.SliceStable(sources, func(i, j int) bool { return sources[i].Count > sources[j].Count })
		fs.BySource = sources
	}
}

// fetchPaths are the code paths geth counts node fetches for
// (trie.node_fetches.<path>), in the order of a block's work.
var fetchPaths = []string{"reader", "prefetcher", "update", "commit"}

// pathGroup is the fetches one code path made: the state reader, the trie
// prefetcher, the trie update and rehash, or the commit. Its repeats are its
// fetches of a node the block had fetched before, by itself or another path.
type pathGroup struct {
	Path        string           `json:"path"`
	Count       int64            `json:"count"`
	Bytes       int64            `json:"bytes"`
	Repeats     int64            `json:"repeats"`
	RepeatBytes int64            `json:"repeat_bytes"`
	Sources     map[string]int64 `json:"sources"` // fetches by node source
}

// repeatSummary is how many of a block's fetches were of a node it had
// already fetched (same owner, path and hash).
type repeatSummary struct {
	Count     int64 `json:"count"`
	Bytes     int64 `json:"bytes"`
	Untracked int64 `json:"untracked"` // fetches geth did not check (its bound on nodes remembered)
}

// pathsOf reads the block span's fetches by code path and its repeats, which
// geth writes at telemetry level node (core-slowblock-node-fetches); nil, nil
// for a trace without them.
func pathsOf(b *blockSpans) ([]pathGroup, *repeatSummary) {
	r := b.root
	repeats, ok := r.intAttr("trie.node_fetch_repeats")
	if !ok {
		return nil, nil
	}
	groups := make([]pathGroup, 0, len(fetchPaths))
	for _, path := range fetchPaths {
		g := pathGroup{
			Path:        path,
			Count:       r.intOr("trie.node_fetches." + path),
			Bytes:       r.intOr("trie.node_fetch_bytes." + path),
			Repeats:     r.intOr("trie.node_fetch_repeats." + path),
			RepeatBytes: r.intOr("trie.node_fetch_repeat_bytes." + path),
			Sources:     make(map[string]int64, len(fetchSources)),
		}
		// geth lists the sources in its own order, which fetchSources follows.
		counts, _ := r.intsAttr("trie.node_fetch_sources." + path)
		for i, n := range counts {
			if i < len(fetchSources) {
				g.Sources[fetchSources[i]] = n
			}
		}
		groups = append(groups, g)
	}
	return groups, &repeatSummary{
		Count:     repeats,
		Bytes:     r.intOr("trie.node_fetch_repeat_bytes"),
		Untracked: r.intOr("trie.node_fetch_repeats_untracked"),
	}
}
