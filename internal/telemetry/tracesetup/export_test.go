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

package tracesetup

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/node"
	"go.opentelemetry.io/otel"
)

// captureLog routes geth's log into a buffer for the test's duration.
func captureLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := log.Root()
	log.SetDefault(log.NewLogger(log.NewTerminalHandlerWithLevel(&buf, log.LevelDebug, false)))
	t.Cleanup(func() { log.SetDefault(old) })
	return &buf
}

func endSpans(n int) {
	tracer := otel.Tracer("test")
	for i := 0; i < n; i++ {
		_, span := tracer.Start(context.Background(), "block")
		span.End()
	}
}

func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// startService starts a service for cfg, enabled and sampling every trace
// unless cfg says otherwise.
func startService(t *testing.T, cfg node.OpenTelemetryConfig, opts Options) *Service {
	t.Helper()
	cfg.Enabled = true
	s, err := NewService(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	return s
}

// stop stops s and returns its span counts.
func stop(s *Service) Stats {
	s.Stop()
	return s.Stats()
}

func TestServiceExports(t *testing.T) {
	var received int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/traces" {
			received++
		}
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()

	s := startService(t, node.OpenTelemetryConfig{Endpoint: srv.URL, SampleRatio: 1}, Options{})
	endSpans(50)
	stats := stop(s)
	if stats.Ended != 50 || stats.Exported != 50 || stats.Failed != 0 || stats.Dropped != 0 {
		t.Errorf("stats = %+v, want 50 ended and exported", stats)
	}
	if received == 0 {
		t.Error("the collector received no export request")
	}
}

// TestServiceEnvEndpoint checks that without an endpoint the exporter follows
// OTEL_EXPORTER_OTLP_ENDPOINT.
func TestServiceEnvEndpoint(t *testing.T) {
	var received int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		received++
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	s := startService(t, node.OpenTelemetryConfig{SampleRatio: 1}, Options{})
	endSpans(10)
	if stats := stop(s); stats.Exported != 10 || received == 0 {
		t.Errorf("stats = %+v, %d requests: want the spans exported to OTEL_EXPORTER_OTLP_ENDPOINT", stats, received)
	}
}

// TestServiceUnreachable checks that an unreachable collector costs dropped
// spans, one warning and a bounded shutdown, never an error or a stall.
func TestServiceUnreachable(t *testing.T) {
	logs := captureLog(t)
	s := startService(t, node.OpenTelemetryConfig{Endpoint: "http://" + closedPort(t), SampleRatio: 1}, Options{FlushTimeout: 5 * time.Second})
	endSpans(3000) // more than one batch
	start := time.Now()
	stats := stop(s)
	if elapsed := time.Since(start); elapsed > 15*time.Second {
		t.Errorf("shutdown took %v with the collector down", elapsed)
	}
	if stats.Ended != 3000 || stats.Exported != 0 || stats.Failed+stats.Dropped != 3000 {
		t.Errorf("stats = %+v, want all 3000 spans failed or dropped", stats)
	}
	if n := strings.Count(logs.String(), "OpenTelemetry export failed, spans are being dropped"); n != 1 {
		t.Errorf("%d export warnings logged, want 1:\n%s", n, logs)
	}
	if !strings.Contains(logs.String(), "OpenTelemetry spans were not exported") {
		t.Errorf("no report of unexported spans at shutdown:\n%s", logs)
	}
}

// TestServiceSlowCollector checks that a collector slower than the block
// rate makes the bounded queue drop spans instead of blocking their callers.
func TestServiceSlowCollector(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	defer close(release)

	s := startService(t, node.OpenTelemetryConfig{Endpoint: srv.URL, SampleRatio: 1}, Options{QueueSize: 100, FlushTimeout: time.Second})
	start := time.Now()
	endSpans(20000)
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("ending spans took %v with a stalled collector", elapsed)
	}
	if stats := stop(s); stats.Dropped == 0 {
		t.Errorf("stats = %+v: a 100-span queue behind a stalled collector dropped nothing", stats)
	}
}

func TestServiceBadConfig(t *testing.T) {
	for _, cfg := range []node.OpenTelemetryConfig{
		{Endpoint: "ftp://127.0.0.1:4318"},
		{Endpoint: "127.0.0.1:4318"},
		{Endpoint: "grpc://127.0.0.1:4317/v1/traces"},
		{Endpoint: "http://127.0.0.1:4318", SampleRatio: 1.5},
	} {
		if _, err := NewService(cfg, Options{}); err == nil {
			t.Errorf("NewService(%+v) accepted a bad config", cfg)
		}
	}
}

// TestServiceSampling checks that the sample ratio applies to root spans.
func TestServiceSampling(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		ratio float64
		want  int64
	}{{0, 0}, {1, 200}} {
		s := startService(t, node.OpenTelemetryConfig{Endpoint: srv.URL, SampleRatio: tc.ratio}, Options{})
		endSpans(200)
		if stats := stop(s); stats.Ended != tc.want || stats.Exported != tc.want {
			t.Errorf("ratio %v: stats %+v, want %d spans ended and exported", tc.ratio, stats, tc.want)
		}
	}
}
