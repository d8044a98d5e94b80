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
	"strings"
)

// depthUnits names the unit of trie.depth per trie kind.
var depthUnits = map[string]string{"mpt": "nibbles", "binary": "bits"}

// writeFetches writes the node fetch tables.
func writeFetches(b *strings.Builder, fs *fetchSummary, format string) {
	if fs == nil {
		b.WriteString("\nNode fetches\n  - (no trie.node.fetch spans nor trie.node_fetches: telemetry below level node)\n")
		return
	}
	width := fetchKeyWidth(fs)
	row := func(indent int, key string, st fetchStats, extra string) {
		line := fmt.Sprintf("%*s%-*s %9s %13s %9.2f %8.2f  %s", indent, "", width+4-indent, key,
			commas(st.Count), commas(st.Bytes), st.TimeUS/1e3, st.MeanUS, extra)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	fmt.Fprintf(b, "\n%-*s %9s %13s %9s %8s\n", width+4, "Node fetches", "count", "bytes", "total ms", "mean µs")
	row(2, "all", fs.Total, failedNote(fs.Total))
	b.WriteString("  " + checkLine(fs) + "\n")
	if format == formatV1 {
		b.WriteString("  (Jaeger v1 JSON has whole microseconds: sub-microsecond fetches count as 0; OTLP keeps nanoseconds)\n")
	}
	writeDepths(b, fs.ByDepth, row)
	groups := []struct {
		title string
		list  []fetchGroup
	}{{"by source", fs.BySource}, {"by trie kind", fs.ByKind}, {"by trie", fs.ByTrie}, {"by phase", fs.ByPhase}}
	for _, g := range groups {
		if len(g.list) == 0 {
			continue
		}
		fmt.Fprintf(b, "  %s\n", g.title)
		for _, fg := range g.list {
			key := fg.Key
			if key == "" {
				key = "(none)"
			}
			if g.title == "by trie" && key == trieStorage {
				key = fmt.Sprintf("%s (%d)", key, fs.StorageTries)
			}
			row(4, key, fg.fetchStats, failedNote(fg.fetchStats))
		}
	}
}

// writeDepths writes the depth histogram, one block per trie kind.
func writeDepths(b *strings.Builder, depths []depthGroup, row func(int, string, fetchStats, string)) {
	var largest int64
	for _, d := range depths {
		largest = max(largest, d.Count)
	}
	kind := "\x00"
	for _, d := range depths {
		if d.Kind != kind {
			kind = d.Kind
			unit := depthUnits[kind]
			if unit == "" {
				unit = "levels"
			}
			fmt.Fprintf(b, "  by depth (%s trie, %s)\n", kindName(kind), unit)
		}
		row(4, fmt.Sprint(d.Depth), d.fetchStats, bar(d.Count, largest, barWidth))
	}
}

// checkLine tells whether the fetch spans match the block's fetch counter.
func checkLine(fs *fetchSummary) string {
	if fs.Counted == nil {
		return fmt.Sprintf("check: %s trie.node.fetch spans, no trie.node_fetches counter", commas(fs.Spans))
	}
	dropped := "-"
	if fs.Dropped != nil {
		dropped = commas(*fs.Dropped)
	}
	verdict, op := "MISMATCH", "!="
	if fs.Complete {
		verdict, op = "ok", "="
	}
	return fmt.Sprintf("check: %s trie.node.fetch spans %s trie.node_fetches %s (spans dropped: %s)  %s",
		commas(fs.Spans), op, commas(*fs.Counted), dropped, verdict)
}

// failedNote mentions failed fetches, if any.
func failedNote(st fetchStats) string {
	if st.Failed == 0 {
		return ""
	}
	return fmt.Sprintf("(%s failed)", commas(st.Failed))
}

// kindName names a trie kind, "unknown" if empty.
func kindName(kind string) string {
	if kind == "" {
		return "unknown"
	}
	return kind
}

// fetchKeyWidth returns the width of the key column of the fetch tables.
func fetchKeyWidth(fs *fetchSummary) int {
	width := 20
	for _, list := range [][]fetchGroup{fs.BySource, fs.ByKind, fs.ByTrie, fs.ByPhase} {
		for _, g := range list {
			width = max(width, len(g.Key))
		}
	}
	return width
}
