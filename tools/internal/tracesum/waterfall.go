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
	"sort"
)

// waterfallRow is one bar of a block's waterfall: a phase span, or several
// spans of one phase over many storage tries merged into one bar. Times are
// microseconds from the start of the block span.
type waterfallRow struct {
	Phase      string  `json:"phase"`          // the span name
	Trie       string  `json:"trie,omitempty"` // "account trie", "binary trie", "storage trie 0x12ab…", "40 storage tries"
	Level      int     `json:"level"`          // nesting below the block, from 1
	StartUS    float64 `json:"start_us"`       // first start
	DurationUS float64 `json:"duration_us"`    // last end minus first start
	BusyUS     float64 `json:"busy_us"`        // time covered by the spans (merged bars: less than the duration)
	Spans      int     `json:"spans"`          // 1, or the spans merged
	Aggregate  bool    `json:"aggregate"`      // a summary span (state.read), not an interval
	Fetches    int64   `json:"node_fetches"`   // trie.node.fetch spans below it
	Note       string  `json:"note,omitempty"` // e.g. the transactions of the execution
}

// mergeStorageAbove is how many sibling spans of one phase on storage tries
// are drawn one by one; more are merged into one bar.
const mergeStorageAbove = 4

// waterfallOf returns the block's phase spans as bars, depth first in start
// order. Node fetches are counted into the bar of their phase, and the spans
// of execution's transactions into its note; the trie update and rehash spans
// of the commit, which geth parents to the block, are placed under it.
func waterfallOf(b *blockSpans) []waterfallRow {
	var (
		children = make(map[*span][]*span)
		fetches  = make(map[*span]int64)
		txs      int
	)
	for _, s := range b.below {
		p := b.parent(s)
		switch {
		case s.name == opNodeFetch:
			fetches[p]++
		case p != nil && p.name == opExecution:
			if s.name == "core.ApplyTransactionWithEVM" {
				txs++
			}
		case p == b.root && (s.name == opTrieUpdate || s.name == opTrieHash) && b.inCommit(s):
			for _, c := range b.named(opTrieCommit) {
				if b.parent(c) == b.root && c.contains(s) {
					children[c] = append(children[c], s)
					break
				}
			}
		case p != nil && inTree(b, p):
			children[p] = append(children[p], s)
		}
	}
	var rows []waterfallRow
	var walk func(parent *span, level int)
	walk = func(parent *span, level int) {
		kids := children[parent]
		sort.SliceStable(kids, func(i, j int) bool { return kids[i].start < kids[j].start })
		for _, group := range groupStorageSpans(kids) {
			row := newWaterfallRow(b, group, level, fetches)
			if group[0].name == opExecution && txs > 0 {
				row.Note = plural(int64(txs), "transaction", "transactions")
			}
			rows = append(rows, row)
			if len(group) == 1 {
				walk(group[0], level+1)
			}
		}
	}
	walk(b.root, 1)
	return rows
}

// inTree reports whether p is the block span or a phase span drawn in the
// waterfall (not below the execution's transactions).
func inTree(b *blockSpans, p *span) bool {
	for q := p; q != nil && q != b.root; q = b.parent(q) {
		if pp := b.parent(q); pp != nil && pp.name == opExecution {
			return false
		}
	}
	return true
}

// groupStorageSpans splits sibling spans into groups drawn as one bar each:
// every span alone, except that more than mergeStorageAbove spans of one name
// on storage tries become one group.
func groupStorageSpans(spans []*span) [][]*span {
	storage := make(map[string][]*span)
	for _, s := range spans {
		if !isZeroOwner(s.strAttr("trie.owner")) {
			storage[s.name] = append(storage[s.name], s)
		}
	}
	var (
		out  [][]*span
		done = make(map[string]bool)
	)
	for _, s := range spans {
		if group := storage[s.name]; len(group) > mergeStorageAbove && !isZeroOwner(s.strAttr("trie.owner")) {
			if !done[s.name] {
				done[s.name] = true
				out = append(out, group)
			}
			continue
		}
		out = append(out, []*span{s})
	}
	return out
}

// newWaterfallRow describes the bar of a group of spans.
func newWaterfallRow(b *blockSpans, group []*span, level int, fetches map[*span]int64) waterfallRow {
	first, last := group[0].start, group[0].end()
	var n int64
	for _, s := range group {
		first, last = min(first, s.start), max(last, s.end())
		n += fetches[s]
	}
	row := waterfallRow{
		Phase:      group[0].name,
		Level:      level,
		StartUS:    float64(first-b.root.start) / 1e3,
		DurationUS: float64(last-first) / 1e3,
		BusyUS:     float64(wallTime(group)) / 1e3,
		Spans:      len(group),
		Aggregate:  group[0].attrs["aggregate"] == true,
		Fetches:    n,
	}
	switch {
	case len(group) > 1:
		row.Trie = fmt.Sprintf("%d storage tries", len(group))
	case group[0].strAttr("trie.kind") != "" || group[0].strAttr("trie.owner") != "":
		row.Trie = trieName(group[0])
	}
	return row
}

// trieName names the trie a span worked on.
func trieName(s *span) string {
	owner := s.strAttr("trie.owner")
	if !isZeroOwner(owner) {
		if len(owner) > 10 {
			owner = owner[:10] + "…"
		}
		return "storage trie " + owner
	}
	if s.name == opTrieCommit || s.name == opTriedb {
		return ""
	}
	if s.strAttr("trie.kind") == "binary" {
		return trieBinary
	}
	return trieAccount
}
