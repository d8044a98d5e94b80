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

import "fmt"

// summary is the summary of one block's trace, as printed by --json.
type summary struct {
	TraceID  string        `json:"trace_id"`
	Format   string        `json:"format"` // jaeger-v1 (microsecond times) or otlp
	Block    blockInfo     `json:"block"`
	Time     []phaseTime   `json:"time"`
	TailUS   float64       `json:"tail_us"` // block span time after its last child span
	Reads    readSummary   `json:"state"`
	Fetches  *fetchSummary `json:"node_fetches"` // nil below telemetry level node
	Bytes    byteSummary   `json:"bytes"`
	Rehash   rehashSummary `json:"rehash"`
	Warnings []string      `json:"warnings"`
}

// summarize computes the summary of block b.
func summarize(b *blockSpans) *summary {
	s := &summary{
		TraceID: b.traceID,
		Format:  b.format,
		Block:   b.info(),
		Time:    b.timeBreakdown(),
		TailUS:  float64(b.tail()) / 1e3,
		Reads:   b.reads(),
		Fetches: b.fetchSummary(),
		Rehash:  b.rehash(),
	}
	var byteWarnings []string
	s.Bytes, byteWarnings = b.bytes()
	s.Warnings = append(b.warnings(s.Fetches), byteWarnings...)
	if s.Warnings == nil {
		s.Warnings = []string{}
	}
	return s
}

// tail returns how long the block span lasts after the end of its last
// child, in nanoseconds.
func (b *blockSpans) tail() int64 {
	if len(b.below) == 0 {
		return 0
	}
	var last int64
	for _, s := range b.below {
		last = max(last, s.end())
	}
	return max(b.root.end()-last, 0)
}

// warnings lists what makes the block's trace incomplete or inconsistent.
func (b *blockSpans) warnings(fs *fetchSummary) []string {
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
