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
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"github.com/ethereum/go-ethereum/triedb/database"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// timedSpan is what the SDK's recording spans expose of their timing.
type timedSpan interface {
	StartTime() time.Time
	EndTime() time.Time
}

// fetchPhase is a registered phase with its interval.
type fetchPhase struct {
	span       trace.Span
	start, end time.Time
}

func (p fetchPhase) contains(t time.Time) bool {
	return !t.Before(p.start) && !t.After(p.end)
}

// phaseIndex finds the phase a node fetch ran in: the innermost phase working
// on the fetch's trie, else the innermost phase working on all tries, else
// none (the block span).
type phaseIndex struct {
	byOwner map[common.Hash][]fetchPhase
	general []fetchPhase
}

func newPhaseIndex(phases []nodefetch.Phase) *phaseIndex {
	idx := &phaseIndex{byOwner: make(map[common.Hash][]fetchPhase)}
	for _, p := range phases {
		span, ok := p.Span.(trace.Span)
		if !ok {
			continue
		}
		ts, ok := p.Span.(timedSpan)
		if !ok {
			continue
		}
		fp := fetchPhase{span: span, start: ts.StartTime(), end: ts.EndTime()}
		if fp.end.IsZero() {
			fp.end = time.Now() // still open
		}
		if p.AnyOwner {
			idx.general = append(idx.general, fp)
		} else {
			idx.byOwner[p.Owner] = append(idx.byOwner[p.Owner], fp)
		}
	}
	return idx
}

func innermost(phases []fetchPhase, t time.Time) (trace.Span, bool) {
	var (
		best  trace.Span
		found bool
		width time.Duration
	)
	for _, p := range phases {
		if p.contains(t) && (!found || p.end.Sub(p.start) < width) {
			best, found, width = p.span, true, p.end.Sub(p.start)
		}
	}
	return best, found
}

func (idx *phaseIndex) parent(rec *nodefetch.Record, block trace.Span) trace.Span {
	if span, ok := innermost(idx.byOwner[rec.Owner], rec.Start); ok {
		return span
	}
	if span, ok := innermost(idx.general, rec.Start); ok {
		return span
	}
	return block
}

// emitNodeFetches emits one "trie.node.fetch" span per kept fetch (those at
// least the recorder's threshold slow), with its real start and duration,
// below the phase it ran in.
func emitNodeFetches(block trace.Span, rec *nodefetch.Recorder) {
	var (
		tracer = block.TracerProvider().Tracer(blockTraceTracer)
		idx    = newPhaseIndex(rec.Phases())
		zero   = common.Hash{}.Hex()
	)
	records := rec.Records()
	for i := range records {
		r := &records[i]
		owner := zero
		if r.Owner != (common.Hash{}) {
			owner = r.Owner.Hex()
		}
		ctx := trace.ContextWithSpan(context.Background(), idx.parent(r, block))
		_, span := tracer.Start(ctx, "trie.node.fetch",
			trace.WithTimestamp(r.Start),
			trace.WithAttributes(
				telemetry.StringAttribute("trie.kind", r.Kind.String()),
				telemetry.StringAttribute("trie.owner", owner),
				telemetry.IntAttribute("trie.depth", r.Depth),
				telemetry.IntAttribute("node.bytes", r.Bytes),
				telemetry.StringAttribute("node.source", r.Source.String()),
			))
		if r.Failed {
			span.SetStatus(codes.Error, "node not found")
		}
		span.End(trace.WithTimestamp(r.Start.Add(r.Duration)))
	}
}

// nodeFetchSpanLimit bounds the node-fetch spans kept for one block; slow
// fetches beyond it are counted as dropped.
const nodeFetchSpanLimit = 1 << 14

// withBlockNodeFetches returns the state database to process a block with:
// at node level, a view of sdb that records the block's trie node fetches
// into the recorder in ctx; else sdb.
func withBlockNodeFetches(ctx context.Context, sdb state.Database) state.Database {
	return state.WithNodeFetchRecorder(sdb, nodefetch.FromContext(ctx))
}

// nodeFetchAttributes turns the block's node-fetch summary into attributes:
// totals, fetches by source, by path depth and by code path, repeats, and how
// many fetches got a span (those at least threshold slow, up to the limit).
func nodeFetchAttributes(s nodefetch.Summary, threshold time.Duration) []telemetry.Attribute {
	depths := s.Depths[:]
	for len(depths) > 0 && depths[len(depths)-1] == 0 {
		depths = depths[:len(depths)-1]
	}
	attrs := []telemetry.Attribute{
		telemetry.Int64Attribute("trie.node_fetches", s.Fetches),
		telemetry.Int64Attribute("trie.node_fetches_failed", s.Failed),
		telemetry.Int64Attribute("trie.node_fetch_bytes", s.Bytes),
		telemetry.Int64Attribute("trie.node_fetch_us", s.Duration.Microseconds()),
		attribute.Int64Slice("trie.node_fetch_depths", depths),
		telemetry.Int64Attribute("trie.node_fetch_span_threshold_us", threshold.Microseconds()),
		telemetry.Int64Attribute("trie.node_fetch_spans", s.Kept),
		telemetry.Int64Attribute("trie.node_fetch_spans_dropped", s.Dropped),
		telemetry.Int64Attribute("trie.node_fetches_aggregated", s.Fetches-s.Kept-s.Dropped),
	}
	for src, n := range s.Sources {
		attrs = append(attrs, telemetry.Int64Attribute("trie.node_fetches."+database.NodeSource(src).String(), n))
	}
	return append(attrs, nodeFetchPathAttributes(s)...)
}

// traceExecution registers the execution span in ctx as a phase that node
// fetches made during execution (and by the prefetcher) belong to.
func traceExecution(ctx context.Context) {
	registerPhase(ctx, trace.SpanFromContext(ctx), common.Hash{}, true)
}

// registerPhase offers span to the node-fetch recorder in ctx, so that the
// fetches made while it is open are attributed to it.
func registerPhase(ctx context.Context, span trace.Span, owner common.Hash, anyOwner bool) {
	if rec := nodefetch.FromContext(ctx); rec != nil && span.IsRecording() {
		rec.AddPhase(owner, anyOwner, span)
	}
}
