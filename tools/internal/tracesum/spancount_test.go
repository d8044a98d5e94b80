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
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// growingJaeger answers /api/traces with two traces whose spans grow by step
// on every call, up to most, as Jaeger's store does while it writes what it
// received.
type growingJaeger struct {
	calls      atomic.Int64
	step, most int64
	service    string // the service it holds spans of
}

func (g *growingJaeger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := min(g.step*(g.calls.Add(1)), g.most)
	q := r.URL.Query()
	if r.URL.Path != "/api/traces" || q.Get("operation") != "" || q.Get("service") != g.service {
		http.Error(w, "unexpected query "+r.URL.RequestURI(), http.StatusBadRequest)
		return
	}
	spans := func(k int64) string { return strings.TrimSuffix(strings.Repeat(`{"spanID":"x"},`, int(k)), ",") }
	fmt.Fprintf(w, `{"data":[{"traceID":"a","spans":[%s]},{"traceID":"b","spans":[%s]}]}`, spans(n/2), spans(n-n/2))
}

func testSource(t *testing.T, base, service string) *JaegerSource {
	t.Helper()
	src, err := NewJaegerSource(JaegerConfig{URL: base, API: "v3", Service: service, Limit: 20, Lookback: time.Hour, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestWaitForSpans waits until Jaeger holds the exported spans of every trace,
// and fails naming both counts when they do not arrive in time.
func TestWaitForSpans(t *testing.T) {
	fake := &growingJaeger{step: 10, most: 25, service: "statelab-run"}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	src := testSource(t, srv.URL, "statelab-run")

	n, err := src.WaitForSpans(context.Background(), 25, time.Minute)
	if err != nil || n != 25 {
		t.Fatalf("waited for 25 spans: %d, %v", n, err)
	}
	if calls := fake.calls.Load(); calls != 3 {
		t.Errorf("%d loads, want 3 (10, 20, then all 25 spans)", calls)
	}
	n, err = src.WaitForSpans(context.Background(), 30, 0)
	if err == nil || n != 25 || !strings.Contains(err.Error(), "holds 25 spans") || !strings.Contains(err.Error(), "reported 30") {
		t.Errorf("30 spans that never arrive: %d, %v", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := src.WaitForSpans(ctx, 30, time.Minute); err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("canceled wait: %v", err)
	}
	if _, err := testSource(t, srv.URL+"/nope", "statelab-run").StoredSpans(); err == nil || !strings.Contains(err.Error(), "HTTP 400") {
		t.Errorf("failing Jaeger: %v", err)
	}
}
