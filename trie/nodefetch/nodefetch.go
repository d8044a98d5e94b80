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

// Package nodefetch records trie node fetches for per-block telemetry.
//
// A Recorder is made active for the span of one block's processing; every trie
// node the process fetches from the node database while it is active (from the
// Merkle-Patricia trie reader and from the binary trie resolver, in execution,
// prefetching, rehashing or commit) is counted and, up to a bound, kept as a
// Record so that the caller can later emit one span per fetch.
//
// When no Recorder is active, the only cost on the fetch path is one atomic
// pointer load: Active returns nil and the caller takes its untraced path.
package nodefetch

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
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

// Source is where a fetched node was found.
type Source uint8

const (
	SourceUnknown Source = iota // the node reader does not say (hash scheme)
	SourceDiff                  // an in-memory diff layer (path scheme)
	SourceDirty                 // the disk layer's dirty write buffer
	SourceClean                 // the clean node cache
	SourceDisk                  // the key-value store
)

var sourceNames = [...]string{"unknown", "diff", "dirty", "clean", "disk"}

// String returns the attribute value used in spans.
func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return "unknown"
}

// ParseSource maps a node reader's location name ("diff", "dirty", "clean",
// "disk") to a Source.
func ParseSource(name string) Source {
	for i, n := range sourceNames {
		if n == name {
			return Source(i)
		}
	}
	return SourceUnknown
}

// SourceReader is implemented by node readers that can tell where a node was
// found. Readers that do not implement it are recorded as SourceUnknown.
type SourceReader interface {
	NodeWithSource(owner common.Hash, path []byte, hash common.Hash) ([]byte, string, error)
}

// KindReader is implemented by node readers that know whether they serve a
// binary trie. Readers that do not implement it are recorded as KindMPT.
type KindReader interface {
	IsUBT() bool
}

// Record is one node fetch.
type Record struct {
	Owner    common.Hash   // storage trie owner, zero for the account or binary trie
	Start    time.Time     // when the fetch began
	Duration time.Duration // how long the node reader took
	Bytes    int           // size of the fetched blob
	Depth    int           // length of the node's path (nibbles for MPT, bits for binary)
	Kind     Kind
	Source   Source
	Failed   bool // the reader returned an error or no blob
}

// Recorder collects the node fetches of one block. It is safe for concurrent
// use: execution, the trie prefetcher and the storage-trie hashers all fetch
// from their own goroutines.
type Recorder struct {
	limit   int
	fetches atomic.Int64 // every fetch, kept or not

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

// NewRecorder returns a recorder that keeps at most limit records; fetches
// beyond it are still counted.
func NewRecorder(limit int) *Recorder {
	return &Recorder{limit: limit, records: make([]Record, 0, min(limit, 4096))}
}

// Add records one fetch.
func (r *Recorder) Add(rec Record) {
	r.fetches.Add(1)
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

// Fetches returns the number of fetches recorded, including those over the
// limit.
func (r *Recorder) Fetches() int64 {
	return r.fetches.Load()
}

// Records returns the kept records. Call it after the recorder was
// deactivated; records added later are not included.
func (r *Recorder) Records() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.records[:len(r.records):len(r.records)]
}

// Dropped returns the number of fetches counted but not kept.
func (r *Recorder) Dropped() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fetches.Load() - int64(len(r.records))
}

var active atomic.Pointer[Recorder]

// Active returns the recorder in use, or nil when node fetches are not being
// recorded. It is the fetch path's only cost when telemetry is off.
func Active() *Recorder {
	return active.Load()
}

// Activate makes r the process-wide recorder until Deactivate. Only one block
// is recorded at a time; Activate replaces any recorder still active.
func Activate(r *Recorder) {
	active.Store(r)
}

// Deactivate stops recording into r. It is a no-op if r is no longer the
// active recorder.
func Deactivate(r *Recorder) {
	active.CompareAndSwap(r, nil)
}
