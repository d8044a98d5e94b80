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
	"sort"
	"strings"
)

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
