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
	"strings"
	"testing"
)

// blockTrace builds a trace with one block span per number, under a common
// parent span if nested, each with one child.
func blockTrace(id string, nested bool, numbers ...int64) *trace {
	tr := &trace{id: id}
	parent := ""
	if nested {
		tr.spans = append(tr.spans, &span{traceID: id, id: "p", name: "core.blockchain.insertChain"})
		parent = "p"
	}
	for i, n := range numbers {
		bid := string(rune('a' + i))
		tr.spans = append(tr.spans,
			&span{traceID: id, id: bid, parentID: parent, name: blockOperation, start: int64(100 - i), attrs: map[string]any{"block.number": n}},
			&span{traceID: id, id: bid + "x", parentID: bid, name: opExecution, attrs: map[string]any{}},
		)
	}
	return tr
}

func TestFindBlocks(t *testing.T) {
	orphan := blockTrace("00ff", false, 5)
	orphan.spans = append(orphan.spans, &span{traceID: "00ff", id: "o", parentID: "gone", name: opNodeFetch})
	blocks := findBlocks([]*trace{blockTrace("t1", false, 9), orphan, blockTrace("t2", true, 6, 5)})
	var got []string
	for _, b := range blocks {
		got = append(got, b.traceID+"/"+b.root.id)
		if len(b.below) != 1 || b.below[0].id != b.root.id+"x" {
			t.Errorf("block %d of trace %s: spans below %v", b.number(), b.traceID, b.below)
		}
	}
	// By number, then start time: t2's second block span starts earlier.
	if want := "t2/b 00ff/a t2/a t1/a"; strings.Join(got, " ") != want {
		t.Errorf("blocks %v, want %s", got, want)
	}
	if blocks[1].orphans != 1 || blocks[0].orphans != 0 {
		t.Errorf("orphans %d and %d, want 1 and 0", blocks[1].orphans, blocks[0].orphans)
	}
	if w := summarize(blocks[1]).Warnings; len(w) != 1 || !strings.Contains(w[0], "1 spans of trace 00ff have a parent missing") {
		t.Errorf("warnings %q", w)
	}
}

func TestSelection(t *testing.T) {
	blocks := findBlocks([]*trace{blockTrace("0abc", false, 1), blockTrace("def", false, 2), blockTrace("123", false, 2)})
	for _, tc := range []struct {
		sel  Selection
		want string // trace IDs, or the error
	}{
		{Selection{}, "0abc def 123"},
		{Selection{block: 2, hasBlock: true}, "def 123"},
		{Selection{traceID: "DEF"}, "def"},
		{Selection{traceID: "00abc"}, "0abc"},
		{Selection{block: 2, hasBlock: true, traceID: "123"}, "123"},
		{Selection{block: 1, hasBlock: true, traceID: "123"}, "error: no block 1 in trace 123 in SRC (blocks found: 1 (trace 0abc), 2 (trace def), 2 (trace 123))"},
		{Selection{block: 3, hasBlock: true}, "error: no block 3 in SRC (blocks found: 1 (trace 0abc), 2 (trace def), 2 (trace 123))"},
		{Selection{traceID: "999"}, "error: no trace 999 in SRC (blocks found: 1 (trace 0abc), 2 (trace def), 2 (trace 123))"},
	} {
		got, err := tc.sel.apply(blocks, "SRC")
		var ids []string
		for _, b := range got {
			ids = append(ids, b.traceID)
		}
		res := strings.Join(ids, " ")
		if err != nil {
			res = "error: " + err.Error()
		}
		if res != tc.want {
			t.Errorf("%s: got %q, want %q", tc.sel, res, tc.want)
		}
	}
}

func TestSelectionNoBlocks(t *testing.T) {
	for _, tc := range []struct {
		sel  Selection
		want string
	}{
		{Selection{}, "no block traces (core.blockchain.ProcessBlock spans) in SRC"},
		{Selection{block: 4, hasBlock: true}, "no block 4 in SRC (no core.blockchain.ProcessBlock span found)"},
		{Selection{traceID: "ab"}, "no trace ab in SRC (no core.blockchain.ProcessBlock span found)"},
	} {
		if _, err := tc.sel.apply(nil, "SRC"); err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %q", tc.sel, err, tc.want)
		}
	}
}

func TestListBlocksShortens(t *testing.T) {
	var traces []*trace
	for i := range 12 {
		traces = append(traces, blockTrace(string(rune('a'+i)), false, int64(i)))
	}
	got := listBlocks(findBlocks(traces))
	if !strings.HasSuffix(got, "9 (trace j), ... 2 more") {
		t.Errorf("list %q", got)
	}
}
