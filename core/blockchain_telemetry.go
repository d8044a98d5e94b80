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

type blockTraceKey struct{}

// blockTraceFrom returns the block trace in ctx, or nil.
func blockTraceFrom(ctx context.Context) *blockTrace {
	bt, _ := ctx.Value(blockTraceKey{}).(*blockTrace)
	return bt
}

// startBlockTrace opens the span of block, as a child of the span in ctx if
// there is one, else as the root of a new trace, when block telemetry is on
// (BlockChainConfig.BlockTracing) and the span is sampled. It returns the context to
// process the block with: it carries the block trace and at node level the
// block's node-fetch recorder, and at phase level and above the block span,
// so that the phases become its children.
func (bc *BlockChain) startBlockTrace(ctx context.Context, block *types.Block) (context.Context, *blockTrace) {
	tracing := bc.cfg.BlockTracing
	level := tracing.Level
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
	if level == telemetry.LevelBlock {
		bctx = ctx
	}
	if level >= telemetry.LevelNode {
		bt.rec = nodefetch.NewRecorder(tracing.FetchSpanThreshold, nodeFetchSpanLimit)
		bctx = nodefetch.NewContext(bctx, bt.rec)
	}
	return context.WithValue(bctx, blockTraceKey{}, bt), bt
}

// finish ends the block span with the block's processing statistics and, at
// node level, the summary of its node fetches and the spans of its slow ones,
// below the phases they ran in.
func (bt *blockTrace) finish(res *blockProcessingResult, err error) {
	if bt == nil {
		return
	}
	// The block ends now; emitting the node fetches below is telemetry's own
	// work and not part of the block's time.
	end := time.Now()
	if res != nil && res.stats != nil {
		bt.span.SetAttributes(statsAttributes(res.stats)...)
	}
	if bt.rec != nil {
		emitNodeFetches(bt.span, bt.rec)
		bt.span.SetAttributes(nodeFetchAttributes(bt.rec.Summary(), bt.rec.Threshold())...)
	}
	if err != nil {
		bt.span.RecordError(err)
		bt.span.SetStatus(codes.Error, err.Error())
	}
	bt.span.End(trace.WithTimestamp(end))
}

// statsAttributes turns the block's execution statistics into attributes.
// State reads are interleaved with execution, so they are given as totals
// here rather than as a span.
func statsAttributes(s *ExecuteStats) []telemetry.Attribute {
	us := func(d time.Duration) int64 { return d.Microseconds() }
	attrs := []telemetry.Attribute{
		telemetry.Int64Attribute("time.total_us", us(s.TotalTime)),
		telemetry.Int64Attribute("time.execution_us", us(s.Execution)),
		telemetry.Int64Attribute("time.state_read_us", us(s.AccountReads+s.StorageReads+s.CodeReads)),
		telemetry.Int64Attribute("time.trie_update_us", us(s.AccountUpdates+s.StorageUpdates)),
		telemetry.Int64Attribute("time.trie_hash_us", us(s.AccountHashes)),
		telemetry.Int64Attribute("time.trie_commit_us", us(s.AccountCommits+s.StorageCommits)),
		telemetry.Int64Attribute("time.triedb_commit_us", us(s.DatabaseCommit)),
		telemetry.Int64Attribute("state.account_read_us", us(s.AccountReads)),
		telemetry.Int64Attribute("state.storage_read_us", us(s.StorageReads)),
		telemetry.Int64Attribute("state.code_read_us", us(s.CodeReads)),
		telemetry.IntAttribute("state.accounts_loaded", s.AccountLoaded),
		telemetry.IntAttribute("state.storage_loaded", s.StorageLoaded),
		telemetry.IntAttribute("state.code_loaded", s.CodeLoaded),
		telemetry.IntAttribute("state.accounts_updated", s.AccountUpdated),
		telemetry.IntAttribute("state.storage_updated", s.StorageUpdated),
	}
	attrs = append(attrs, balSpanAttributes(s)...)
	return attrs
}

// traceValidation makes the state's trie update and rehash spans children of
// the validation span in ctx, at phase level and above.
func traceValidation(ctx context.Context, statedb *state.StateDB) {
	if bt := blockTraceFrom(ctx); bt == nil || bt.level < telemetry.LevelPhase {
		return
	}
	statedb.SetTraceContext(ctx)
	registerPhase(ctx, trace.SpanFromContext(ctx), common.Hash{}, true)
}

// traceCommit makes the state's commit spans children of the block span in
// ctx, at phase level and above.
func traceCommit(ctx context.Context, statedb *state.StateDB) {
	if bt := blockTraceFrom(ctx); bt == nil || bt.level < telemetry.LevelPhase {
		return
	}
	statedb.SetTraceContext(ctx)
}
