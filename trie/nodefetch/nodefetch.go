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

// Package nodefetch records the trie node fetches of one block for telemetry.
//
// A Recorder belongs to one block. It reaches the fetch path through the node
// database the block's tries and trie readers are opened with (NewDatabase),
// and the block's phases through a context (NewContext), so it counts the
// block's own fetches only: fetches that RPC calls, snapshot generation or
// other blocks make through the same trie database at the same time go
// through readers that do not carry it.
//
// Every fetch is counted into fixed per-block aggregates (count, bytes, time,
// by source and by depth, and by the code path that made it: see Path);
// fetches at least as slow as the recorder's threshold are also kept, up to a
// bound, as Records that the caller emits as spans. A fetch of a node the
// block has already fetched is counted as a repeat, by path. Without a
// Recorder the fetch path is unchanged: the block's tries are opened with the
// trie database itself.
package nodefetch

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// Kind is the kind of trie a node belongs to.
type Kind uint8

const (
	KindMPT    Kind = iota // Merkle-Patricia trie, path in nibbles
	KindBinary             // binary trie (EIP-7864), path in bits
)

// String returns the attribute value used in spans.
func (k Kind) String() string {
	if k == KindBinary {
		return "binary"
	}
	return "mpt"
}

// Record is one node fetch.
type Record struct {
	Owner    common.Hash   // storage trie owner, zero for the account or binary trie
	Start    time.Time     // when the fetch began
	Duration time.Duration // how long the node reader took
	Bytes    int           // size of the fetched blob
	Depth    int           // length of the node's path (nibbles for MPT, bits for binary)
	Kind     Kind
	Source   database.NodeSource // where the reader found the node, if it tells
	Failed   bool                // the reader returned an error or no blob
	Path     Path                // the code path the fetch was made for
	Repeat   bool                // the block had fetched the same node before
}

// MaxDepth is the deepest path the depth histogram tells apart (a binary
// trie stem is 248 bits deep); deeper fetches are counted at MaxDepth.
const MaxDepth = 256

// Summary is the aggregate of all fetches a Recorder counted.
type Summary struct {
	Fetches  int64                          // every fetch
	Failed   int64                          // fetches that found no node
	Bytes    int64                          // bytes fetched
	Duration time.Duration                  // time spent in the node reader, summed
	Sources  [database.NumNodeSources]int64 // fetches by source
	Depths   [MaxDepth + 1]int64            // fetches by path depth
	Kept     int64                          // fetches kept as Records
	Dropped  int64                          // fetches over the threshold, not kept (limit reached)

	Paths       [NumPaths]PathSummary // fetches by the code path that made them
	Repeats     int64                 // fetches of a node the block had fetched before
	RepeatBytes int64                 // bytes of those fetches
	Untracked   int64                 // fetches not checked for a repeat (MaxTrackedNodes reached)
}

// PathSummary is the aggregate of the fetches made for one path.
type PathSummary struct {
	Fetches     int64
	Bytes       int64
	Sources     [database.NumNodeSources]int64 // fetches by source
	Repeats     int64                          // fetches of a node the block had fetched before, by any path
	RepeatBytes int64
}

// pathCounters are the counters of one path.
type pathCounters struct {
	sources                     [database.NumNodeSources]atomic.Int64
	bytes, repeats, repeatBytes atomic.Int64
}

// Recorder collects the node fetches of one block. It is safe for concurrent
// use: execution, the trie prefetcher and the storage-trie hashers all fetch
// from their own goroutines. Counting costs a few atomic additions and telling
// a repeat one lock of a shard of the block's node set; only fetches at least
// threshold slow take the recorder's lock.
type Recorder struct {
	threshold time.Duration
	limit     int

	fetches, failed, bytes, nanos atomic.Int64
	slow                          atomic.Int64 // fetches at least threshold slow
	sources                       [database.NumNodeSources]atomic.Int64
	depths                        [MaxDepth + 1]atomic.Int64
	paths                         [NumPaths]pathCounters
	untracked                     atomic.Int64
	committing                    atomic.Bool // the update's fetches are the commit's (SetCommitting)
	nodes                         *nodeSet

	mu      sync.Mutex
	records []Record
	phases  []Phase
}

// Phase is a unit of block work, such as the update of one storage trie, that
// fetches made while it runs can be attributed to. Span is the telemetry
// span representing it, opaque to this package.
type Phase struct {
	Owner    common.Hash // the trie the phase works on
	AnyOwner bool        // the phase works on all tries (execution, commit)
	Span     any
}

