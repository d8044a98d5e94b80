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
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/params"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// telemetryTestChain makes blocks that transfer value to new accounts and
// bump a counter in a contract's storage, so that they update the account
// trie and a storage trie.
func telemetryTestChain(t *testing.T, n int) (*Genesis, []*types.Block) {
	return telemetryTestChainSize(t, n, 3)
}

// telemetryTestChainSize is telemetryTestChain with transfers new accounts
// per block.
func telemetryTestChainSize(t *testing.T, n, transfers int) (*Genesis, []*types.Block) {
	t.Helper()
	var (
		key, _  = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender  = crypto.PubkeyToAddress(key.PublicKey)
		counter = common.HexToAddress("0xc0ffee")
		// slot0 = slot0 + 1
		code  = []byte{0x60, 0x01, 0x60, 0x00, 0x54, 0x01, 0x60, 0x00, 0x55, 0x00}
		gspec = &Genesis{
			Config: params.TestChainConfig,
			Alloc: types.GenesisAlloc{
				sender:  {Balance: big.NewInt(params.Ether)},
				counter: {Code: code, Storage: map[common.Hash]common.Hash{{}: common.BigToHash(big.NewInt(1))}},
			},
		}
		signer = types.LatestSigner(gspec.Config)
	)
	_, blocks, _ := GenerateChainWithGenesis(gspec, ethash.NewFaker(), n, func(i int, b *BlockGen) {
		for j := 0; j < transfers; j++ {
			to := common.BigToAddress(big.NewInt(int64(1000 + 1000*i + j)))
			tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(sender), to, big.NewInt(1), params.TxGas, b.BaseFee(), nil), signer, key)
			b.AddTx(tx)
		}
		tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(sender), counter, nil, 100000, b.BaseFee(), nil), signer, key)
		b.AddTx(tx)
	})
	return gspec, blocks
}

// recordSpans makes a span recorder the process's tracer provider until the
// test ends, and returns it.
func recordSpans(t *testing.T) *tracetest.SpanRecorder {
	recorder := tracetest.NewSpanRecorder()
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder)))
	t.Cleanup(func() { otel.SetTracerProvider(prev) })
	return recorder
}

// importTraced imports blocks at the given telemetry level and returns the
// spans ended.
func importTraced(t *testing.T, scheme string, level telemetry.BlockLevel, gspec *Genesis, blocks []*types.Block) []sdktrace.ReadOnlySpan {
	t.Helper()
	recorder := recordSpans(t)

	cfg := DefaultConfig().WithStateScheme(scheme)
	cfg.BlockTracing = telemetry.BlockTracing{Level: level}
	chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Stop()
	if _, err := chain.InsertChain(blocks); err != nil {
		t.Fatal(err)
	}
	if head := chain.CurrentBlock(); head.Root != blocks[len(blocks)-1].Root() {
		t.Fatalf("head root %x, want %x", head.Root, blocks[len(blocks)-1].Root())
	}
	return recorder.Ended()
}

func attrInt(s sdktrace.ReadOnlySpan, key string) (int64, bool) {
	for _, kv := range s.Attributes() {
		if string(kv.Key) == key {
			return kv.Value.AsInt64(), true
		}
	}
	return 0, false
}

func attrString(s sdktrace.ReadOnlySpan, key string) string {
	for _, kv := range s.Attributes() {
		if string(kv.Key) == key {
			return kv.Value.AsString()
		}
	}
	return ""
}

func byTrace(spans []sdktrace.ReadOnlySpan) map[trace.TraceID][]sdktrace.ReadOnlySpan {
	traces := make(map[trace.TraceID][]sdktrace.ReadOnlySpan)
	for _, s := range spans {
		traces[s.SpanContext().TraceID()] = append(traces[s.SpanContext().TraceID()], s)
	}
	return traces
}

func TestBlockTelemetryPhaseLevel(t *testing.T) {
	gspec, blocks := telemetryTestChain(t, 4)
	for _, scheme := range []string{rawdb.PathScheme, rawdb.HashScheme} {
		t.Run(scheme, func(t *testing.T) {
			traces := byTrace(importTraced(t, scheme, telemetry.LevelPhase, gspec, blocks))
			if len(traces) != len(blocks) {
				t.Fatalf("%d traces, want one per block (%d)", len(traces), len(blocks))
			}
			for _, spans := range traces {
				checkBlockPhases(t, spans)
			}
		})
	}
}

