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

// phaseTime is the time of one phase of the block, from its spans and from
// the block span's time.* attribute. Times are microseconds; nil means no
// data (no such span, e.g. at telemetry level block, or no attribute).
type phaseTime struct {
	Name    string   `json:"name"`
	Spans   int      `json:"spans"`
	SpanUS  *float64 `json:"span_us"`
	SpanPct *float64 `json:"span_pct"`
	AttrKey string   `json:"attr_key,omitempty"`
	AttrUS  *float64 `json:"attr_us"`
	AttrPct *float64 `json:"attr_pct"`
}

// Names of the rows of the time breakdown.
const (
	rowTotal     = "total"
	rowExecution = "execution (excl. reads)"
	rowReads     = "state reads"
	rowUpdate    = "trie update"
	rowRehash    = "rehash"
	rowCommit    = "trie commit"
	rowTriedb    = "triedb commit"
	rowOther     = "other"
)

// phaseSpans returns the spans measuring each phase, in the order of the
// breakdown. Execution is measured by bc.processor.Process, from which the
// state reads made during it are subtracted (see timeBreakdown); trie update
// and rehash count the spans of validation, not those inside the commit.
func phaseSpans(b *blockSpans) [][]*span {
	return [][]*span{
		b.named(opExecution),
		b.named(opStateRead),
		b.trieSpans(opTrieUpdate, false),
		b.trieSpans(opTrieHash, false),
		b.named(opTrieCommit),
		b.named(opTriedb),
	}
}

// phaseRows pairs the rows after total with their time.* attribute.
var phaseRows = []struct{ name, attr string }{
	{rowExecution, "time.execution_us"},
	{rowReads, "time.state_read_us"},
	{rowUpdate, "time.trie_update_us"},
	{rowRehash, "time.trie_hash_us"},
	{rowCommit, "time.trie_commit_us"},
	{rowTriedb, "time.triedb_commit_us"},
}

// timeBreakdown splits the block's time into disjoint phases: total (the
// block span), execution without state reads, state reads, trie update,
// rehash, trie commit, triedb commit, and other (total minus the phases).
// Percentages are of the total of the same column.
func timeBreakdown(b *blockSpans) []phaseTime {
	var (
		spans     = phaseSpans(b)
		total     = float64(b.root.duration) / 1e3
		attrTotal = attrUS(b.root, "time.total_us")
		rows      = []phaseTime{{Name: rowTotal, Spans: 1, SpanUS: &total, AttrKey: "time.total_us", AttrUS: attrTotal}}
		spanSum   float64
		attrSum   float64
		attrAll   = attrTotal != nil
	)
	// State reads are interleaved with execution. Traces of geth before the
	// reads became block span attributes carry them as an aggregate
	// state.read span; newer ones give only time.state_read_us, which then
	// stands for the reads' span time too.
	readNS := wallTime(spans[1])
	if len(spans[1]) == 0 {
		if v := attrUS(b.root, "time.state_read_us"); v != nil {
			readNS = int64(*v * 1e3)
		}
	}
	for i, pr := range phaseRows {
		row := phaseTime{Name: pr.name, Spans: len(spans[i]), AttrKey: pr.attr, AttrUS: attrUS(b.root, pr.attr)}
		if len(spans[i]) > 0 || (pr.name == rowReads && len(spans[0]) > 0) {
			ns := wallTime(spans[i])
			switch pr.name {
			case rowExecution:
				ns = max(ns-readNS, 0)
			case rowReads:
				ns = readNS
			}
			us := float64(ns) / 1e3
			row.SpanUS = &us
			spanSum += us
		}
		if row.AttrUS != nil {
			attrSum += *row.AttrUS
		} else {
			attrAll = false
		}
		rows = append(rows, row)
	}
	other := phaseTime{Name: rowOther}
	if len(b.below) > 0 {
		v := total - spanSum
		other.SpanUS = &v
	}
	if attrAll {
		v := *attrTotal - attrSum
		other.AttrUS = &v
	}
	rows = append(rows, other)
	for i := range rows {
		rows[i].SpanPct = percent(rows[i].SpanUS, &total)
		rows[i].AttrPct = percent(rows[i].AttrUS, attrTotal)
	}
	return rows
}

// attrUS returns the integer attribute key of s as a float, or nil.
func attrUS(s *span, key string) *float64 {
	v, ok := s.intAttr(key)
	if !ok {
		return nil
	}
	f := float64(v)
	return &f
}

// percent returns 100*part/whole, or nil if either is unknown or whole is 0.
func percent(part, whole *float64) *float64 {
	if part == nil || whole == nil || *whole == 0 {
		return nil
	}
	p := 100 * *part / *whole
	return &p
}
