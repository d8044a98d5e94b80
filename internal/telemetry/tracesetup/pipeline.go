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
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/internal/version"
	"github.com/ethereum/go-ethereum/log"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.38.0"
)

// PipelineConfig configures a Pipeline. Fields left zero fall back to the
// standard OTEL_* environment variables, then to the SDK's defaults.
type PipelineConfig struct {
	Endpoint     string  // http(s)://host:port[/path] or grpc(s)://host:port; "" = OTEL_EXPORTER_OTLP_* or http://localhost:4318
	SampleRatio  float64 // fraction of root spans (blocks) sampled, used when SampleSet
	SampleSet    bool    // SampleRatio was given; else OTEL_TRACES_SAMPLER or always
	AuthUser     string  // basic auth user, if any
	AuthPassword string
	InstanceID   string // service.instance.id
	Tags         string // extra resource attributes, "k=v,k2=v2"
	QueueSize    int    // span queue bound; 0 = OTEL_BSP_MAX_QUEUE_SIZE or 2048
	FlushTimeout time.Duration
}

// PipelineStats counts what became of the spans ended while the pipeline ran.
type PipelineStats struct {
	Ended    int64 // spans ended and handed to the batcher
	Exported int64 // spans the collector accepted
	Failed   int64 // spans in batches whose export failed
	Dropped  int64 // spans dropped before export (queue full, or left at shutdown)
}

// Pipeline is an OpenTelemetry trace pipeline for block import: a tracer
// provider, installed as the global one, exporting over OTLP through a
// bounded batch queue. Export failures never block the caller: spans that do
// not fit the queue are dropped and counted, one warning is logged at the
// first failed export, and Shutdown reports the counts.
//
// NewPipeline starts it; Shutdown (or Stop, as a node.Lifecycle) flushes and
// stops it. It is safe for concurrent use.
type Pipeline struct {
	endpoint string
	provider *sdktrace.TracerProvider
	exporter *countingExporter
	ended    atomic.Int64
	flush    time.Duration
}

// NewPipeline builds the pipeline and installs it as the global tracer
// provider. It does not contact the collector: an unreachable collector shows
// up as failed exports, not as an error here.
func NewPipeline(cfg PipelineConfig) (*Pipeline, error) {
	if cfg.SampleSet && (cfg.SampleRatio < 0 || cfg.SampleRatio > 1) {
		return nil, fmt.Errorf("invalid sample ratio %v (want 0.0 to 1.0)", cfg.SampleRatio)
	}
	exp, endpoint, err := newExporter(cfg)
	if err != nil {
		return nil, err
	}
	p := &Pipeline{
		endpoint: endpoint,
		exporter: &countingExporter{SpanExporter: exp, endpoint: endpoint},
		flush:    cfg.FlushTimeout,
	}
	if p.flush == 0 {
		p.flush = 30 * time.Second
	}
	opts := []sdktrace.TracerProviderOption{
		sdktrace.WithSpanProcessor(&endCounter{ended: &p.ended}),
		sdktrace.WithBatcher(p.exporter, batchOptions(cfg)...),
		sdktrace.WithResource(newResource(cfg)),
	}
	if cfg.SampleSet || os.Getenv("OTEL_TRACES_SAMPLER") == "" {
		ratio := 1.0
		if cfg.SampleSet {
			ratio = cfg.SampleRatio
		}
		opts = append(opts, sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.TraceIDRatioBased(ratio))))
	}
	p.provider = sdktrace.NewTracerProvider(opts...)
	otel.SetTracerProvider(p.provider)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
		log.Debug("OpenTelemetry error", "err", err) // export failures are reported by countingExporter
	}))
	log.Info("OpenTelemetry block tracing enabled", "endpoint", endpoint)
	return p, nil
}

// Start implements node.Lifecycle; the pipeline runs from NewPipeline on.
func (p *Pipeline) Start() error { return nil }

// Stop implements node.Lifecycle.
func (p *Pipeline) Stop() error {
	p.Shutdown()
	return nil
}

