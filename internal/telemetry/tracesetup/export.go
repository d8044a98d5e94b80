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
	"context"
	"os"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/log"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// Options tune the export of a Service. Zero values fall back to the
// standard OTEL_BSP_* variables, then to the SDK's defaults.
type Options struct {
	QueueSize    int           // span queue bound; spans that do not fit are dropped
	FlushTimeout time.Duration // how long Stop waits for the queue to drain (30s)
}

// Stats counts what became of the spans ended while a Service ran.
type Stats struct {
	Ended    int64 // sampled spans ended and handed to the batcher
	Exported int64 // spans the collector accepted
	Failed   int64 // spans in batches whose export failed
	Dropped  int64 // spans dropped before export (queue full, or left at shutdown)
}

// Retries of one batch are bounded, so that an unreachable collector costs
// dropped spans, not a stalled shutdown.
var (
	httpRetry = otlptracehttp.WithRetry(otlptracehttp.RetryConfig{
		Enabled: true, InitialInterval: 500 * time.Millisecond, MaxInterval: 2 * time.Second, MaxElapsedTime: 5 * time.Second,
	})
	grpcRetry = otlptracegrpc.WithRetry(otlptracegrpc.RetryConfig{
		Enabled: true, InitialInterval: 500 * time.Millisecond, MaxInterval: 2 * time.Second, MaxElapsedTime: 5 * time.Second,
	})
)

// newEnvExporter makes an exporter configured by the OTEL_EXPORTER_OTLP_*
// variables, over gRPC if the protocol variable says so, else over HTTP.
func newEnvExporter(headers map[string]string) (*countingExporter, string, error) {
	protocol := os.Getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
	if protocol == "" {
		protocol = os.Getenv("OTEL_EXPORTER_OTLP_PROTOCOL")
	}
	endpoint := os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
	if endpoint == "" {
		endpoint = os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT")
	}
	if protocol == "grpc" {
		if endpoint == "" {
			endpoint = "localhost:4317 (default)"
		}
		opts := []otlptracegrpc.Option{grpcRetry}
		if headers != nil {
			opts = append(opts, otlptracegrpc.WithHeaders(headers))
		}
		return newCountingExporter(otlptracegrpc.NewUnstarted(opts...), endpoint), endpoint, nil
	}
	if endpoint == "" {
		endpoint = "localhost:4318 (default)"
	}
	opts := []otlptracehttp.Option{httpRetry}
	if headers != nil {
		opts = append(opts, otlptracehttp.WithHeaders(headers))
	}
	return newCountingExporter(otlptracehttp.NewUnstarted(opts...), endpoint), endpoint, nil
}

// batchOptions bounds the span queue. Explicit settings win over the
// OTEL_BSP_* variables, which win over the defaults.
func batchOptions(opts Options) []sdktrace.BatchSpanProcessorOption {
	var out []sdktrace.BatchSpanProcessorOption
	if opts.QueueSize > 0 || os.Getenv("OTEL_BSP_MAX_QUEUE_SIZE") == "" {
		size := opts.QueueSize
		if size == 0 {
			size = sdktrace.DefaultMaxQueueSize
		}
		out = append(out, sdktrace.WithMaxQueueSize(size))
		if os.Getenv("OTEL_BSP_MAX_EXPORT_BATCH_SIZE") == "" {
			out = append(out, sdktrace.WithMaxExportBatchSize(min(size, 4096)))
		}
	}
	return out
}

// countingExporter counts exported and failed spans, and logs the first
// failure as a warning (later ones at debug level).
type countingExporter struct {
	*otlptrace.Exporter
	endpoint string
	exported atomic.Int64
	failed   atomic.Int64
	warned   atomic.Bool
}

func newCountingExporter(exp *otlptrace.Exporter, endpoint string) *countingExporter {
	return &countingExporter{Exporter: exp, endpoint: endpoint}
}

func (e *countingExporter) start(ctx context.Context) error {
	return e.Exporter.Start(ctx)
}

// ExportSpans implements sdktrace.SpanExporter.
func (e *countingExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	err := e.Exporter.ExportSpans(ctx, spans)
	if err != nil {
		e.failed.Add(int64(len(spans)))
		if e.warned.CompareAndSwap(false, true) {
			log.Warn("OpenTelemetry export failed, spans are being dropped", "endpoint", e.endpoint, "err", err)
		} else {
			log.Debug("OpenTelemetry export failed", "spans", len(spans), "err", err)
		}
		return err
	}
	e.exported.Add(int64(len(spans)))
	return nil
}

// endCounter counts sampled spans as they end; it runs before the batcher.
type endCounter struct {
	ended atomic.Int64
}

func (c *endCounter) OnStart(context.Context, sdktrace.ReadWriteSpan) {}
func (c *endCounter) OnEnd(s sdktrace.ReadOnlySpan) {
	if s.SpanContext().IsSampled() {
		c.ended.Add(1)
	}
}
func (c *endCounter) Shutdown(context.Context) error   { return nil }
func (c *endCounter) ForceFlush(context.Context) error { return nil }
