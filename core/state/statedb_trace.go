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

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"go.opentelemetry.io/otel/trace"
)

// stateTrace emits spans for the trie work of one StateDB: the update and the
// rehash of each trie, the trie commit and the triedb commit, as children of
// the span in ctx. A nil *stateTrace emits nothing; all methods accept it.
//
// Storage tries are updated and hashed concurrently, so the methods that
// concern them only read the stateTrace; the account (or binary) trie spans
// are driven from IntermediateRoot's own goroutine.
type stateTrace struct {
	ctx   context.Context
	ubt   bool
	state *trieSpan // the account trie's, or the binary trie's, open update span
}

// SetTraceContext makes the state emit spans for its trie work as children of
// the recording span in ctx, or stop emitting them when ctx carries none. It
// must not be called concurrently with IntermediateRoot or Commit.
func (s *StateDB) SetTraceContext(ctx context.Context) {
	if ctx == nil || !trace.SpanFromContext(ctx).IsRecording() {
		s.trace = nil
		return
	}
	var open *trieSpan
	if s.trace != nil {
		open = s.trace.state
	}
	s.trace = &stateTrace{ctx: ctx, ubt: s.db.Type().Is(TypeUBT), state: open}
}

func (t *stateTrace) kind() string {
	if t.ubt {
		return nodefetch.KindBinary.String()
	}
	return nodefetch.KindMPT.String()
}

// trieSpan covers the update, then the rehash, of one trie.
type trieSpan struct {
	st    *stateTrace
	owner common.Hash
	span  trace.Span // the open span: update, then hash
	end   func(*error)
}

// startTrieUpdate opens the update span of the trie owned by owner (zero for
// the account or binary trie).
func (t *stateTrace) startTrieUpdate(owner common.Hash) *trieSpan {
	if t == nil {
		return nil
	}
	ts := &trieSpan{st: t, owner: owner}
	ts.open("state.trie.update")
	return ts
}

func (ts *trieSpan) open(name string) {
	_, ts.span, ts.end = telemetry.StartSpan(ts.st.ctx, name,
		telemetry.StringAttribute("trie.kind", ts.st.kind()),
		telemetry.StringAttribute("trie.owner", ts.owner.Hex()),
	)
	registerPhase(ts.span, ts.owner, false)
}

// hash ends the update span, hashes tr inside a rehash span that reports the
// hashing work, and returns the root. On a nil trieSpan it just hashes.
func (ts *trieSpan) hash(tr Trie) common.Hash {
	if ts == nil {
		return tr.Hash()
	}
	ts.end(nil)
	ts.open("state.trie.hash")
	attrs := hashWorkBefore(tr)
	root := tr.Hash()
	attrs = append(attrs, hashWorkAfter(tr)...)
	ts.span.SetAttributes(attrs...)
	return root
}

// close ends whichever span is open.
func (ts *trieSpan) close() {
	if ts == nil || ts.end == nil {
		return
	}
	ts.end(nil)
	ts.end = nil
}

// hashWorkBefore reads the pending rehash work from tries that report it.
func hashWorkBefore(tr Trie) []telemetry.Attribute {
	switch t := tr.(type) {
	case interface{ HashWork() (int, int) }: // binary trie
		nodes, ops := t.HashWork()
		attrs := []telemetry.Attribute{
			telemetry.IntAttribute("trie.nodes_hashed", nodes),
			telemetry.IntAttribute("trie.hash_ops", ops),
		}
		if g, ok := tr.(interface{ GroupDepth() int }); ok {
			attrs = append(attrs, telemetry.IntAttribute("bintrie.group_depth", g.GroupDepth()))
		}
		return attrs
	case interface{ HashWork() int }: // Merkle-Patricia trie
		return []telemetry.Attribute{telemetry.IntAttribute("trie.nodes_hashed", t.HashWork())}
	}
	return nil
}

// hashWorkAfter reads the hash operations an MPT did, which are known only
// after hashing (nodes under 32 bytes are embedded, not hashed).
func hashWorkAfter(tr Trie) []telemetry.Attribute {
	if t, ok := tr.(interface{ HashedWork() int }); ok {
		return []telemetry.Attribute{telemetry.IntAttribute("trie.hash_ops", t.HashedWork())}
	}
	return nil
}

// startStateTrieUpdate opens the update span of the account trie (or of the
// single binary trie) unless it is already open.
func (t *stateTrace) startStateTrieUpdate() {
	if t == nil || t.state != nil {
		return
	}
	t.state = t.startTrieUpdate(common.Hash{})
}

// hashStateTrie hashes the account (or binary) trie, closing its spans.
func (s *StateDB) hashStateTrie() common.Hash {
	if s.trace == nil {
		return s.trie.Hash()
	}
	s.trace.startStateTrieUpdate()
	ts := s.trace.state
	s.trace.state = nil
	defer ts.close()
	return ts.hash(s.trie)
}

// startStorageTrieUpdate opens the update span of obj's storage trie.
func (s *stateObject) startStorageTrieUpdate() *trieSpan {
	return s.db.trace.startTrieUpdate(s.addrHash())
}

// tracedCommit is commit inside a span that reports what the tries wrote.
func (s *StateDB) tracedCommit(rules params.Rules, block uint64) (*StateUpdate, error) {
	if s.trace == nil {
		return s.commit(rules, block)
	}
	_, span, end := telemetry.StartSpan(s.trace.ctx, "state.trie.commit",
		telemetry.StringAttribute("trie.kind", s.trace.kind()))
	registerPhase(span, common.Hash{}, true)
	ret, err := s.commit(rules, block)
	if err == nil && span.IsRecording() {
		span.SetAttributes(updateAttributes(ret)...)
	}
	end(&err)
	return ret, err
}

// commitDatabase is s.db.Commit inside a span.
func (s *StateDB) commitDatabase(ret *StateUpdate) error {
	if s.trace == nil {
		return s.db.Commit(ret)
	}
	_, span, end := telemetry.StartSpan(s.trace.ctx, "triedb.commit",
		telemetry.StringAttribute("trie.kind", s.trace.kind()))
	registerPhase(span, common.Hash{}, true)
	err := s.db.Commit(ret)
	if err == nil && span.IsRecording() {
		span.SetAttributes(updateAttributes(ret)...)
	}
	end(&err)
	return err
}

// updateAttributes sums what a state update writes: trie nodes (updated and
// deleted), their bytes, and contract code.
func updateAttributes(ret *StateUpdate) []telemetry.Attribute {
	var tries, updated, deleted, nodeBytes, codeBytes int
	if ret.Nodes != nil {
		for _, set := range ret.Nodes.Sets {
			tries++
			u, d := set.Size()
			updated += u
			deleted += d
			for path, n := range set.Nodes {
				nodeBytes += len(path) + len(n.Blob)
			}
		}
	}
	for _, code := range ret.Codes {
		codeBytes += len(code.Blob)
	}
	return []telemetry.Attribute{
		telemetry.IntAttribute("trie.tries", tries),
		telemetry.IntAttribute("trie.nodes_updated", updated),
		telemetry.IntAttribute("trie.nodes_deleted", deleted),
		telemetry.IntAttribute("trie.bytes_written", nodeBytes),
		telemetry.IntAttribute("code.bytes_written", codeBytes),
	}
}

// registerPhase offers span to the active node-fetch recorder, so that the
// fetches made while it is open are attributed to it.
func registerPhase(span trace.Span, owner common.Hash, anyOwner bool) {
	if rec := nodefetch.Active(); rec != nil && span.IsRecording() {
		rec.AddPhase(owner, anyOwner, span)
	}
}
