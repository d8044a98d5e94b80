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
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
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
