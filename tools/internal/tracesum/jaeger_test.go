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
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeJaeger serves the small fixture like Jaeger's query API and records the
// queries it gets.
type fakeJaeger struct {
	t       *testing.T
	mu      sync.Mutex
	queries []string
}

func (f *fakeJaeger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.queries = append(f.queries, r.URL.RequestURI())
	f.mu.Unlock()
	switch r.URL.Path {
	case "/api/traces", "/api/traces/" + smallTrace:
		f.serveFile(w, smallV1)
	case "/api/v3/traces/" + smallTrace:
		f.serveFile(w, smallOTLP)
	case "/api/v3/traces":
		if r.URL.Query().Get("query.service_name") != "geth" {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":{"httpCode":404,"message":"No traces found"}}`)
			return
		}
		f.serveFile(w, smallOTLP)
	case "/broken/api/traces":
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `{"data":null,"errors":[{"code":500,"msg":"storage is on fire"}]}`)
	case "/garbage/api/traces":
		fmt.Fprint(w, `{"data":[{"traceID":"x",`)
	default:
		w.WriteHeader(http.StatusNotFound)
		if strings.HasPrefix(r.URL.Path, "/api/v3/") {
			fmt.Fprint(w, `{"error":{"httpCode":404,"message":"No traces found"}}`)
			return
		}
		fmt.Fprint(w, `{"data":null,"errors":[{"code":404,"msg":"trace not found"}]}`)
	}
}

func (f *fakeJaeger) serveFile(w http.ResponseWriter, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		f.t.Error(err)
	}
	w.Write(data)
}

func (f *fakeJaeger) last() *url.URL {
	f.mu.Lock()
	defer f.mu.Unlock()
	u, err := url.Parse(f.queries[len(f.queries)-1])
	if err != nil {
		f.t.Fatal(err)
	}
	return u
}

func TestJaegerQueries(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	j := &JaegerSource{base: "http://h:16686/", api: "v1", service: "geth", limit: 5, lookback: time.Hour, now: func() time.Time { return now }}
	want := map[string]string{
		"service": "geth", "operation": blockOperation, "limit": "5",
		"start": fmt.Sprint(now.Add(-time.Hour).UnixMicro()), "end": fmt.Sprint(now.UnixMicro()),
		"tags": `{"block.number":"7"}`,
	}
	checkQuery(t, j.url(Selection{block: 7, hasBlock: true}), "http://h:16686/api/traces", want)
	delete(want, "tags")
	checkQuery(t, j.url(Selection{}), "http://h:16686/api/traces", want)
	if got := j.url(Selection{traceID: "abc"}); got != "http://h:16686/api/traces/abc" {
		t.Errorf("v1 trace URL %s", got)
	}
	j.api = "v3"
	checkQuery(t, j.url(Selection{block: 7, hasBlock: true}), "http://h:16686/api/v3/traces", map[string]string{
		"query.service_name": "geth", "query.operation_name": blockOperation,
		"query.start_time_min": "2026-11-29T11:00:00Z", "query.start_time_max": "2026-11-29T12:00:00Z",
		"query.num_traces": "5", "query.search_depth": "5",
	})
	if got := j.url(Selection{traceID: "abc"}); got != "http://h:16686/api/v3/traces/abc" {
		t.Errorf("v3 trace URL %s", got)
	}
}

func checkQuery(t *testing.T, raw, wantBase string, want map[string]string) {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if base := u.Scheme + "://" + u.Host + u.Path; base != wantBase {
		t.Errorf("URL %s, want base %s", raw, wantBase)
	}
	q := u.Query()
	if len(q) != len(want) {
		t.Errorf("URL %s has %d parameters, want %d", raw, len(q), len(want))
	}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("URL %s: %s = %q, want %q", raw, k, q.Get(k), v)
		}
	}
}