// Shutdown flushes the queue, waiting at most the flush timeout (a few
// seconds once exports have failed), stops the pipeline, logs and returns
// what became of the spans.
func (p *Pipeline) Shutdown() PipelineStats {
	timeout := p.flush
	if p.exporter.failed.Load() > 0 {
		timeout = min(timeout, 2*time.Second)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := p.provider.Shutdown(ctx); err != nil {
		log.Debug("OpenTelemetry shutdown incomplete", "err", err)
	}
	stats := p.Stats()
	if stats.Failed+stats.Dropped > 0 {
		log.Warn("OpenTelemetry spans were not exported", "endpoint", p.endpoint, "ended", stats.Ended,
			"exported", stats.Exported, "failed", stats.Failed, "dropped", stats.Dropped)
	} else {
		log.Info("OpenTelemetry spans exported", "endpoint", p.endpoint, "spans", stats.Exported)
	}
	return stats
}

// Stats returns the span counts so far.
func (p *Pipeline) Stats() PipelineStats {
	s := PipelineStats{
		Ended:    p.ended.Load(),
		Exported: p.exporter.exported.Load(),
		Failed:   p.exporter.failed.Load(),
	}
	s.Dropped = max(0, s.Ended-s.Exported-s.Failed)
	return s
}

// newExporter makes the OTLP exporter for cfg and names its endpoint.
func newExporter(cfg PipelineConfig) (sdktrace.SpanExporter, string, error) {
	ctx := context.Background()
	var headers map[string]string
	if cfg.AuthUser != "" {
		headers = map[string]string{
			"Authorization": "Basic " + base64.StdEncoding.EncodeToString([]byte(cfg.AuthUser+":"+cfg.AuthPassword)),
		}
	}
	if cfg.Endpoint == "" {
		return newEnvExporter(ctx, headers)
	}
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || u.Host == "" {
		return nil, "", fmt.Errorf("invalid telemetry endpoint %q (want http://host:port or grpc://host:port)", cfg.Endpoint)
	}
	switch u.Scheme {
	case "http", "https":
		opts := []otlptracehttp.Option{otlptracehttp.WithEndpoint(u.Host), exportRetry()}
		if u.Scheme == "http" {
			opts = append(opts, otlptracehttp.WithInsecure())
		}
		if u.Path != "" && u.Path != "/" {
			opts = append(opts, otlptracehttp.WithURLPath(u.Path))
		}
		if headers != nil {
			opts = append(opts, otlptracehttp.WithHeaders(headers))
		}
		exp, err := otlptracehttp.New(ctx, opts...)
		return exp, cfg.Endpoint, err
	case "grpc", "grpcs":
		if u.Path != "" && u.Path != "/" {
			return nil, "", fmt.Errorf("invalid telemetry endpoint %q: gRPC endpoints take no path", cfg.Endpoint)
		}
		opts := []otlptracegrpc.Option{otlptracegrpc.WithEndpoint(u.Host), grpcRetry()}
		if u.Scheme == "grpc" {
			opts = append(opts, otlptracegrpc.WithInsecure())
		}
		if headers != nil {
			opts = append(opts, otlptracegrpc.WithHeaders(headers))
		}
		exp, err := otlptracegrpc.New(ctx, opts...)
		return exp, cfg.Endpoint, err
	default:
		return nil, "", fmt.Errorf("invalid telemetry endpoint %q: unsupported scheme %q (want http, https, grpc or grpcs)", cfg.Endpoint, u.Scheme)
	}
}

// newEnvExporter makes an exporter configured by the OTEL_EXPORTER_OTLP_*
// variables, over gRPC if the protocol variable says so, else over HTTP.
func newEnvExporter(ctx context.Context, headers map[string]string) (sdktrace.SpanExporter, string, error) {
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
		opts := []otlptracegrpc.Option{grpcRetry()}
		if headers != nil {
			opts = append(opts, otlptracegrpc.WithHeaders(headers))
		}
		exp, err := otlptracegrpc.New(ctx, opts...)
		return exp, endpoint, err
	}
	if endpoint == "" {
		endpoint = "localhost:4318 (default)"
	}
	opts := []otlptracehttp.Option{exportRetry()}
	if headers != nil {
		opts = append(opts, otlptracehttp.WithHeaders(headers))
	}
	exp, err := otlptracehttp.New(ctx, opts...)
	return exp, endpoint, err
}