// NewRecorder returns a recorder that keeps the fetches taking at least
// threshold (every fetch if threshold is zero) as records, at most limit of
// them; all fetches are counted in the summary.
func NewRecorder(threshold time.Duration, limit int) *Recorder {
	return &Recorder{threshold: threshold, limit: limit, nodes: newNodeSet()}
}

// SetCommitting tells whether the state is being committed: while it is, the
// fetches made for the update are counted as the commit's.
func (r *Recorder) SetCommitting(committing bool) {
	r.committing.Store(committing)
}

// path returns the path of a fetch made through a view tagged tag.
func (r *Recorder) path(tag *Tag) Path {
	p := tag.Path()
	if p == PathUpdate && r.committing.Load() {
		return PathCommit
	}
	return p
}

// fetched remembers a fetched node and reports whether the block had fetched
// it before. A node it cannot remember any more is counted as untracked.
func (r *Recorder) fetched(owner common.Hash, path []byte, hash common.Hash) bool {
	repeat, tracked := r.nodes.add(owner, path, hash)
	if !tracked {
		r.untracked.Add(1)
	}
	return repeat
}

// Threshold returns the duration from which fetches are kept as records.
func (r *Recorder) Threshold() time.Duration {
	return r.threshold
}

// Add records one fetch.
func (r *Recorder) Add(rec Record) {
	r.fetches.Add(1)
	r.bytes.Add(int64(rec.Bytes))
	r.nanos.Add(int64(rec.Duration))
	if rec.Failed {
		r.failed.Add(1)
	}
	if rec.Source < database.NumNodeSources {
		r.sources[rec.Source].Add(1)
	}
	r.depths[min(max(rec.Depth, 0), MaxDepth)].Add(1)
	if rec.Path < NumPaths {
		pc, src := &r.paths[rec.Path], rec.Source
		if src >= database.NumNodeSources {
			src = database.NodeSourceUnknown
		}
		pc.sources[src].Add(1)
		pc.bytes.Add(int64(rec.Bytes))
		if rec.Repeat {
			pc.repeats.Add(1)
			pc.repeatBytes.Add(int64(rec.Bytes))
		}
	}
	if rec.Duration < r.threshold {
		return
	}
	r.slow.Add(1)
	r.mu.Lock()
	if len(r.records) < r.limit {
		r.records = append(r.records, rec)
	}
	r.mu.Unlock()
}

// AddPhase registers a phase that fetches can be attributed to.
func (r *Recorder) AddPhase(owner common.Hash, anyOwner bool, span any) {
	r.mu.Lock()
	r.phases = append(r.phases, Phase{Owner: owner, AnyOwner: anyOwner, Span: span})
	r.mu.Unlock()
}

// Phases returns the registered phases.
func (r *Recorder) Phases() []Phase {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.phases[:len(r.phases):len(r.phases)]
}

// Fetches returns the number of fetches recorded.
func (r *Recorder) Fetches() int64 {
	return r.fetches.Load()
}

// Records returns the kept records. Call it once the block's work is done;
// records added later are not included.
func (r *Recorder) Records() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.records[:len(r.records):len(r.records)]
}

// Summary returns the aggregate of the fetches recorded so far.
func (r *Recorder) Summary() Summary {
	r.mu.Lock()
	kept := int64(len(r.records))
	r.mu.Unlock()

	s := Summary{
		Fetches:  r.fetches.Load(),
		Failed:   r.failed.Load(),
		Bytes:    r.bytes.Load(),
		Duration: time.Duration(r.nanos.Load()),
		Kept:     kept,
		Dropped:  r.slow.Load() - kept,
	}
	for i := range r.sources {
		s.Sources[i] = r.sources[i].Load()
	}
	for i := range r.depths {
		s.Depths[i] = r.depths[i].Load()
	}
	for i := range r.paths {
		pc, ps := &r.paths[i], &s.Paths[i]
		for src := range pc.sources {
			ps.Sources[src] = pc.sources[src].Load()
			ps.Fetches += ps.Sources[src]
		}
		ps.Bytes = pc.bytes.Load()
		ps.Repeats = pc.repeats.Load()
		ps.RepeatBytes = pc.repeatBytes.Load()
		s.Repeats += ps.Repeats
		s.RepeatBytes += ps.RepeatBytes
	}
	s.Untracked = r.untracked.Load()
	return s
}

type contextKey struct{}

// NewContext returns a copy of ctx that carries r, for the block work that
// registers phases with it.
func NewContext(ctx context.Context, r *Recorder) context.Context {
	return context.WithValue(ctx, contextKey{}, r)
}

// FromContext returns the recorder in ctx, or nil.
func FromContext(ctx context.Context) *Recorder {
	if ctx == nil {
		return nil
	}
	r, _ := ctx.Value(contextKey{}).(*Recorder)
	return r
}
