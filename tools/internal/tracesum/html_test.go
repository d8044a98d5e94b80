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

var figRE = regexp.MustCompile(`data-fig="([^"]+)"[^>]*>([^<]*)<`)

// pageFigures returns the data-fig figures of a page.
func pageFigures(t *testing.T, path string) (map[string]string, string) {
	t.Helper()
	blob, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	figs := map[string]string{}
	for _, m := range figRE.FindAllStringSubmatch(string(blob), -1) {
		figs[m[1]] = strings.TrimSpace(m[2])
	}
	return figs, string(blob)
}

// TestHTMLOneBlock writes the page of the hand-built block and checks the
// figures it shows against the totals worked out by hand (summary_test.go),
// and that it is self-contained.
func TestHTMLOneBlock(t *testing.T) {
	page := filepath.Join(t.TempDir(), "block.html")
	writePage(t, page, mustSummarize(t, NewFileSource(smallOTLP)))
	figs, html := pageFigures(t, page)
	for key, want := range map[string]string{
		"b0/block":                    "7",
		"b0/time/total/span_ms":       "10.00",
		"b0/time/total/attr_ms":       "9.00",
		"b0/time/trie update/span_ms": "1.97",
		"b0/time/other/attr_ms":       "0.30",
		"b0/check":                    "ok",
		"b0/fetch/spans":              "6",
		"b0/fetch/counted":            "6",
		"b0/depth/mpt/2":              "2",
		"b0/source/disk":              "2",
		"b0/bytes/read":               "1,240",
		"b0/bytes/written":            "1,800",
		"b0/rehash/nodes_hashed":      "36",
		"b0/rehash/hash_ops":          "28",
	} {
		if figs[key] != want {
			t.Errorf("%s = %q, want %q", key, figs[key], want)
		}
	}
	for _, bad := range []string{"<script", "src=", "href=\"http", "url(http", "@import"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page contains %q: it must not load anything", bad)
		}
	}
	for _, want := range []string{"Content-Security-Policy", "default-src 'none'", "Waterfall", "By depth (mpt trie, nibbles)", "2 transactions"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(html, `id="compare"`) {
		t.Error("a page of one block has the side-by-side section")
	}
}

// TestHTMLSeveralBlocks draws two blocks of different trie kinds side by side.
func TestHTMLSeveralBlocks(t *testing.T) {
	dir := t.TempDir()
	stream := filepath.Join(dir, "two.json")
	writeStream(t, stream, smallV1, realOTLP)
	page := filepath.Join(dir, "two.html")
	sums := mustSummarize(t, NewFileSource(stream))
	writePage(t, page, sums)
	text := textOf(t, sums)
	figs, html := pageFigures(t, page)
	if figs["b0/block"] != "1" || figs["b1/block"] != "7" {
		t.Errorf("blocks %q and %q, want 1 and 7 in block order", figs["b0/block"], figs["b1/block"])
	}
	for _, want := range []string{`id="compare"`, "mixed trie", `href="#b1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !strings.Contains(html, "2 blocks side by side") {
		t.Error("the title does not say the blocks are side by side")
	}
	if !strings.Contains(text, "Block 1  ") || !strings.Contains(text, "Block 7  ") {
		t.Errorf("the text of the blocks on the page:\n%s", text)
	}
}

// TestFromJSON reads summaries back from WriteJSON's (tracesum --json's)
// files: the text and the page are those of the traces, labeled by file name.
func TestFromJSON(t *testing.T) {
	dir := t.TempDir()
	sums := mustSummarize(t, NewFileSource(smallOTLP))
	var blob bytes.Buffer
	if err := WriteJSON(&blob, sums); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "gd6-run1.json")
	if err := os.WriteFile(saved, blob.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	direct, fromJSON := filepath.Join(dir, "direct.html"), filepath.Join(dir, "from.html")
	writePage(t, direct, sums)
	wantText := textOf(t, sums)
	loaded, err := LoadSummaries([]string{saved})
	if err != nil {
		t.Fatal(err)
	}
	writePage(t, fromJSON, loaded)
	text := textOf(t, loaded)
	if text != wantText {
		t.Errorf("text from the JSON summary differs:\n%s\nwant\n%s", text, wantText)
	}
	got, html := pageFigures(t, fromJSON)
	want, _ := pageFigures(t, direct)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("page figures from JSON %v, want %v", got, want)
	}
	if !strings.Contains(html, "<h2>gd6-run1") {
		t.Error("the block is not labeled by its file's name")
	}
	for _, paths := range [][]string{nil, {filepath.Join(dir, "missing.json")}, {smallOTLP}} {
		if _, err := LoadSummaries(paths); err == nil {
			t.Errorf("LoadSummaries(%v) succeeded", paths)
		}
	}
}

// TestBALSummary reads the bal.* attributes of a block span.
func TestBALSummary(t *testing.T) {
	root := &span{traceID: "t", id: "a", name: blockOperation, duration: 1000, attrs: map[string]any{
		"block.number": int64(9), "bal.type": int64(3), "bal.prefetch_us": int64(1500), "bal.accounts_fetched": int64(7),
		"bal.slots_injected": int64(11), "bal.db_slot_reads": int64(2),
	}}
	b := &blockSpans{traceID: "t", format: formatOTLP, root: root, byID: map[string]*span{"a": root}}
	s := summarize(b)
	want := &balSummary{Type: 3, PrefetchUS: 1500, AccountsFetched: 7, SlotsInjected: 11, DBSlotReads: 2}
	if !reflect.DeepEqual(s.BAL, want) {
		t.Errorf("BAL %+v, want %+v", s.BAL, want)
	}
	var out strings.Builder
	if err := printText(&out, []*Summary{s}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\nBAL\n  type 3, prefetch 1.50 ms: fetched 7 accounts, 0 slots; injected 0 accounts, 11 slots\n  still read from the database: 0 accounts, 2 slots\n") {
		t.Errorf("text lacks the BAL figures:\n%s", out.String())
	}
	root.attrs = map[string]any{"block.number": int64(9)}
	if summarize(b).BAL != nil {
		t.Error("a block without bal.type has BAL figures")
	}
}

// mustSummarize summarizes every block of src.
func mustSummarize(t *testing.T, src Source) []Labeled {
	t.Helper()
	sums, err := Summarize(src, Selection{})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

// textOf returns the text WriteText (tracesum) prints for sums.
func textOf(t *testing.T, sums []Labeled) string {
	t.Helper()
	var out strings.Builder
	if err := WriteText(&out, sums); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// writePage writes the HTML page of sums to path, with the default title.
func writePage(t *testing.T, path string, sums []Labeled) {
	t.Helper()
	if err := WriteHTMLFile(path, "", sums); err != nil {
		t.Fatal(err)
	}
}

func writeStream(t *testing.T, path string, files ...string) {
	t.Helper()
	var data []byte
	for _, f := range files {
		blob, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data = append(append(data, blob...), '\n')
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
