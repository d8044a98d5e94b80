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
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The small fixtures hold one hand-built block (number 7, an MPT) of 24
// spans, the same in each format; see summary_test.go for its known totals.
const (
	smallV1    = "testdata/small_v1.json"
	smallOTLP  = "testdata/small_otlp.json"       // Jaeger API v3 response
	smallLines = "testdata/small_otlp_lines.json" // two bare TracesData lines
	realV1     = "testdata/real_block1_v1.json"   // a live block, txs trimmed
	realOTLP   = "testdata/real_block1_otlp.json" // the same, from API v3
	smallTrace = "0af7651916cd43dd8448eb211c80319c"
)

func loadFile(t *testing.T, path string) []*trace {
	t.Helper()
	traces, err := (&fileSource{path: path}).load(Selection{})
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return traces
}

func TestDecodeFormats(t *testing.T) {
	for _, tc := range []struct {
		path, format string
	}{{smallV1, formatV1}, {smallOTLP, formatOTLP}, {smallLines, formatOTLP}} {
		traces := loadFile(t, tc.path)
		if len(traces) != 1 {
			t.Fatalf("%s: %d traces, want 1", tc.path, len(traces))
		}
		tr := traces[0]
		if tr.id != smallTrace || tr.format != tc.format || len(tr.spans) != 24 {
			t.Errorf("%s: trace %s format %s with %d spans, want %s %s with 24", tc.path, tr.id, tr.format, len(tr.spans), smallTrace, tc.format)
		}
		root := findSpan(t, tr, "00000000000000a1")
		if root.parentID != "" || root.name != blockOperation || root.start != 1700000000000000000 || root.duration != 10_000_000 {
			t.Errorf("%s: root span %+v", tc.path, root)
		}
		if n, _ := root.intAttr("block.number"); n != 7 {
			t.Errorf("%s: block.number %d, want 7", tc.path, n)
		}
		read := findSpan(t, tr, "00000000000000b1")
		if read.attrs["aggregate"] != true || read.parentID != "00000000000000a1" {
			t.Errorf("%s: state.read span %+v", tc.path, read)
		}
		fetch := findSpan(t, tr, "0000000000000105")
		if !fetch.failed || fetch.strAttr("node.source") != "disk" || fetch.intOr("node.bytes") != 60 {
			t.Errorf("%s: failed fetch span %+v", tc.path, fetch)
		}
		if findSpan(t, tr, "0000000000000106").intOr("node.bytes") != 200 {
			t.Errorf("%s: numeric intValue not decoded", tc.path)
		}
	}
}

// TestDecodeSameSpans checks that the formats of the small fixture decode to
// identical spans.
func TestDecodeSameSpans(t *testing.T) {
	want := spansByID(loadFile(t, smallV1)[0])
	for _, path := range []string{smallOTLP, smallLines} {
		got := spansByID(loadFile(t, path)[0])
		for id, w := range want {
			g := got[id]
			if g == nil {
				t.Errorf("%s: span %s missing", path, id)
				continue
			}
			// Jaeger's v1 model has Jaeger-specific error tags.
			delete(w.attrs, "error")
			delete(w.attrs, "otel.status_code")
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: span %s = %+v, want %+v", path, id, g, w)
			}
		}
	}
}

func TestDecodeRealExports(t *testing.T) {
	v1, otlp := loadFile(t, realV1), loadFile(t, realOTLP)
	if len(v1) != 1 || len(otlp) != 1 || len(v1[0].spans) != 69 || len(otlp[0].spans) != 69 {
		t.Fatalf("real exports: %d and %d traces, want 1 of 69 spans each", len(v1), len(otlp))
	}
	// The v1 model truncates times to microseconds.
	v1Spans := spansByID(v1[0])
	for id, o := range spansByID(otlp[0]) {
		v := v1Spans[id]
		if v == nil || v.name != o.name || v.parentID != o.parentID || v.start != o.start/1000*1000 {
			t.Errorf("span %s differs: v1 %+v, otlp %+v", id, v, o)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
	}{
		{"syntax", `{"data":[{"traceID":"x","spans":[}]}`, "malformed JSON at byte offset 33 (line 1, column 34): invalid character '}'"},
		{"syntax line", "{\"data\":[\n  {\"traceID\": x}]}", "malformed JSON at byte offset 24 (line 2, column 15)"},
		{"type", `{"data":[{"traceID":"x","spans":[{"spanID":"a","startTime":"soon"}]}]}`, "malformed JSON near byte offset 64 (line 1, column 65): field data.spans.startTime: cannot use a JSON string as int64"},
		{"truncated", `{"result":{"resourceSpans":[`, "malformed JSON at byte offset 28 (line 1, column 29): unexpected end of input"},
		{"empty", " \n", "no JSON value"},
		{"unknown", `{"traces":[]}`, "unrecognized format"},
		{"array", `[1,2]`, "malformed JSON"},
		{"v3 error", `{"error":{"httpCode":404,"message":"No traces found"}}`, "Jaeger error 404: No traces found"},
		{"bad int", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"00000000000000a1","startTimeUnixNano":"1","endTimeUnixNano":"2","attributes":[{"key":"k","value":{"intValue":"x"}}]}]}]}]}`, `OTLP JSON: ReadInt64: strconv.ParseInt: parsing "x"`},
		{"bad id", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"t","spanId":"s"}]}]}]}`, "OTLP JSON: ID.UnmarshalJSONIter: length mismatch"},
		{"no otlp span id", `{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"op","startTimeUnixNano":"1"}]}]}]}`, `span "op" has no traceId or spanId`},
		{"no span id", `{"data":[{"traceID":"t","spans":[{"operationName":"op"}]}]}`, `span "op" has no traceID or spanID`},
	} {
		path := filepath.Join(t.TempDir(), "trace.json")
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := (&fileSource{path: path}).load(Selection{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming %s and containing %q", tc.name, err, path, tc.want)
		}
	}
}

func TestMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing.json")
	_, err := (&fileSource{path: path}).load(Selection{})
	if err == nil || err.Error() != "trace file "+path+": no such file or directory" {
		t.Errorf("error %v", err)
	}
}

func findSpan(t *testing.T, tr *trace, id string) *span {
	t.Helper()
	s := spansByID(tr)[id]
	if s == nil {
		t.Fatalf("trace %s has no span %s", tr.id, id)
	}
	return s
}

func spansByID(tr *trace) map[string]*span {
	m := make(map[string]*span, len(tr.spans))
	for _, s := range tr.spans {
		m[s.id] = s
	}
	return m
}

// TestDecodeBareTrace reads a single Jaeger trace object, without the
// {"data":[...]} wrapper of the API.
func TestDecodeBareTrace(t *testing.T) {
	data, err := os.ReadFile(smallV1)
	if err != nil {
		t.Fatal(err)
	}
	var resp struct{ Data []json.RawMessage }
	if err := json.Unmarshal(data, &resp); err != nil || len(resp.Data) != 1 {
		t.Fatalf("fixture: %v", err)
	}
	traces, err := decodeTraces(resp.Data[0])
	if err != nil || len(traces) != 1 || len(traces[0].spans) != 24 || traces[0].format != formatV1 {
		t.Fatalf("bare trace: error %v, traces %v", err, traces)
	}
}