// jaegerText summarizes the blocks sel picks from the Jaeger at base, as
// tracesum --jaeger base --api api --service service prints them (with its
// default limit, lookback and timeout).
func jaegerText(t *testing.T, base, api, service string, sel Selection) (string, error) {
	t.Helper()
	src, err := NewJaegerSource(JaegerConfig{URL: base, API: api, Service: service, Limit: 20, Lookback: 24 * time.Hour, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	sums, err := Summarize(src, sel)
	if err != nil {
		return "", err
	}
	return textOf(t, sums), nil
}

func TestJaegerSource(t *testing.T) {
	fake := &fakeJaeger{t: t}
	srv := httptest.NewServer(fake)
	defer srv.Close()

	for _, api := range []string{"v1", "v3"} {
		out, err := jaegerText(t, srv.URL, api, "geth", Selection{}.WithBlock(7))
		if err != nil || !strings.Contains(out, "Block 7  0xabab") {
			t.Errorf("%s search: error %v, output:\n%s", api, err, out)
		}
		if api == "v3" {
			// Found by a v1 search on the block number, then fetched from v3.
			fake.mu.Lock()
			got := fake.queries[len(fake.queries)-2:]
			fake.mu.Unlock()
			if !strings.HasPrefix(got[0], "/api/traces?") || !strings.Contains(got[0], "block.number") || got[1] != "/api/v3/traces/"+smallTrace {
				t.Errorf("v3 block search queried %v, want a v1 search on the block number, then the trace from v3", got)
			}
			if !strings.Contains(out, "OTLP JSON, nanosecond times") {
				t.Errorf("v3 block search did not read the trace from v3:\n%s", out)
			}
		}
		out, err = jaegerText(t, srv.URL, api, "geth", Selection{}.WithTrace(smallTrace))
		if err != nil || !strings.Contains(out, "trace "+smallTrace) {
			t.Errorf("%s by ID: error %v, output:\n%s", api, err, out)
		}
		if got := fake.last().Path; !strings.HasSuffix(got, "/traces/"+smallTrace) {
			t.Errorf("%s by ID queried %s", api, got)
		}
	}
	for _, tc := range []struct {
		api, service string
		sel          Selection
		want         string
	}{
		{"v3", "geth", Selection{}.WithTrace("feed"), "trace feed not found in Jaeger (" + srv.URL + "/api/v3/traces/feed): No traces found"},
		{"v1", "geth", Selection{}.WithTrace("feed"), "trace feed not found in Jaeger (" + srv.URL + "/api/traces/feed): 404 trace not found"},
		{"v3", "reth", Selection{}, "no block traces (core.blockchain.ProcessBlock spans) in Jaeger at " + srv.URL + `; searched at most 20 traces of service "reth" from the last 24h0m0s (raise --limit or --lookback)`},
		{"v3", "geth", Selection{}.WithBlock(8), "no block 8 in Jaeger at " + srv.URL + " (blocks found: 7 (trace " + smallTrace + "))"},
	} {
		_, err := jaegerText(t, srv.URL, tc.api, tc.service, tc.sel)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s %v: error %v, want %q", tc.api, tc.service, tc.sel, err, tc.want)
		}
	}
	for _, tc := range []struct {
		base, want string
	}{
		{srv.URL + "/broken", "Jaeger " + srv.URL + "/broken/api/traces?"},
		{srv.URL + "/garbage", "malformed JSON at byte offset 24 (line 1, column 25): unexpected end of input"},
		{"http://127.0.0.1:1", "cannot reach Jaeger"},
	} {
		_, err := jaegerText(t, tc.base, "v1", "geth", Selection{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.base, err, tc.want)
		}
	}
	if _, err := jaegerText(t, srv.URL+"/broken", "v1", "geth", Selection{}); err == nil || !strings.Contains(err.Error(), "HTTP 500: 500 storage is on fire") {
		t.Errorf("broken Jaeger: error %v", err)
	}
}

// TestNewJaegerSource refuses an unknown API and a limit below 1.
func TestNewJaegerSource(t *testing.T) {
	for _, tc := range []struct {
		cfg  JaegerConfig
		want string
	}{
		{JaegerConfig{API: "v2", Limit: 1}, `--api "v2": want v1 or v3`},
		{JaegerConfig{API: "v3"}, "--limit must be at least 1"},
	} {
		if _, err := NewJaegerSource(tc.cfg); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: error %v, want %q", tc.cfg, err, tc.want)
		}
	}
}
