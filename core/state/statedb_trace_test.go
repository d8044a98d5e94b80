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

package state

import (
	"context"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/holiman/uint256"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestTraceHashSpans checks the rehash spans of a traced state, on a binary
// trie and on Merkle-Patricia tries: the root is the untraced state's, and
// the hash span counts the work of the rehash it covers, none when nothing
// changed since the last root.
func TestTraceHashSpans(t *testing.T) {
	for _, ubt := range []bool{true, false} {
		name := "mpt"
		if ubt {
			name = "ubt"
		}
		t.Run(name, func(t *testing.T) {
			recorder := tracetest.NewSpanRecorder()
			provider := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder))
			ctx, block := provider.Tracer("test").Start(context.Background(), "block")
			defer block.End()

			traced, plain := newTraceTestState(t, ubt), newTraceTestState(t, ubt)
			traced.SetTraceContext(ctx)
			rules := params.Rules{IsEIP158: true}
			for round := 0; round < 2; round++ {
				for _, s := range []*StateDB{traced, plain} {
					writeTraceTestState(s, round)
				}
				if got, want := traced.IntermediateRoot(rules), plain.IntermediateRoot(rules); got != want {
					t.Fatalf("round %d: traced root %x, untraced %x", round, got, want)
				}
			}
			traced.IntermediateRoot(rules) // nothing changed: no rehash

			hashes := accountTrieHashSpans(recorder.Ended())
			if len(hashes) != 3 {
				t.Fatalf("%d hash spans of the account trie, want 3", len(hashes))
			}
			for i, attrs := range hashes {
				nodes, ops := attrs["trie.nodes_hashed"].AsInt64(), attrs["trie.hash_ops"].AsInt64()
				if i < 2 && (nodes == 0 || ops < nodes) {
					t.Errorf("rehash %d: %d nodes hashed, %d hash ops", i, nodes, ops)
				}
				if i == 2 && (nodes != 0 || ops != 0) {
					t.Errorf("rehash without changes: %d nodes hashed, %d hash ops; want none", nodes, ops)
				}
				if _, ok := attrs["bintrie.group_depth"]; ok != ubt {
					t.Errorf("rehash %d: bintrie.group_depth present %v, want %v", i, ok, ubt)
				}
			}
		})
	}
}

func newTraceTestState(t *testing.T, ubt bool) *StateDB {
	config := triedb.HashDefaults
	if ubt {
		config = triedb.UBTDefaults
	}
	s, err := New(types.EmptyRootHash, NewDatabase(triedb.NewDatabase(rawdb.NewMemoryDatabase(), config), nil))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// writeTraceTestState gives 50 accounts a balance and a storage slot.
func writeTraceTestState(s *StateDB, round int) {
	for i := range 50 {
		addr := common.BytesToAddress([]byte{byte(i), 0xaa})
		s.SetBalance(addr, uint256.NewInt(uint64(1000*round+i+1)), tracing.BalanceChangeUnspecified)
		s.SetState(addr, common.Hash{byte(round)}, common.Hash{byte(i + 1)})
	}
}

// accountTrieHashSpans returns the attributes of the account (or binary)
// trie's hash spans, in the order they ended.
func accountTrieHashSpans(spans []sdktrace.ReadOnlySpan) []map[attribute.Key]attribute.Value {
	var out []map[attribute.Key]attribute.Value
	for _, s := range spans {
		attrs := make(map[attribute.Key]attribute.Value)
		for _, kv := range s.Attributes() {
			attrs[kv.Key] = kv.Value
		}
		if s.Name() == "state.trie.hash" && attrs["trie.owner"].AsString() == (common.Hash{}).Hex() {
			out = append(out, attrs)
		}
	}
	return out
}
