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
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func summarizeFile(t *testing.T, path string) *Summary {
	t.Helper()
	blocks := findBlocks(loadFile(t, path))
	if len(blocks) != 1 {
		t.Fatalf("%s: %d blocks, want 1", path, len(blocks))
	}
	return summarize(blocks[0])
}

// TestSmallSummary checks the summary of the hand-built block against totals
// worked out by hand from the span list (times in µs from the block start):
//
//	block 0-10000; state.read 0-1000; Process 10-4010
//	validation: storage updates 4030-5030 and 4500-5500 (concurrent), account
//	update 5700-6200; hashes 5030-5330, 5500-5700, 6200-7000
//	state.trie.commit 7100-8600, with an update 7110-7150 and a hash 7150-7210
//	that geth parents to the block; triedb.commit 8700-9300
//	fetches (µs, bytes, depth, source, trie, parent):
//	  50 500 0 disk account Process;  30 300 1 clean account Process
//	  20 100 2 dirty storage1 update; 10 80 2 diff storage2 update
//	  40 60 3 disk storage2 commit (failed); 5 200 1 unknown account block
func TestSmallSummary(t *testing.T) {
	for _, path := range []string{smallV1, smallOTLP, smallLines} {
		s := summarizeFile(t, path)
		checkTimes(t, path, s.Time, map[string][2]float64{
			rowTotal:     {10000, 9000},
			rowExecution: {4000 - 1000, 3000},
			rowReads:     {1000, 1000},
			rowUpdate:    {(5500 - 4030) + 500, 2000},
			rowRehash:    {300 + 200 + 800, 1000},
			rowCommit:    {1500, 1200},
			rowTriedb:    {600, 500},
			rowOther:     {10000 - 3000 - 1000 - 1970 - 1300 - 1500 - 600, 9000 - 3000 - 1000 - 2000 - 1000 - 1200 - 500},
		})
		if got := *s.Time[1].SpanPct; got != 30 {
			t.Errorf("%s: execution is %v%% of the block, want 30", path, got)
		}
		if s.TailUS != 10000-9405 {
			t.Errorf("%s: tail %v µs, want 595", path, s.TailUS)
		}
		fs := s.Fetches
		checkStats(t, path+" all", fs.Total, fetchStats{Count: 6, Bytes: 1240, TimeUS: 155, MeanUS: 155.0 / 6, Failed: 1})
		if !fs.Complete || *fs.Counted != 6 || *fs.Dropped != 0 || fs.StorageTries != 2 {
			t.Errorf("%s: check %v, counted %d, dropped %d, storage tries %d", path, fs.Complete, *fs.Counted, *fs.Dropped, fs.StorageTries)
		}
		wantDepths := []depthGroup{
			{"mpt", 0, fetchStats{1, 500, 50, 50, 0}},
			{"mpt", 1, fetchStats{2, 500, 35, 17.5, 0}},
			{"mpt", 2, fetchStats{2, 180, 30, 15, 0}},
			{"mpt", 3, fetchStats{1, 60, 40, 40, 1}},
		}
		if !reflect.DeepEqual(fs.ByDepth, wantDepths) {
			t.Errorf("%s: by depth %+v, want %+v", path, fs.ByDepth, wantDepths)
		}
		checkGroups(t, path+" by source", fs.BySource, []fetchGroup{
			{"diff", fetchStats{1, 80, 10, 10, 0}},
			{"dirty", fetchStats{1, 100, 20, 20, 0}},
			{"clean", fetchStats{1, 300, 30, 30, 0}},
			{"disk", fetchStats{2, 560, 90, 45, 1}},
			{"unknown", fetchStats{1, 200, 5, 5, 0}},
		})
		checkGroups(t, path+" by trie", fs.ByTrie, []fetchGroup{
			{trieAccount, fetchStats{3, 1000, 85, 85.0 / 3, 0}},
			{trieStorage, fetchStats{3, 240, 70, 70.0 / 3, 1}},
		})
		checkGroups(t, path+" by phase", fs.ByPhase, []fetchGroup{
			{opExecution, fetchStats{2, 800, 80, 40, 0}},
			{opValidate + " > " + opTrieUpdate, fetchStats{2, 180, 30, 15, 0}},
			{opTrieCommit, fetchStats{1, 60, 40, 40, 1}},
			{"block (no phase)", fetchStats{1, 200, 5, 5, 0}},
		})
		wantBytes := byteSummary{Read: 1240, TrieWritten: 1500, CodeWritten: 300, Written: 1800, WrittenBy: opTriedb, Tries: 3, NodesUpdated: 12, NodesDeleted: 2}
		if s.Bytes != wantBytes {
			t.Errorf("%s: bytes %+v, want %+v", path, s.Bytes, wantBytes)
		}
		wantRehash := rehashSummary{Spans: 4, Tries: 3, NodesHashed: 10 + 5 + 20 + 1, HashOps: 8 + 4 + 15 + 1}
		if !reflect.DeepEqual(s.Rehash, wantRehash) {
			t.Errorf("%s: rehash %+v, want %+v", path, s.Rehash, wantRehash)
		}
		if s.Block.Number != 7 || s.Block.TxCount != 2 || s.Block.TxSpans != 2 || s.Block.TrieKind != "mpt" || s.Block.Level != "node" {
			t.Errorf("%s: block %+v", path, s.Block)
		}
		wantReads := readSummary{3, 400, 4, 500, 1, 100, 2, 3}
		if s.Reads != wantReads {
			t.Errorf("%s: reads %+v, want %+v", path, s.Reads, wantReads)
		}
		if len(s.Warnings) != 0 {
			t.Errorf("%s: warnings %q", path, s.Warnings)
		}
	}
}

