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
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/internal/tracesum"
)

// The trace fixtures of the library: one hand-built block (number 7, an MPT)
// in two formats, and a live block.
const (
	testdata   = "../internal/tracesum/testdata/"
	smallV1    = testdata + "small_v1.json"
	smallOTLP  = testdata + "small_otlp.json"
	realOTLP   = testdata + "real_block1_otlp.json"
	smallTrace = "0af7651916cd43dd8448eb211c80319c"
)

// runApp runs tracesum with args and returns its standard output.
func runApp(args ...string) (string, error) {
	var out bytes.Buffer
	err := newApp(&out).Run(append([]string{"tracesum"}, args...))
	return out.String(), err
}

func TestTextOutput(t *testing.T) {
	out, err := runApp("--file", smallOTLP, "--block", "7")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Block 7  0xabababababababababababababababababababababababababababababababab\n",
		"  2 txs, gas 21,000 of 30,000,000 (0.1%), mpt trie, telemetry level node\n",
		"  execution (excl. reads)      1       3.00   30.0        3.00   33.3       0.00\n",
		"  trie update                  3       1.97   19.7        2.00   22.2      -0.03\n",
		"  other                                0.63    6.3        0.30    3.3          -\n",
		"  check: 6 trie.node.fetch spans = trie.node_fetches 6 (spans dropped: 0)  ok\n",
		"  by depth (mpt trie, nibbles)\n",
		"##############################\n",
		"    storage tries (2)                                      3           240      0.07    23.33  (1 failed)\n",
		"  written  1,800 B (1.76 KiB) = trie 1,500 + code 300, per triedb.commit: 3 tries, 12 nodes updated, 2 deleted\n",
		"  4 state.trie.hash spans over 3 tries: 36 nodes hashed, 28 hash ops\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "WARNING") || strings.Contains(out, "microsecond") {
		t.Errorf("unexpected warning or v1 note:\n%s", out)
	}
}

func TestTextWarning(t *testing.T) {
	data, err := os.ReadFile(smallV1)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for old, repl := range map[string]string{
		`{"key": "trie.node_fetches", "type": "int64", "value": 6}`:             `{"key": "trie.node_fetches", "type": "int64", "value": 8}`,
		`{"key": "trie.node_fetch_spans_dropped", "type": "int64", "value": 0}`: `{"key": "trie.node_fetch_spans_dropped", "type": "int64", "value": 2}`,
	} {
		if !strings.Contains(text, old) {
			t.Fatalf("fixture lacks %s", old)
		}
		text = strings.Replace(text, old, repl, 1)
	}
	path := filepath.Join(t.TempDir(), "dropped.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runApp("--file", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  check: 6 trie.node.fetch spans != trie.node_fetches 8 (spans dropped: 2)  MISMATCH\n",
		"WARNING: 6 trie.node.fetch spans, but trie.node_fetches = 8: 2 fetches have no span (geth dropped 2 over its span limit); fetch figures cover the spans only\n",
		"(Jaeger v1 JSON has whole microseconds",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestEveryBlock reads a stream of two JSON values in different formats and
// summarizes both blocks, in block order.
func TestEveryBlock(t *testing.T) {
	var data []byte
	for _, p := range []string{smallV1, realOTLP} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, b...)
	}
	path := filepath.Join(t.TempDir(), "two.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runApp("--file", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var sums []tracesum.Summary
	if err := json.Unmarshal([]byte(out), &sums); err != nil {
		t.Fatalf("JSON output: %v\n%s", err, out)
	}
	if len(sums) != 2 || sums[0].Block.Number != 1 || sums[1].Block.Number != 7 || sums[0].Format != "otlp" || sums[1].Format != "jaeger-v1" {
		t.Fatalf("summaries of blocks %+v", sums)
	}
	if sums[1].Fetches.Total.Count != 6 || *sums[1].Time[0].SpanUS != 10000 || sums[1].Warnings == nil {
		t.Errorf("block 7 JSON summary %+v", sums[1])
	}
	text, err := runApp("--file", path)
	if err != nil || strings.Index(text, "Block 1 ") > strings.Index(text, "Block 7 ") || strings.Count(text, "\nBlock ") != 1 {
		t.Errorf("text of two blocks (error %v):\n%s", err, text)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give --file FILE or --jaeger URL"},
		{[]string{"--file", smallV1, "--jaeger", "http://h"}, "give either --file or --jaeger, not both"},
		{[]string{"--file", smallV1, "extra"}, "unexpected arguments [extra]"},
		{[]string{"--jaeger", "http://h", "--api", "v2"}, `--api "v2": want v1 or v3`},
		{[]string{"--jaeger", "http://h", "--limit", "0"}, "--limit must be at least 1"},
		{[]string{"--file", smallV1, "--block", "99"}, "no block 99 in file " + smallV1 + " (blocks found: 7 (trace " + smallTrace + "))"},
		{[]string{"--file", smallV1, "--trace", "abc"}, "no trace abc in file " + smallV1},
		{[]string{"--file", "testdata/nonexistent.json"}, "trace file testdata/nonexistent.json: no such file or directory"},
		{[]string{"--file", smallV1, "--settle", "5s"}, "--settle applies to --jaeger only"},
		{[]string{"--from-json"}, "--from-json: give the files written by tracesum --json as arguments"},
		{[]string{"--nope"}, "flag provided but not defined: -nope (see tracesum -h)"},
	} {
		out, err := runApp(tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
		if out != "" {
			t.Errorf("%v: printed %q on error", tc.args, out)
		}
	}
}

// TestFromJSON writes --json summaries and draws them again with --from-json
// --html: the text is the same and the page is written.
func TestFromJSON(t *testing.T) {
	dir := t.TempDir()
	blob, err := runApp("--file", smallOTLP, "--json")
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "run1.json")
	if err := os.WriteFile(saved, []byte(blob), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := runApp("--file", smallOTLP)
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page.html")
	got, err := runApp("--from-json", "--html", page, saved)
	if err != nil || got != want {
		t.Errorf("--from-json text (error %v):\n%s\nwant\n%s", err, got, want)
	}
	if html, err := os.ReadFile(page); err != nil || !strings.Contains(string(html), "<h2>run1") {
		t.Errorf("--html page of the saved summaries (error %v) lacks the block labeled by its file", err)
	}
}
