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
	"io"
	"strings"
	"time"
)

// barWidth is the width of the bars of the depth histogram.
const barWidth = 30

// WriteText writes the summaries as text tables, one after the other, as
// tracesum prints them.
func WriteText(w io.Writer, sums []Labeled) error {
	plain := make([]*Summary, len(sums))
	for i, s := range sums {
		plain[i] = s.Summary
	}
	return printText(w, plain)
}

// printText writes the summaries as text tables, one after the other.
func printText(w io.Writer, sums []*Summary) error {
	var b strings.Builder
	for i, s := range sums {
		if i > 0 {
			b.WriteString("\n")
		}
		writeSummary(&b, s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSummary writes the text summary of one block.
func writeSummary(b *strings.Builder, s *Summary) {
	writeHeader(b, s)
	writeTime(b, s)
	writeState(b, s.Reads)
	writeFetches(b, s.Fetches, s.Format)
	writeBytes(b, s)
	writeRehash(b, s.Rehash)
	writeBAL(b, s.BAL)
	for _, w := range s.Warnings {
		fmt.Fprintf(b, "WARNING: %s\n", w)
	}
}

func writeHeader(b *strings.Builder, s *Summary) {
	bi := s.Block
	number := "?"
	if bi.Number >= 0 {
		number = commas(bi.Number)
	}
	fmt.Fprintf(b, "Block %s  %s\n", number, bi.Hash)
	started := time.Unix(0, bi.StartNS).UTC().Format("2006-01-02 15:04:05.000 UTC")
	fmt.Fprintf(b, "  trace %s (%s), started %s\n", s.TraceID, formatName(s.Format), started)
	gas := fmt.Sprintf("gas %s of %s", commas(bi.GasUsed), commas(bi.GasLimit))
	if bi.GasLimit > 0 {
		gas += fmt.Sprintf(" (%.1f%%)", 100*float64(bi.GasUsed)/float64(bi.GasLimit))
	}
	txs := plural(bi.TxCount, "tx", "txs")
	if int64(bi.TxSpans) != bi.TxCount && bi.TxSpans > 0 {
		txs += fmt.Sprintf(" (%d core.ApplyTransactionWithEVM spans)", bi.TxSpans)
	}
	details := []string{txs, gas}
	if bi.TrieKind != "" {
		details = append(details, bi.TrieKind+" trie")
	}
	if bi.Level != "" {
		details = append(details, "telemetry level "+bi.Level)
	}
	fmt.Fprintf(b, "  %s\n", strings.Join(details, ", "))
}

// formatName describes an export format.
func formatName(format string) string {
	switch format {
	case formatV1:
		return "Jaeger v1 JSON, microsecond times"
	case formatOTLP:
		return "OTLP JSON, nanosecond times"
	}
	return format
}

func writeTime(b *strings.Builder, s *Summary) {
	fmt.Fprintf(b, "\n%-26s %5s %10s %6s %11s %6s %10s\n", "Time", "spans", "ms", "%", "time.* ms", "%", "diff ms")
	for _, r := range s.Time {
		spans, diff := "", "-"
		if r.Name != rowOther {
			spans, diff = fmt.Sprint(r.Spans), diffMS(r.SpanUS, r.AttrUS)
		}
		fmt.Fprintf(b, "  %-24s %5s %10s %6s %11s %6s %10s\n",
			r.Name, spans, ms(r.SpanUS), pct(r.SpanPct), ms(r.AttrUS), pct(r.AttrPct), diff)
	}
	b.WriteString("  (execution = bc.processor.Process minus the state reads made during it;\n")
	b.WriteString("   trie update and rehash exclude those inside the trie commit)\n")
	if s.TailUS > 0 {
		fmt.Fprintf(b, "  the block span outlasts its last child span by %s ms\n", ms(&s.TailUS))
	}
}

func writeState(b *strings.Builder, r readSummary) {
	loaded := func(n, us int64, one, many string) string {
		f := float64(us)
		return fmt.Sprintf("%s (%s ms)", plural(n, one, many), ms(&f))
	}
	b.WriteString("\nState\n")
	fmt.Fprintf(b, "  loaded   %s, %s, %s\n",
		loaded(r.Accounts, r.AccountReadUS, "account", "accounts"),
		loaded(r.Storage, r.StorageReadUS, "storage slot", "storage slots"),
		loaded(r.Code, r.CodeReadUS, "code", "codes"))
	fmt.Fprintf(b, "  updated  %s, %s\n", plural(r.AccountsUpdate, "account", "accounts"), plural(r.StorageUpdate, "storage slot", "storage slots"))
}

func writeBytes(b *strings.Builder, s *Summary) {
	bs := s.Bytes
	b.WriteString("\nBytes\n")
	fetches := int64(0)
	if s.Fetches != nil {
		fetches = s.Fetches.Spans
	}
	fmt.Fprintf(b, "  read     %s B (%s), node.bytes of %s\n", commas(bs.Read), size(bs.Read), plural(fetches, "fetch span", "fetch spans"))
	if bs.WrittenBy == "" {
		b.WriteString("  written  - (no commit span)\n")
		return
	}
	fmt.Fprintf(b, "  written  %s B (%s) = trie %s + code %s, per %s: %s, %s nodes updated, %s deleted\n",
		commas(bs.Written), size(bs.Written), commas(bs.TrieWritten), commas(bs.CodeWritten), bs.WrittenBy,
		plural(bs.Tries, "trie", "tries"), commas(bs.NodesUpdated), commas(bs.NodesDeleted))
}

func writeRehash(b *strings.Builder, r rehashSummary) {
	b.WriteString("\nRehash\n")
	if r.Spans == 0 {
		b.WriteString("  - (no state.trie.hash span)\n")
		return
	}
	fmt.Fprintf(b, "  %s over %s: %s nodes hashed, %s hash ops",
		plural(int64(r.Spans), "state.trie.hash span", "state.trie.hash spans"), plural(int64(r.Tries), "trie", "tries"),
		commas(r.NodesHashed), commas(r.HashOps))
	if len(r.GroupDepths) > 0 {
		depths := make([]string, len(r.GroupDepths))
		for i, d := range r.GroupDepths {
			depths[i] = fmt.Sprint(d)
		}
		fmt.Fprintf(b, ", group depth %s", strings.Join(depths, ", "))
	}
	b.WriteString("\n")
}

// writeBAL writes the BAL sidecar's figures, if the block had an entry.
func writeBAL(b *strings.Builder, bal *balSummary) {
	if bal == nil {
		return
	}
	prefetch := float64(bal.PrefetchUS)
	fmt.Fprintf(b, "\nBAL\n  type %d, prefetch %s ms: fetched %s, %s; injected %s, %s\n", bal.Type, ms(&prefetch),
		plural(bal.AccountsFetched, "account", "accounts"), plural(bal.SlotsFetched, "slot", "slots"),
		plural(bal.AccountsInjected, "account", "accounts"), plural(bal.SlotsInjected, "slot", "slots"))
	fmt.Fprintf(b, "  still read from the database: %s, %s\n",
		plural(bal.DBAccountReads, "account", "accounts"), plural(bal.DBSlotReads, "slot", "slots"))
}

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
	writePaths(b, fs, width)
}

// writePaths writes the fetches by code path and the repeats, when the block
// span has them.
func writePaths(b *strings.Builder, fs *fetchSummary, width int) {
	if fs.Repeats == nil {
		return
	}
	fmt.Fprintf(b, "  %-*s %9s %13s %9s %13s %10s\n", width+2, "by code path", "count", "bytes", "repeats", "repeat bytes", "from disk")
	for _, g := range fs.ByPath {
		fmt.Fprintf(b, "    %-*s %9s %13s %9s %13s %10s\n", width, g.Path, commas(g.Count), commas(g.Bytes),
			commas(g.Repeats), commas(g.RepeatBytes), commas(g.Sources["disk"]))
	}
	r := fs.Repeats
	share := ""
	if fs.Total.Count > 0 {
		share = fmt.Sprintf(" (%.1f%%)", 100*float64(r.Count)/float64(fs.Total.Count))
	}
	fmt.Fprintf(b, "  repeats: %s of %s fetches%s were of a node the block had fetched, %s bytes",
		commas(r.Count), commas(fs.Total.Count), share, commas(r.Bytes))
	if r.Untracked > 0 {
		fmt.Fprintf(b, "; %s fetches not checked (geth's bound on nodes remembered)", commas(r.Untracked))
	}
	b.WriteString("\n")
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
	if fs.Aggregated != nil {
		return fmt.Sprintf("check: %s trie.node.fetch spans + %s aggregated + %s dropped %s trie.node_fetches %s  %s",
			commas(fs.Spans), commas(*fs.Aggregated), dropped, op, commas(*fs.Counted), verdict)
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