// TestRealSummary checks a live block against totals computed from the
// export with a separate script: 52 fetches of 16371 bytes, 34 clean (9526
// bytes), 17 disk (4763), 1 diff (2082); 48 at depth 2, 4 at depth 0.
func TestRealSummary(t *testing.T) {
	otlp, v1 := summarizeFile(t, realOTLP), summarizeFile(t, realV1)
	for _, s := range []*Summary{otlp, v1} {
		fs := s.Fetches
		if fs.Total.Count != 52 || fs.Total.Bytes != 16371 || !fs.Complete || s.Bytes.Read != 16371 {
			t.Errorf("%s: fetches %+v, complete %v", s.Format, fs.Total, fs.Complete)
		}
		var counts []int64
		for _, g := range fs.BySource {
			counts = append(counts, g.Count, g.Bytes)
		}
		if want := []int64{1, 2082, 34, 9526, 17, 4763}; !reflect.DeepEqual(counts, want) {
			t.Errorf("%s: sources (count, bytes) %v, want %v", s.Format, counts, want)
		}
		if len(fs.ByDepth) != 2 || fs.ByDepth[0].Count != 4 || fs.ByDepth[1].Depth != 2 || fs.ByDepth[1].Count != 48 {
			t.Errorf("%s: depths %+v", s.Format, fs.ByDepth)
		}
		if s.Block.Number != 1 || s.Block.TxCount != 1008 || s.Block.TxSpans != 5 || s.Bytes.Written != 263680 {
			t.Errorf("%s: block %+v, written %d", s.Format, s.Block, s.Bytes.Written)
		}
	}
	// Nanosecond times in OTLP, microseconds in v1.
	if otlp.Fetches.Total.TimeUS != 6991.371 || v1.Fetches.Total.TimeUS != 6964 {
		t.Errorf("fetch time %v µs (otlp), %v µs (v1), want 6991.371 and 6964", otlp.Fetches.Total.TimeUS, v1.Fetches.Total.TimeUS)
	}
	// The commit's own update span (68.501 µs) is not trie update time.
	if got := *otlp.Time[3].SpanUS; otlp.Time[3].Name != rowUpdate || got != 69796.215 {
		t.Errorf("trie update %v µs, want 69796.215", got)
	}
	if got, want := *otlp.Time[1].SpanUS, float64(580116646-177951292)/1e3; got != want {
		t.Errorf("execution %v µs, want %v", got, want)
	}
}

