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

package core

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

func TestBlockTelemetryNodeLevel(t *testing.T) {
	gspec, blocks := telemetryTestChain(t, 4)
	for _, scheme := range []string{rawdb.PathScheme, rawdb.HashScheme} {
		t.Run(scheme, func(t *testing.T) {
			traces := byTrace(importTraced(t, scheme, telemetry.LevelNode, gspec, blocks))
			if len(traces) != len(blocks) {
				t.Fatalf("%d traces, want one per block (%d)", len(traces), len(blocks))
			}
			var totalFetches int64
			for _, spans := range traces {
				checkBlockPhases(t, spans)
				totalFetches += checkNodeFetches(t, scheme, spans)
			}
			if totalFetches == 0 {
				t.Error("no node fetches recorded in any block")
			}
		})
	}
}

// checkNodeFetches checks one block's trace at node level: the fetch spans
// and the aggregated fetches add up to the block's fetch count, and so do
// the fetches by source. It returns the block's fetch count.
func checkNodeFetches(t *testing.T, scheme string, spans []sdktrace.ReadOnlySpan) int64 {
	t.Helper()
	var (
		root       sdktrace.ReadOnlySpan
		fetchSpans int64
	)
	for _, s := range spans {
		switch s.Name() {
		case "core.blockchain.ProcessBlock":
			root = s
		case "trie.node.fetch":
			fetchSpans++
			src := attrString(s, "node.source")
			if scheme == rawdb.PathScheme && src != "diff" && src != "dirty" && src != "clean" && src != "disk" {
				t.Errorf("path-scheme fetch from %q", src)
			}
			if kind := attrString(s, "trie.kind"); kind != "mpt" {
				t.Errorf("fetch of kind %q, want mpt", kind)
			}
		}
	}
	number, _ := attrInt(root, "block.number")
	fetches, _ := attrInt(root, "trie.node_fetches")
	kept, _ := attrInt(root, "trie.node_fetch_spans")
	aggregated, _ := attrInt(root, "trie.node_fetches_aggregated")
	dropped, _ := attrInt(root, "trie.node_fetch_spans_dropped")
	if fetchSpans != kept || kept+aggregated+dropped != fetches {
		t.Errorf("block %d: %d node fetch spans, %d kept, %d aggregated, %d dropped, but the trie layer counted %d fetches",
			number, fetchSpans, kept, aggregated, dropped, fetches)
	}
	var bySource int64
	for _, src := range []string{"unknown", "diff", "dirty", "clean", "disk"} {
		n, _ := attrInt(root, "trie.node_fetches."+src)
		bySource += n
	}
	if bySource != fetches {
		t.Errorf("block %d: fetches by source sum to %d, want %d", number, bySource, fetches)
	}
	var byPath, pathRepeats int64
	for _, path := range []string{"reader", "prefetcher", "update", "commit"} {
		n, ok := attrInt(root, "trie.node_fetches."+path)
		if !ok {
			t.Errorf("block %d: no trie.node_fetches.%s", number, path)
		}
		r, _ := attrInt(root, "trie.node_fetch_repeats."+path)
		byPath, pathRepeats = byPath+n, pathRepeats+r
	}
	repeats, ok := attrInt(root, "trie.node_fetch_repeats")
	if byPath != fetches || !ok || pathRepeats != repeats {
		t.Errorf("block %d: fetches by path sum to %d (want %d), repeats by path to %d (want %d)", number, byPath, fetches, pathRepeats, repeats)
	}
	return fetches
}

func TestBlockTelemetryPhaseLevelHasNoFetches(t *testing.T) {
	gspec, blocks := telemetryTestChain(t, 2)
	for _, s := range importTraced(t, rawdb.PathScheme, telemetry.LevelPhase, gspec, blocks) {
		if s.Name() == "trie.node.fetch" {
			t.Fatal("phase level emitted node fetch spans")
		}
		if _, ok := attrInt(s, "trie.node_fetches"); ok {
			t.Fatal("phase level counted node fetches")
		}
	}
}

// BenchmarkEmitNodeFetches measures the cost of emitting node-fetch spans at
// the end of a block, per span, into an SDK provider that discards them.
func BenchmarkEmitNodeFetches(b *testing.B) {
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(tracetest.NewNoopExporter()))
	defer provider.Shutdown(context.Background())
	_, block := provider.Tracer("bench").Start(context.Background(), "block")
	rec := nodefetch.NewRecorder(0, 1<<20)
	owner := common.HexToHash("0x01")
	for i := 0; i < 10000; i++ {
		rec.Add(nodefetch.Record{Owner: owner, Start: time.Now(), Duration: time.Microsecond, Bytes: 100, Depth: i % 8})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		emitNodeFetches(block, rec)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10000), "ns/span")
}