// exportRetry bounds the time one batch may spend retrying, so that an
// unreachable collector costs dropped spans, not a stalled shutdown.
func exportRetry() otlptracehttp.Option {
	return otlptracehttp.WithRetry(otlptracehttp.RetryConfig{
		Enabled: true, InitialInterval: 500 * time.Millisecond, MaxInterval: 2 * time.Second, MaxElapsedTime: 5 * time.Second,
	})
}

func grpcRetry() otlptracegrpc.Option {
	return otlptracegrpc.WithRetry(otlptracegrpc.RetryConfig{
		Enabled: true, InitialInterval: 500 * time.Millisecond, MaxInterval: 2 * time.Second, MaxElapsedTime: 5 * time.Second,
	})
}

// batchOptions bounds the span queue. Explicit settings win over the OTEL_BSP_*
// variables, which win over the defaults.
func batchOptions(cfg PipelineConfig) []sdktrace.BatchSpanProcessorOption {
	var opts []sdktrace.BatchSpanProcessorOption
	if cfg.QueueSize > 0 || os.Getenv("OTEL_BSP_MAX_QUEUE_SIZE") == "" {
		size := cfg.QueueSize
		if size == 0 {
			size = sdktrace.DefaultMaxQueueSize
		}
		opts = append(opts, sdktrace.WithMaxQueueSize(size))
		if os.Getenv("OTEL_BSP_MAX_EXPORT_BATCH_SIZE") == "" {
			opts = append(opts, sdktrace.WithMaxExportBatchSize(min(size, 4096)))
		}
	}
	return opts
}

// newResource describes this process: service geth, the client version, the
// instance ID and tags given, then OTEL_SERVICE_NAME and
// OTEL_RESOURCE_ATTRIBUTES, which override the defaults.
func newResource(cfg PipelineConfig) *resource.Resource {
	attrs := []attribute.KeyValue{
		semconv.ServiceName("geth"),
		attribute.String("client.name", version.ClientName("geth")),
	}
	if cfg.InstanceID != "" {
		attrs = append(attrs, semconv.ServiceInstanceID(cfg.InstanceID))
	}
	for tag := range strings.SplitSeq(cfg.Tags, ",") {
		if key, value, ok := strings.Cut(tag, "="); ok {
			attrs = append(attrs, attribute.String(key, value))
		}
	}
	res, err := resource.New(context.Background(),
		resource.WithSchemaURL(semconv.SchemaURL),
		resource.WithAttributes(attrs...),
		resource.WithFromEnv(),
	)
	if err != nil {
		log.Warn("Partial OpenTelemetry resource", "err", err)
	}
	return res
}

// countingExporter counts exported and failed spans, and logs the first
// failure as a warning (later ones at debug level).
type countingExporter struct {
	sdktrace.SpanExporter
	endpoint string
	exported atomic.Int64
	failed   atomic.Int64
	warned   atomic.Bool
}

func (e *countingExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	err := e.SpanExporter.ExportSpans(ctx, spans)
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

// endCounter counts ended spans; it runs before the batcher.
type endCounter struct {
	ended *atomic.Int64
}

func (c *endCounter) OnStart(context.Context, sdktrace.ReadWriteSpan) {}
func (c *endCounter) OnEnd(s sdktrace.ReadOnlySpan) {
	if s.SpanContext().IsSampled() {
		c.ended.Add(1)
	}
}
func (c *endCounter) Shutdown(context.Context) error   { return nil }
func (c *endCounter) ForceFlush(context.Context) error { return nil }