func TestWallTime(t *testing.T) {
	spans := []*span{
		{start: 50, duration: 10}, // 50-60
		{start: 0, duration: 20},  // 0-20
		{start: 10, duration: 5},  // 10-15, inside
		{start: 15, duration: 10}, // 15-25, overlapping
		{start: 60, duration: 0},  // 60, touching
		{start: 100, duration: 1}, // 100-101
	}
	if got := wallTime(spans); got != 25+10+1 {
		t.Errorf("wall time %d, want 36", got)
	}
	if got := wallTime(nil); got != 0 {
		t.Errorf("wall time of nothing %d", got)
	}
}

func TestCheckWarning(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	for _, tc := range []struct {
		spans            int64
		counted, dropped *int64
		want             string
	}{
		{6, n(6), n(0), ""},
		{6, nil, nil, "6 trie.node.fetch spans, but the block span has no trie.node_fetches counter"},
		{6, n(10), n(4), "6 trie.node.fetch spans, but trie.node_fetches = 10: 4 fetches have no span (geth dropped 4 over its span limit)"},
		{6, n(10), n(1), "4 fetches have no span (geth dropped 1 over its span limit; 3 lost after export"},
		{6, n(10), n(0), "4 fetches have no span (none dropped by geth: lost after export"},
		{6, n(5), n(0), "1 spans more than counted"},
	} {
		fs := &fetchSummary{Spans: tc.spans, Counted: tc.counted, Dropped: tc.dropped}
		fs.Complete = tc.counted != nil && *tc.counted == tc.spans
		got := fs.checkWarning()
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("spans %d counted %v: warning %q, want %q", tc.spans, tc.counted, got, tc.want)
		}
	}
}

// TestMissingFetchSpans drops fetch spans from the small block: the summary
// must warn and count only what is left.
func TestMissingFetchSpans(t *testing.T) {
	b := findBlocks(loadFile(t, smallOTLP))[0]
	var kept []*span
	for _, s := range b.below {
		if s.id != "0000000000000101" && s.id != "0000000000000102" {
			kept = append(kept, s)
		}
	}
	b.below = kept
	s := summarize(b)
	if s.Fetches.Complete || s.Fetches.Total.Count != 4 || s.Bytes.Read != 1240-800 {
		t.Errorf("fetches %+v, read %d", s.Fetches.Total, s.Bytes.Read)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "4 trie.node.fetch spans, but trie.node_fetches = 6: 2 fetches have no span") {
		t.Errorf("warnings %q", s.Warnings)
	}
}

// TestPhaseLevel summarizes a block traced at phase level: no fetch spans and
// no fetch counter.
func TestPhaseLevel(t *testing.T) {
	b := findBlocks(loadFile(t, smallV1))[0]
	var kept []*span
	for _, s := range b.below {
		if s.name != opNodeFetch {
			kept = append(kept, s)
		}
	}
	b.below = kept
	delete(b.root.attrs, "trie.node_fetches")
	delete(b.root.attrs, "trie.node_fetch_spans_dropped")
	s := summarize(b)
	if s.Fetches != nil || len(s.Warnings) != 0 || s.Bytes.Read != 0 || s.Bytes.Written != 1800 {
		t.Errorf("fetches %+v, warnings %q, bytes %+v", s.Fetches, s.Warnings, s.Bytes)
	}
}

