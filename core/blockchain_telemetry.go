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
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// nodeFetchSpanLimit bounds the node-fetch spans kept for one block; fetches
// beyond it are counted in the block span but get no span of their own.
const nodeFetchSpanLimit = 1 << 18

// blockTraceTracer names the instrumentation scope of block import spans.
const blockTraceTracer = "github.com/ethereum/go-ethereum/core"

// blockTrace is the telemetry of one processed block: its span, and at node
// level the recorder of its trie node fetches. It lives from startBlockTrace
// to finish on the chain-insertion goroutine; a nil *blockTrace does nothing.
type blockTrace struct {
	span  trace.Span
	level telemetry.BlockLevel
	rec   *nodefetch.Recorder
}

// startBlockTrace opens the span of block, as a child of the span in ctx if
// there is one, else as the root of a new trace, when block telemetry is on
// (telemetry.SetBlockLevel) and the span is sampled. It returns the context
// to process the block with: at phase level and above it carries the block
// span, so that the phases become its children.
func startBlockTrace(ctx context.Context, block *types.Block) (context.Context, *blockTrace) {
	level := telemetry.CurrentBlockLevel()
	if level == telemetry.LevelOff {
		return ctx, nil
	}
	bctx, span := otel.Tracer(blockTraceTracer).Start(ctx, "core.blockchain.ProcessBlock")
	if !span.IsRecording() {
		span.End()
		return ctx, nil
	}
	span.SetAttributes(
		telemetry.Int64Attribute("block.number", block.Number().Int64()),
		telemetry.StringAttribute("block.hash", block.Hash().Hex()),
		telemetry.Int64Attribute("block.gas_used", int64(block.GasUsed())),
		telemetry.Int64Attribute("block.gas_limit", int64(block.GasLimit())),
		telemetry.IntAttribute("block.tx_count", len(block.Transactions())),
		telemetry.StringAttribute("telemetry.level", level.String()),
	)
	bt := &blockTrace{span: span, level: level}
	if level >= telemetry.LevelNode {
		bt.rec = nodefetch.NewRecorder(nodeFetchSpanLimit)
		nodefetch.Activate(bt.rec)
	}
	if level == telemetry.LevelBlock {
		return ctx, bt
	}
	return bctx, bt
}

// finish ends the block span with the block's processing statistics and, at
// node level, emits the recorded node fetches below the phases they ran in.
func (bt *blockTrace) finish(res *blockProcessingResult, err error) {
	if bt == nil {
		return
	}
	// The block ends now; emitting the node fetches below is telemetry's own
	// work and not part of the block's time.
	end := time.Now()
	if bt.rec != nil {
		nodefetch.Deactivate(bt.rec)
	}
	if res != nil && res.stats != nil {
		bt.span.SetAttributes(statsAttributes(res.stats)...)
		if bt.level >= telemetry.LevelPhase {
			bt.emitStateReads(res.stats)
		}
	}
	if bt.rec != nil {
		emitNodeFetches(bt.span, bt.rec)
		bt.span.SetAttributes(
			telemetry.Int64Attribute("trie.node_fetches", bt.rec.Fetches()),
			telemetry.Int64Attribute("trie.node_fetch_spans_dropped", bt.rec.Dropped()),
		)
	}
	if err != nil {
		bt.span.RecordError(err)
		bt.span.SetStatus(codes.Error, err.Error())
	}
	bt.span.End(trace.WithTimestamp(end))
}

// blockSpanStatsHooks add figures of other features (say, a prefetcher's) to
// the block span. Register them from init functions only.
var blockSpanStatsHooks []func(*ExecuteStats) []telemetry.Attribute

// statsAttributes turns the block's execution statistics into attributes.
func statsAttributes(s *ExecuteStats) []telemetry.Attribute {
	attrs := executeStatsAttributes(s)
	for _, hook := range blockSpanStatsHooks {
		attrs = append(attrs, hook(s)...)
	}
	return attrs
}

