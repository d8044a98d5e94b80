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

package runner

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/study"
)

// fakeJaeger serves a Jaeger's query API and OTLP/HTTP receiver as far as
// the collector's check asks them, recording the exports it receives.
func fakeJaeger(t *testing.T, exports *int) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/services", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"data":["geth"],"total":1}`)
	})
	mux.HandleFunc("POST /v1/traces", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Content-Type") != "application/x-protobuf" {
			http.Error(w, "unsupported content type", http.StatusUnsupportedMediaType)
			return
		}
		*exports++
		w.Header().Set("Content-Type", "application/x-protobuf")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// closedURL is the URL of a port nothing listens on.
func closedURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestTraceCollectorCheck checks that the collector finds its Jaeger's
// query API and OTLP receiver before a study prepares anything, and says
// which of them does not answer.
func TestTraceCollectorCheck(t *testing.T) {
	var exports int
	jaeger := fakeJaeger(t, &exports)
	other := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(other.Close)
	closed := closedURL(t)
	for _, tc := range []struct {
		name, jaeger, otlp, want string
	}{
		{"up", jaeger.URL, jaeger.URL, ""},
		{"query with a slash", jaeger.URL + "/", jaeger.URL + "/", ""},
		{"grpc endpoint not sent to", jaeger.URL, "grpc://127.0.0.1:4317", ""},
		{"no jaeger", closed, jaeger.URL, "no Jaeger answers at " + closed},
		{"not jaeger", other.URL, jaeger.URL, "404 Not Found, not a Jaeger query API"},
		{"no otlp", jaeger.URL, closed, "no OTLP receiver answers at " + closed + " (--otlp)"},
		{"not otlp", jaeger.URL, other.URL, "not an OTLP/HTTP receiver (--otlp)"},
	} {
		err := (&traceCollector{jaeger: tc.jaeger, otlp: tc.otlp}).check()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if exports != 2 {
		t.Errorf("%d exports received, want one per check that reached the receiver (2)", exports)
	}
}

// TestStudyNeedsTraces checks that a study with traces = true is refused
// without --traces before anything is made, and prepared without one.
func TestStudyNeedsTraces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "telemetry.toml")
	text := `
tries = ["mpt"]
workloads = ["erc20_approve"]
telemetry = ["", "node"]
traces = true
[scale.smoke]
entries = 100
workload_blocks = 1
runs = 2
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := study.Load(path, []string{"ms_per_slot"})
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(t.TempDir(), "work")
	err = RunStudy(s, StudyOptions{Scale: "smoke", Out: t.TempDir(), Work: work, Bin: t.TempDir(), Log: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "traces = true") || !strings.Contains(err.Error(), "--traces") {
		t.Errorf("run without --traces: %v", err)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Errorf("work directory made: %v", err)
	}
	// Preparing measures nothing, so it needs no Jaeger: it goes on to
	// look for the binaries.
	err = RunStudy(s, StudyOptions{Scale: "smoke", Out: t.TempDir(), Work: work, Bin: t.TempDir(), PrepareOnly: true, Log: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "geth binary statelab") {
		t.Errorf("prepare-only without --traces: %v, want it to get to the binaries", err)
	}
}