// TestBlockLevel summarizes a lone block span: the phases have no span data.
func TestBlockLevel(t *testing.T) {
	b := findBlocks(loadFile(t, smallV1))[0]
	b.below = nil
	s := summarize(b)
	for _, row := range s.Time[1:] {
		if row.SpanUS != nil {
			t.Errorf("row %s has span time %v without spans", row.Name, *row.SpanUS)
		}
	}
	if other := s.Time[len(s.Time)-1]; other.AttrUS == nil || *other.AttrUS != 300 {
		t.Errorf("other (attributes) %+v, want 300 µs", other)
	}
}

func TestCommitBytesDisagree(t *testing.T) {
	b := findBlocks(loadFile(t, smallV1))[0]
	b.named(opTrieCommit)[0].attrs["trie.bytes_written"] = int64(1400)
	s := summarize(b)
	if s.Bytes.Written != 1800 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "state.trie.commit reports 1400 trie + 300 code bytes written, triedb.commit 1500 + 300") {
		t.Errorf("bytes %+v, warnings %q", s.Bytes, s.Warnings)
	}
}

func checkTimes(t *testing.T, path string, rows []phaseTime, want map[string][2]float64) {
	t.Helper()
	if len(rows) != len(want) {
		t.Errorf("%s: %d time rows, want %d", path, len(rows), len(want))
	}
	for _, r := range rows {
		w, ok := want[r.Name]
		if !ok || r.SpanUS == nil || r.AttrUS == nil || *r.SpanUS != w[0] || *r.AttrUS != w[1] {
			t.Errorf("%s: row %s = %s / %s µs, want %v", path, r.Name, ms(r.SpanUS), ms(r.AttrUS), w)
		}
	}
}

func checkStats(t *testing.T, what string, got, want fetchStats) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %+v, want %+v", what, got, want)
	}
}

func checkGroups(t *testing.T, what string, got, want []fetchGroup) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %+v, want %+v", what, got, want)
	}
}

// TestReadAttributesAndAggregation summarizes a block as geth traces it now:
// state reads as block span attributes (no state.read span), and node
// fetches below the span threshold counted as aggregated, not as spans.
func TestReadAttributesAndAggregation(t *testing.T) {
	b := findBlocks(loadFile(t, smallOTLP))[0]
	var kept []*span
	for _, s := range b.below {
		if s.name != opStateRead && s.id != "0000000000000101" && s.id != "0000000000000102" {
			kept = append(kept, s)
		}
	}
	b.below = kept
	b.root.attrs["trie.node_fetches_aggregated"] = int64(2)
	s := summarize(b)
	for _, row := range s.Time {
		switch row.Name {
		case rowReads:
			if row.Spans != 0 || row.SpanUS == nil || *row.SpanUS != 1000 {
				t.Errorf("reads row %+v, want 1000 µs from time.state_read_us, no span", row)
			}
		case rowExecution:
			if row.SpanUS == nil || *row.SpanUS != 3000 {
				t.Errorf("execution row %+v, want the Process span minus the reads, 3000 µs", row)
			}
		}
	}
	if !s.Fetches.Complete || len(s.Warnings) != 0 {
		t.Errorf("4 spans + 2 aggregated + 0 dropped = 6 counted, but complete %v, warnings %q", s.Fetches.Complete, s.Warnings)
	}
	if got, want := checkLine(s.Fetches), "check: 4 trie.node.fetch spans + 2 aggregated + 0 dropped = trie.node_fetches 6  ok"; got != want {
		t.Errorf("check line %q, want %q", got, want)
	}
	b.root.attrs["trie.node_fetches_aggregated"] = int64(1)
	if s := summarize(b); s.Fetches.Complete || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "1 spans lost after export") {
		t.Errorf("one span lost: complete %v, warnings %q", s.Fetches.Complete, s.Warnings)
	}
}

