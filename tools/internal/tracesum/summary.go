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

import "fmt"

// Summary is the summary of one block's trace, as tracesum --json prints it.
type Summary struct {
	TraceID   string         `json:"trace_id"`
	Format    string         `json:"format"` // jaeger-v1 (microsecond times) or otlp
	Block     blockInfo      `json:"block"`
	Time      []phaseTime    `json:"time"`
	TailUS    float64        `json:"tail_us"` // block span time after its last child span
	Reads     readSummary    `json:"state"`
	Fetches   *fetchSummary  `json:"node_fetches"` // nil below telemetry level node
	Bytes     byteSummary    `json:"bytes"`
	Rehash    rehashSummary  `json:"rehash"`
	BAL       *balSummary    `json:"bal,omitempty"` // nil without a BAL sidecar entry
	Waterfall []waterfallRow `json:"waterfall"`     // the phase spans, for tracesum --html
	Warnings  []string       `json:"warnings"`
}

// summarize computes the summary of block b.
func summarize(b *blockSpans) *Summary {
	s := &Summary{
		TraceID:   b.traceID,
		Format:    b.format,
		Block:     blockInfoOf(b),
		Time:      timeBreakdown(b),
		TailUS:    float64(tailOf(b)) / 1e3,
		Reads:     readsOf(b),
		Fetches:   newFetchSummary(b),
		Rehash:    rehashOf(b),
		BAL:       balOf(b),
		Waterfall: waterfallOf(b),
	}
	var byteWarnings []string
	s.Bytes, byteWarnings = bytesOf(b)
	s.Warnings = append(warningsOf(b, s.Fetches), byteWarnings...)
	if s.Warnings == nil {
		s.Warnings = []string{}
	}
	return s
}

// tailOf returns how long the block span lasts after the end of its last
// child, in nanoseconds.
func tailOf(b *blockSpans) int64 {
	if len(b.below) == 0 {
		return 0
	}
	var last int64
	for _, s := range b.below {
		last = max(last, s.end())
	}
	return max(b.root.end()-last, 0)
}

// warningsOf lists what makes the block's trace incomplete or inconsistent.
func warningsOf(b *blockSpans, fs *fetchSummary) []string {
	var out []string
	if b.number() < 0 {
		out = append(out, "the block span has no block.number attribute")
	}
	if b.orphans > 0 {
		out = append(out, fmt.Sprintf("%d spans of trace %s have a parent missing from the trace and are not counted", b.orphans, b.traceID))
	}
	if w := fs.checkWarning(); w != "" {
		out = append(out, w)
	}
	return out
}

// checkWarning compares the fetch spans with the block's fetch counter and
// explains a difference; it returns "" when they agree.
func (fs *fetchSummary) checkWarning() string {
	switch {
	case fs == nil || fs.Complete:
		return ""
	case fs.Counted == nil:
		return fmt.Sprintf("%d trie.node.fetch spans, but the block span has no trie.node_fetches counter to check them against", fs.Spans)
	}
	if fs.Aggregated != nil {
		missing := *fs.Counted - fs.Spans - fs.unspanned()
		if missing < 0 {
			return fmt.Sprintf("%d trie.node.fetch spans and %d fetches aggregated or dropped by geth, but trie.node_fetches = %d: %d more than counted",
				fs.Spans, fs.unspanned(), *fs.Counted, -missing)
		}
		return fmt.Sprintf("%d trie.node.fetch spans and %d fetches aggregated or dropped by geth, but trie.node_fetches = %d: %d spans lost after export, e.g. by the collector or a trimmed file",
			fs.Spans, fs.unspanned(), *fs.Counted, missing)
	}
	missing := *fs.Counted - fs.Spans
	if missing < 0 {
		return fmt.Sprintf("%d trie.node.fetch spans, but trie.node_fetches = %d: %d spans more than counted", fs.Spans, *fs.Counted, -missing)
	}
	var dropped int64
	if fs.Dropped != nil {
		dropped = *fs.Dropped
	}
	msg := fmt.Sprintf("%d trie.node.fetch spans, but trie.node_fetches = %d: %d fetches have no span", fs.Spans, *fs.Counted, missing)
	switch {
	case dropped >= missing:
		msg += fmt.Sprintf(" (geth dropped %d over its span limit)", dropped)
	case dropped > 0:
		msg += fmt.Sprintf(" (geth dropped %d over its span limit; %d lost after export, e.g. by the collector or a trimmed file)", dropped, missing-dropped)
	default:
		msg += " (none dropped by geth: lost after export, e.g. by the collector or a trimmed file)"
	}
	return msg + "; fetch figures cover the spans only"
}

// blockInfo identifies a block and its load, from the block span.
type blockInfo struct {
	Number   int64  `json:"number"` // -1 if the span lacks block.number
	Hash     string `json:"hash"`
	GasUsed  int64  `json:"gas_used"`
	GasLimit int64  `json:"gas_limit"`
	TxCount  int64  `json:"tx_count"`
	TxSpans  int    `json:"tx_spans"` // core.ApplyTransactionWithEVM spans
	Level    string `json:"telemetry_level"`
	TrieKind string `json:"trie_kind,omitempty"`
	StartNS  int64  `json:"start_unix_ns"`
}

// readSummary is the block's state reads, from the aggregate state.read span.
type readSummary struct {
	Accounts       int64 `json:"accounts_loaded"`
	AccountReadUS  int64 `json:"account_read_us"`
	Storage        int64 `json:"storage_loaded"`
	StorageReadUS  int64 `json:"storage_read_us"`
	Code           int64 `json:"code_loaded"`
	CodeReadUS     int64 `json:"code_read_us"`
	AccountsUpdate int64 `json:"accounts_updated"`
	StorageUpdate  int64 `json:"storage_updated"`
}

// blockInfoOf returns the block's identity and load.
func blockInfoOf(b *blockSpans) blockInfo {
	r := b.root
	info := blockInfo{
		Number:   b.number(),
		Hash:     r.strAttr("block.hash"),
		GasUsed:  r.intOr("block.gas_used"),
		GasLimit: r.intOr("block.gas_limit"),
		TxCount:  r.intOr("block.tx_count"),
		TxSpans:  len(b.named("core.ApplyTransactionWithEVM")),
		Level:    r.strAttr("telemetry.level"),
		StartNS:  r.start,
	}
	for _, name := range []string{opTrieCommit, opTriedb, opTrieUpdate, opNodeFetch} {
		if spans := b.named(name); len(spans) > 0 {
			info.TrieKind = spans[0].strAttr("trie.kind")
			break
		}
	}
	return info
}

// readsOf returns the block's state reads: counts and times from the state.read
// span, falling back to the block span's counts, and the update counts.
func readsOf(b *blockSpans) readSummary {
	src := b.root
	if spans := b.named(opStateRead); len(spans) > 0 {
		src = spans[0]
	}
	return readSummary{
		Accounts:       src.intOr("state.accounts_loaded"),
		AccountReadUS:  src.intOr("state.account_read_us"),
		Storage:        src.intOr("state.storage_loaded"),
		StorageReadUS:  src.intOr("state.storage_read_us"),
		Code:           src.intOr("state.code_loaded"),
		CodeReadUS:     src.intOr("state.code_read_us"),
		AccountsUpdate: b.root.intOr("state.accounts_updated"),
		StorageUpdate:  b.root.intOr("state.storage_updated"),
	}
}