// checkBlockPhases checks one block's trace at phase level: one root span
// for the block, with every phase below it, and state reads as attributes.
func checkBlockPhases(t *testing.T, spans []sdktrace.ReadOnlySpan) {
	t.Helper()
	var (
		names   = make(map[string]int)
		ids     = make(map[trace.SpanID]bool)
		root    sdktrace.ReadOnlySpan
		storage bool
	)
	for _, s := range spans {
		names[s.Name()]++
		ids[s.SpanContext().SpanID()] = true
		if s.Name() == "core.blockchain.ProcessBlock" {
			root = s
		}
		if s.Name() == "state.trie.update" && attrString(s, "trie.owner") != (common.Hash{}).Hex() {
			storage = true
		}
	}
	if names["core.blockchain.ProcessBlock"] != 1 || root.Parent().IsValid() {
		t.Fatalf("want one root block span, got %d", names["core.blockchain.ProcessBlock"])
	}
	number, _ := attrInt(root, "block.number")
	for _, name := range []string{"bc.processor.Process", "bc.validator.ValidateState",
		"state.trie.update", "state.trie.hash", "state.trie.commit", "triedb.commit"} {
		if names[name] == 0 {
			t.Errorf("block %d: no %s span", number, name)
		}
	}
	if !storage {
		t.Errorf("block %d: no storage trie update span", number)
	}
	if _, ok := attrInt(root, "state.storage_read_us"); !ok {
		t.Errorf("block %d: no state.storage_read_us on the block span", number)
	}
	for _, s := range spans {
		if s != root && !ids[s.Parent().SpanID()] {
			t.Errorf("block %d: span %s has a parent outside the block's trace", number, s.Name())
		}
	}
}

func TestBlockTelemetryLevels(t *testing.T) {
	gspec, blocks := telemetryTestChain(t, 3)
	if spans := importTraced(t, rawdb.PathScheme, telemetry.LevelOff, gspec, blocks); len(spans) != 0 {
		t.Errorf("telemetry off: %d spans, want none", len(spans))
	}
	spans := importTraced(t, rawdb.PathScheme, telemetry.LevelBlock, gspec, blocks)
	if len(spans) != len(blocks) {
		t.Errorf("block level: %d spans, want one per block (%d)", len(spans), len(blocks))
	}
	for _, s := range spans {
		if s.Name() != "core.blockchain.ProcessBlock" {
			t.Errorf("block level: unexpected span %s", s.Name())
		}
		if gas, _ := attrInt(s, "block.gas_used"); gas == 0 {
			t.Errorf("block span without gas used")
		}
	}
}

// BenchmarkBlockTelemetry imports the same chain with block telemetry off and
// at each level, into a provider that batches spans to a discarding exporter:
// the CPU cost of tracing, without the collector.
func BenchmarkBlockTelemetry(b *testing.B) {
	t := new(testing.T)
	gspec, blocks := telemetryTestChainSize(t, 8, 60)
	for _, level := range []telemetry.BlockLevel{telemetry.LevelOff, telemetry.LevelBlock, telemetry.LevelPhase, telemetry.LevelNode} {
		b.Run(level.String(), func(b *testing.B) {
			provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(tracetest.NewNoopExporter(), sdktrace.WithMaxQueueSize(1<<16)))
			prev := otel.GetTracerProvider()
			otel.SetTracerProvider(provider)
			defer func() {
				otel.SetTracerProvider(prev)
				provider.Shutdown(context.Background())
			}()
			for b.Loop() {
				cfg := DefaultConfig().WithStateScheme(rawdb.PathScheme)
				cfg.BlockTracing = telemetry.BlockTracing{Level: level}
				chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), cfg)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := chain.InsertChain(blocks); err != nil {
					b.Fatal(err)
				}
				chain.Stop()
			}
		})
	}
}