// TestFetchPathsAndRepeats reads a block span's fetches by code path and its
// repeats (geth's trie.node_fetches.<path> and trie.node_fetch_repeats*), and
// checks that the text, the JSON and the page show them; a trace without them
// shows none.
func TestFetchPathsAndRepeats(t *testing.T) {
	b := findBlocks(loadFile(t, smallOTLP))[0]
	if s := summarize(b); s.Fetches.ByPath != nil || s.Fetches.Repeats != nil || strings.Contains(textOf(t, []Labeled{{Summary: s}}), "by code path") {
		t.Fatalf("a trace without paths: by path %v, repeats %v", s.Fetches.ByPath, s.Fetches.Repeats)
	}
	for k, v := range map[string]any{
		"trie.node_fetch_repeats": int64(3), "trie.node_fetch_repeat_bytes": int64(380), "trie.node_fetch_repeats_untracked": int64(0),
		"trie.node_fetches.reader": int64(2), "trie.node_fetch_bytes.reader": int64(800), "trie.node_fetch_sources.reader": []int64{0, 0, 0, 1, 1},
		"trie.node_fetches.prefetcher": int64(3), "trie.node_fetch_bytes.prefetcher": int64(380), "trie.node_fetch_sources.prefetcher": []int64{0, 1, 1, 0, 1},
		"trie.node_fetch_repeats.prefetcher": int64(2), "trie.node_fetch_repeat_bytes.prefetcher": int64(180),
		"trie.node_fetches.update": int64(1), "trie.node_fetch_bytes.update": int64(200), "trie.node_fetch_sources.update": "[1,0,0,0,0]",
		"trie.node_fetch_repeats.update": int64(1), "trie.node_fetch_repeat_bytes.update": int64(200),
	} {
		b.root.attrs[k] = v
	}
	s := summarize(b)
	want := []pathGroup{
		{Path: "reader", Count: 2, Bytes: 800, Sources: map[string]int64{"unknown": 0, "diff": 0, "dirty": 0, "clean": 1, "disk": 1}},
		{Path: "prefetcher", Count: 3, Bytes: 380, Repeats: 2, RepeatBytes: 180, Sources: map[string]int64{"unknown": 0, "diff": 1, "dirty": 1, "clean": 0, "disk": 1}},
		{Path: "update", Count: 1, Bytes: 200, Repeats: 1, RepeatBytes: 200, Sources: map[string]int64{"unknown": 1, "diff": 0, "dirty": 0, "clean": 0, "disk": 0}},
		{Path: "commit", Sources: map[string]int64{}},
	}
	if !reflect.DeepEqual(s.Fetches.ByPath, want) {
		t.Errorf("by path %+v, want %+v", s.Fetches.ByPath, want)
	}
	if r := s.Fetches.Repeats; r == nil || *r != (repeatSummary{Count: 3, Bytes: 380}) {
		t.Errorf("repeats %+v, want 3 of 380 bytes", r)
	}
	text := textOf(t, []Labeled{{Summary: s}})
	for _, line := range []string{
		`\n +by code path +count +bytes +repeats +repeat bytes +from disk\n`,
		`\n +prefetcher +3 +380 +2 +180 +1\n`,
		`\n  repeats: 3 of 6 fetches \(50\.0%\) were of a node the block had fetched, 380 bytes\n`,
	} {
		if !regexp.MustCompile(line).MatchString(text) {
			t.Errorf("text lacks %q:\n%s", line, text)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "paths.json")
	var js bytes.Buffer
	if err := WriteJSON(&js, []Labeled{{Summary: s}}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSummaries([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back[0].Fetches.ByPath, want) || *back[0].Fetches.Repeats != *s.Fetches.Repeats {
		t.Errorf("from JSON: by path %+v, repeats %+v", back[0].Fetches.ByPath, back[0].Fetches.Repeats)
	}
	page := filepath.Join(dir, "paths.html")
	writePage(t, page, back)
	figs, _ := pageFigures(t, page)
	for key, want := range map[string]string{"b0/repeats/count": "3", "b0/path/prefetcher/count": "3", "b0/path/prefetcher/repeats": "2", "b0/path/commit/count": "0"} {
		if figs[key] != want {
			t.Errorf("page: %s = %q, want %q", key, figs[key], want)
		}
	}
}
