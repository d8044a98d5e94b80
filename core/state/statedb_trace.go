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
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/internal/telemetry"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"go.opentelemetry.io/otel/trace"
)

// stateTrace emits spans for the trie work of one StateDB: the update and the
// rehash of each trie, the trie commit and the triedb commit, as children of
// the span in ctx. A nil *stateTrace emits nothing; all methods accept it.
//
// Storage tries are updated and hashed concurrently, so the methods that
// concern them only read the stateTrace, but for the list of hash spans that
// wait for their work counts (guarded by mu); the account (or binary) trie
// spans are driven from IntermediateRoot's own goroutine.
//
// The rehash work of a trie (nodes hashed, hash operations) is not counted
// by walking the trie inside the hash span or the StateDB's own timers: the
// binary trie counts it while hashing (a few additions per rehashed node),
// and Merkle-Patricia tries are walked after IntermediateRoot's timers
// stopped (flushHashSpans), from the hashes the trie caches. The hash spans
// get their attributes, and end at the time hashing ended, in flushHashSpans.
type stateTrace struct {
	ctx   context.Context
	rec   *nodefetch.Recorder // the block's node-fetch recorder, nil below node level
	ubt   bool
	state *trieSpan // the account trie's, or the binary trie's, open span

	mu      sync.Mutex
	pending []*trieSpan // hash spans to end with their work counts
}

// SetTraceContext makes the state emit spans for its trie work as children of
// the recording span in ctx, or stop emitting them when ctx carries none. The
// node-fetch recorder in ctx (nodefetch.NewContext), if any, is told about
// each span so that fetches can be attributed to it. It must not be called
// concurrently with IntermediateRoot or Commit.
func (s *StateDB) SetTraceContext(ctx context.Context) {
	if ctx == nil || !trace.SpanFromContext(ctx).IsRecording() {
		s.trace.flushHashSpans()
		s.trace = nil
		return
	}
	var open *trieSpan
	if s.trace != nil {
		open = s.trace.state
		s.trace.flushHashSpans()
	}
	s.trace = &stateTrace{ctx: ctx, rec: nodefetch.FromContext(ctx), ubt: s.db.Type().Is(TypeUBT), state: open}
}

// kind is the trie.kind attribute of the state's spans.
func (t *stateTrace) kind() string {
	if t.ubt {
		return nodefetch.KindBinary.String()
	}
	return nodefetch.KindMPT.String()
}

// registerPhase offers span to the block's node-fetch recorder, so that the
// fetches made while it is open are attributed to it.
func (t *stateTrace) registerPhase(span trace.Span, owner common.Hash, anyOwner bool) {
	if t.rec != nil && span.IsRecording() {
		t.rec.AddPhase(owner, anyOwner, span)
	}
}

// trieSpan covers the update, then the rehash, of one trie.
type trieSpan struct {
	st      *stateTrace
	owner   common.Hash
	span    trace.Span // the open span: update, then hash
	updated bool       // the update span has ended

	// Rehash bookkeeping, for the hash span's attributes.
	tr         Trie
	binaryWork *bintrie.HashWork // counted while hashing (binary trie), else nil
	noWork     bool              // the trie's root hash was cached: nothing rehashed
	hashEnd    time.Time
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
	_, ts.span = trace.SpanFromContext(ts.st.ctx).TracerProvider().Tracer("").Start(ts.st.ctx, name,
		trace.WithAttributes(
			telemetry.StringAttribute("trie.kind", ts.st.kind()),
			telemetry.StringAttribute("trie.owner", ts.owner.Hex()),
		))
	ts.st.registerPhase(ts.span, ts.owner, false)
}

// endUpdate ends the update span, once.
func (ts *trieSpan) endUpdate() {
	if !ts.updated {
		ts.span.End()
		ts.updated = true
	}
}

// hash ends the update span, hashes tr inside a rehash span and returns the
// root. The rehash span stays pending, with its end time fixed, until
// flushHashSpans counts the work. On a nil trieSpan it just hashes.
func (ts *trieSpan) hash(tr Trie) common.Hash {
	if ts == nil {
		return tr.Hash()
	}
	ts.endUpdate()
	ts.tr, ts.noWork = tr, hashCached(tr)
	ts.open("state.trie.hash")
	root := ts.hashCounted(tr)
	ts.hashEnd = time.Now()

	ts.st.mu.Lock()
	ts.st.pending = append(ts.st.pending, ts)
	ts.st.mu.Unlock()
	return root
}

// close ends whichever span is open, unless it is a hash span that waits for
// flushHashSpans.
func (ts *trieSpan) close() {
	if ts != nil && ts.hashEnd.IsZero() {
		ts.endUpdate()
	}
}

// hashCounted hashes tr; a binary trie counts its rehash work while it
// hashes, for the span.
func (ts *trieSpan) hashCounted(tr Trie) common.Hash {
	if bt, ok := tr.(interface {
		HashWithWork() (common.Hash, bintrie.HashWork)
	}); ok {
		root, work := bt.HashWithWork()
		ts.binaryWork = &work
		return root
	}
	return tr.Hash()
}

// hashCached reports whether the trie's root hash is cached, so that Hash
// does no work. Tries that cannot tell are assumed to have work.
func hashCached(tr Trie) bool {
	if t, ok := tr.(interface{ HashCached() bool }); ok {
		return t.HashCached()
	}
	return false
}

// endStateTrieUpdate ends the update span of the account (or binary) trie.
// IntermediateRoot calls it before its account-hash timer starts.
func (t *stateTrace) endStateTrieUpdate() {
	if t == nil {
		return
	}
	t.startStateTrieUpdate()
	t.state.endUpdate()
}

// flushHashSpans ends the pending hash spans at the time their hashing ended,
// with their rehash work (hashAttributes). IntermediateRoot defers it so that
// it runs after its own timers. Before Byzantium, when a block has several
// intermediate roots, a Merkle-Patricia trie's counts include the nodes
// rehashed by the earlier ones.
func (t *stateTrace) flushHashSpans() {
	if t == nil {
		return
	}
	t.mu.Lock()
	pending := t.pending
	t.pending = nil
	t.mu.Unlock()

	for _, ts := range pending {
		ts.span.SetAttributes(ts.hashAttributes()...)
		ts.span.End(trace.WithTimestamp(ts.hashEnd))
	}
}

// hashAttributes describes the rehash work of a hashed trie: for a binary
// trie what it counted while hashing, and its group depth; for a
// Merkle-Patricia trie the modified nodes (all rehashed) and those of them
// that were hashed with keccak256, not embedded in their parent.
func (ts *trieSpan) hashAttributes() []telemetry.Attribute {
	if w := ts.binaryWork; w != nil {
		attrs := []telemetry.Attribute{
			telemetry.IntAttribute("trie.nodes_hashed", w.Nodes),
			telemetry.IntAttribute("trie.hash_ops", w.Ops),
		}
		if g, ok := ts.tr.(interface{ GroupDepth() int }); ok {
			attrs = append(attrs, telemetry.IntAttribute("bintrie.group_depth", g.GroupDepth()))
		}
		return attrs
	}
	nodes, ops := 0, 0
	if w, ok := ts.tr.(interface{ HashedWork() (int, int) }); ok && !ts.noWork {
		nodes, ops = w.HashedWork()
	}
	return []telemetry.Attribute{
		telemetry.IntAttribute("trie.nodes_hashed", nodes),
		telemetry.IntAttribute("trie.hash_ops", ops),
	}
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
	s.trace.registerPhase(span, common.Hash{}, true)
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
	s.trace.registerPhase(span, common.Hash{}, true)
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