func executeStatsAttributes(s *ExecuteStats) []telemetry.Attribute {
	ms := func(d time.Duration) int64 { return d.Microseconds() }
	return []telemetry.Attribute{
		telemetry.Int64Attribute("time.total_us", ms(s.TotalTime)),
		telemetry.Int64Attribute("time.execution_us", ms(s.Execution)),
		telemetry.Int64Attribute("time.state_read_us", ms(s.AccountReads+s.StorageReads+s.CodeReads)),
		telemetry.Int64Attribute("time.trie_update_us", ms(s.AccountUpdates+s.StorageUpdates)),
		telemetry.Int64Attribute("time.trie_hash_us", ms(s.AccountHashes)),
		telemetry.Int64Attribute("time.trie_commit_us", ms(s.AccountCommits+s.StorageCommits)),
		telemetry.Int64Attribute("time.triedb_commit_us", ms(s.DatabaseCommit)),
		telemetry.IntAttribute("state.accounts_loaded", s.AccountLoaded),
		telemetry.IntAttribute("state.storage_loaded", s.StorageLoaded),
		telemetry.IntAttribute("state.code_loaded", s.CodeLoaded),
		telemetry.IntAttribute("state.accounts_updated", s.AccountUpdated),
		telemetry.IntAttribute("state.storage_updated", s.StorageUpdated),
	}
}

// emitStateReads adds the aggregate span of the block's state reads. Reads
// are interleaved with execution, so the span is a summary: it starts with the
// block and lasts as long as all reads together.
func (bt *blockTrace) emitStateReads(s *ExecuteStats) {
	start := spanStart(bt.span)
	reads := s.AccountReads + s.StorageReads + s.CodeReads
	ctx := trace.ContextWithSpan(context.Background(), bt.span)
	_, span := bt.span.TracerProvider().Tracer(blockTraceTracer).Start(ctx, "state.read",
		trace.WithTimestamp(start),
		trace.WithAttributes(
			telemetry.BoolAttribute("aggregate", true),
			telemetry.IntAttribute("state.accounts_loaded", s.AccountLoaded),
			telemetry.Int64Attribute("state.account_read_us", s.AccountReads.Microseconds()),
			telemetry.IntAttribute("state.storage_loaded", s.StorageLoaded),
			telemetry.Int64Attribute("state.storage_read_us", s.StorageReads.Microseconds()),
			telemetry.IntAttribute("state.code_loaded", s.CodeLoaded),
			telemetry.Int64Attribute("state.code_read_us", s.CodeReads.Microseconds()),
		))
	span.End(trace.WithTimestamp(start.Add(reads)))
}

// traceExecution registers the execution span in ctx as a phase that node
// fetches made during execution (and by the prefetcher) belong to.
func traceExecution(ctx context.Context) {
	registerPhase(trace.SpanFromContext(ctx), common.Hash{}, true)
}

// traceValidation makes the state's trie update and rehash spans children of
// the validation span in ctx, at phase level and above.
func traceValidation(ctx context.Context, statedb *state.StateDB) {
	if telemetry.CurrentBlockLevel() < telemetry.LevelPhase {
		return
	}
	statedb.SetTraceContext(ctx)
	registerPhase(trace.SpanFromContext(ctx), common.Hash{}, true)
}

// traceCommit makes the state's commit spans children of the block span in
// ctx, at phase level and above.
func traceCommit(ctx context.Context, statedb *state.StateDB) {
	if telemetry.CurrentBlockLevel() < telemetry.LevelPhase {
		return
	}
	statedb.SetTraceContext(ctx)
}

func registerPhase(span trace.Span, owner common.Hash, anyOwner bool) {
	if rec := nodefetch.Active(); rec != nil && span.IsRecording() {
		rec.AddPhase(owner, anyOwner, span)
	}
}
