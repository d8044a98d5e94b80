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

package nodefetch

import (
	"bytes"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// sourceReader is a node reader that serves one blob and names its source.
type sourceReader struct {
	blob   []byte
	source database.NodeSource
	err    error
}

func (r *sourceReader) Node(owner common.Hash, path []byte, hash common.Hash) ([]byte, error) {
	return r.blob, r.err
}

func (r *sourceReader) NodeWithSource(owner common.Hash, path []byte, hash common.Hash) ([]byte, database.NodeSource, error) {
	return r.blob, r.source, r.err
}

// plainReader is a node reader that does not name sources.
type plainReader struct{ blob []byte }

func (r *plainReader) Node(common.Hash, []byte, common.Hash) ([]byte, error) { return r.blob, nil }

// readerDB is a node database serving one reader.
type readerDB struct{ r database.NodeReader }

func (db readerDB) NodeReader(common.Hash) (database.NodeReader, error) { return db.r, nil }

func recordFetch(t *testing.T, r database.NodeReader, kind Kind, owner common.Hash, path []byte) (Record, []byte, error) {
	t.Helper()
	rec := NewRecorder(0, 16)
	nr, err := NewDatabase(readerDB{r}, rec, kind).NodeReader(common.Hash{})
	if err != nil {
		t.Fatal(err)
	}
	blob, err := nr.Node(owner, path, common.Hash{1})
	if rec.Fetches() != 1 || len(rec.Records()) != 1 {
		t.Fatalf("recorded %d fetches, want 1", rec.Fetches())
	}
	return rec.Records()[0], blob, err
}

func TestReaderRecordsFetch(t *testing.T) {
	owner := common.HexToHash("0xabcd")
	blob := []byte{0xc0, 1, 2, 3, 4}
	got, out, err := recordFetch(t, &sourceReader{blob: blob, source: database.NodeSourceClean}, KindBinary, owner, []byte{1, 2, 3})
	if err != nil || !bytes.Equal(out, blob) {
		t.Fatalf("Node = %x, %v; want %x", out, err, blob)
	}
	if got.Owner != owner || got.Depth != 3 || got.Bytes != len(blob) || got.Source != database.NodeSourceClean ||
		got.Kind != KindBinary || got.Failed || got.Start.IsZero() {
		t.Errorf("record = %+v", got)
	}
}

func TestReaderRecordsUnknownSource(t *testing.T) {
	got, _, err := recordFetch(t, &plainReader{blob: []byte{1}}, KindMPT, common.Hash{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != database.NodeSourceUnknown || got.Kind != KindMPT {
		t.Errorf("record = %+v, want unknown source, mpt", got)
	}
}

func TestReaderRecordsFailedFetch(t *testing.T) {
	boom := errors.New("boom")
	got, _, err := recordFetch(t, &sourceReader{source: database.NodeSourceDisk, err: boom}, KindMPT, common.Hash{}, []byte{7})
	if err != boom {
		t.Fatalf("err = %v, want the reader's error unchanged", err)
	}
	if !got.Failed || got.Source != database.NodeSourceDisk {
		t.Errorf("record = %+v, want failed, disk", got)
	}
}

// TestNewDatabaseNil checks that without a recorder the node database is
// returned as is, so the fetch path is upstream's.
func TestNewDatabaseNil(t *testing.T) {
	db := readerDB{&plainReader{}}
	if got := NewDatabase(db, nil, KindMPT); got != database.NodeDatabase(db) {
		t.Errorf("NewDatabase(db, nil) = %T, want db itself", got)
	}
}

// TestReadersDoNotShare checks that a recorder counts only the fetches made
// through readers of its own database, while readers of the underlying
// database (say, RPC calls) fetch concurrently.
func TestReadersDoNotShare(t *testing.T) {
	base := readerDB{&sourceReader{blob: []byte{1, 2}, source: database.NodeSourceClean}}
	rec := NewRecorder(0, 1<<20)
	block, _ := NewDatabase(base, rec, KindMPT).NodeReader(common.Hash{})
	other, _ := base.NodeReader(common.Hash{})

	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 1000 {
				other.Node(common.Hash{}, nil, common.Hash{})
			}
		})
	}
	for range 500 {
		block.Node(common.Hash{}, []byte{1}, common.Hash{})
	}
	wg.Wait()
	if n := rec.Fetches(); n != 500 {
		t.Errorf("recorded %d fetches, want the block reader's 500", n)
	}
}

// TestRecorderThreshold checks that all fetches are summarized but only
// those at least as slow as the threshold are kept, up to the limit.
func TestRecorderThreshold(t *testing.T) {
	rec := NewRecorder(time.Millisecond, 2)
	for i, d := range []time.Duration{time.Microsecond, time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond} {
		rec.Add(Record{Duration: d, Bytes: 10, Depth: i, Source: database.NodeSourceDisk})
	}
	s := rec.Summary()
	if s.Fetches != 4 || s.Bytes != 40 || s.Sources[database.NodeSourceDisk] != 4 || s.Depths[3] != 1 {
		t.Errorf("summary = %+v", s)
	}
	if s.Kept != 2 || s.Dropped != 1 || len(rec.Records()) != 2 {
		t.Errorf("kept %d, dropped %d, want 2 and 1", s.Kept, s.Dropped)
	}
	if s.Duration != 6*time.Millisecond+time.Microsecond {
		t.Errorf("duration %v", s.Duration)
	}
}

// BenchmarkNodeReader measures a fetch through a block's node reader with
// telemetry off (the trie database's reader itself) and at node level.
func BenchmarkNodeReader(b *testing.B) {
	base := readerDB{&sourceReader{blob: make([]byte, 100), source: database.NodeSourceClean}}
	path := []byte{1, 2, 3, 4}
	for _, bc := range []struct {
		name string
		rec  *Recorder
	}{{"off", nil}, {"node", NewRecorder(100*time.Microsecond, 1<<16)}} {
		b.Run(bc.name, func(b *testing.B) {
			r, _ := NewDatabase(base, bc.rec, KindMPT).NodeReader(common.Hash{})
			b.ReportAllocs()
			for b.Loop() {
				r.Node(common.Hash{}, path, common.Hash{1})
			}
		})
	}
	// A block's fetches are mostly of nodes it has not fetched before: each
	// adds to the block's node set (20,000 nodes a block, then a new one).
	b.Run("node-distinct", func(b *testing.B) {
		var (
			rec   = NewRecorder(100*time.Microsecond, 1<<16)
			r, _  = NewDatabase(base, rec, KindMPT).NodeReader(common.Hash{})
			paths = make([][]byte, 20000)
		)
		for i := range paths {
			paths[i] = []byte{1, 2, byte(i >> 12), byte(i >> 8 & 0xf), byte(i >> 4 & 0xf), byte(i & 0xf)}
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if i == len(paths) {
				rec, i = NewRecorder(100*time.Microsecond, 1<<16), 0
				r, _ = NewDatabase(base, rec, KindMPT).NodeReader(common.Hash{})
			}
			r.Node(common.Hash{}, paths[i], common.Hash{1})
			i++
		}
	})
}

// TestRepeatThroughTwoReaders reads one node twice in a block, as the state
// reader and then the prefetcher do for a slot the block reads and writes:
// the second fetch is the block's one repeat, counted for the path that made
// it, with its bytes. geth's caches keep a literal double read of a slot from
// reaching the node reader (the state object and the reader's trie hold the
// node), so the repeat is made here through two readers of one recorder.
func TestRepeatThroughTwoReaders(t *testing.T) {
	var (
		blob   = []byte{0xc2, 0x80, 0x80}
		base   = readerDB{&sourceReader{blob: blob, source: database.NodeSourceClean}}
		rec    = NewRecorder(0, 16)
		db     = NewDatabase(base, rec, KindMPT)
		owner  = common.HexToHash("0xc0ffee")
		slot   = []byte{0x0a, 0x0b}
		hash   = common.HexToHash("0x5107")
		reader = mustReader(t, WithPath(db, PathReader))
		warmer = mustReader(t, WithPath(db, PathPrefetcher))
	)
	reader.Node(owner, slot, hash)
	reader.Node(owner, nil, common.HexToHash("0x2007")) // the trie's root: another node
	warmer.Node(owner, slot, hash)

	s := rec.Summary()
	if s.Fetches != 3 || s.Repeats != 1 || s.RepeatBytes != int64(len(blob)) || s.Untracked != 0 {
		t.Fatalf("fetches %d, repeats %d (%d bytes), untracked %d; want 3, 1 (%d bytes), 0",
			s.Fetches, s.Repeats, s.RepeatBytes, s.Untracked, len(blob))
	}
	if r, p := s.Paths[PathReader], s.Paths[PathPrefetcher]; r.Fetches != 2 || r.Repeats != 0 || p.Fetches != 1 || p.Repeats != 1 || p.RepeatBytes != int64(len(blob)) {
		t.Errorf("reader %+v, prefetcher %+v; want the repeat on the prefetcher", r, p)
	}
	if recs := rec.Records(); recs[0].Repeat || recs[1].Repeat || !recs[2].Repeat || recs[2].Path != PathPrefetcher {
		t.Errorf("records %+v, want only the third a repeat, by the prefetcher", recs)
	}
}

// TestFetchPaths checks that each view's fetches are counted for its path,
// that a tag changed while its reader is in use takes effect from the next
// fetch, that the update's fetches are the commit's while the state is
// committed, and that the paths add up to the totals.
func TestFetchPaths(t *testing.T) {
	var (
		base     = readerDB{&sourceReader{blob: make([]byte, 10), source: database.NodeSourceDisk}}
		rec      = NewRecorder(0, 64)
		db       = NewDatabase(base, rec, KindMPT)
		tag      = NewTag(PathPrefetcher)
		reader   = mustReader(t, WithPath(db, PathReader))
		prefetch = mustReader(t, WithTag(db, tag))
		own      = mustReader(t, db)
		path     byte
	)
	fetch := func(r database.NodeReader, n int) {
		for range n {
			path++
			r.Node(common.Hash{}, []byte{path}, common.Hash{})
		}
	}
	fetch(reader, 1)
	fetch(prefetch, 2)
	tag.Set(PathUpdate) // the prefetcher hands its trie over
	fetch(prefetch, 3)
	fetch(own, 4)
	rec.SetCommitting(true)
	fetch(own, 5)
	fetch(prefetch, 6)
	fetch(reader, 7) // a reader opened during the commit stays the reader's
	rec.SetCommitting(false)

	s := rec.Summary()
	want := [NumPaths]int64{PathReader: 8, PathPrefetcher: 2, PathUpdate: 7, PathCommit: 11}
	var sum, bytes int64
	for p := range NumPaths {
		ps := s.Paths[p]
		if ps.Fetches != want[p] || ps.Sources[database.NodeSourceDisk] != want[p] || ps.Bytes != 10*want[p] {
			t.Errorf("%v: %+v, want %d fetches from disk", p, ps, want[p])
		}
		sum += ps.Fetches
		bytes += ps.Bytes
	}
	if sum != s.Fetches || bytes != s.Bytes || s.Repeats != 0 {
		t.Errorf("paths add up to %d fetches, %d bytes; totals %d, %d; repeats %d, want none", sum, bytes, s.Fetches, s.Bytes, s.Repeats)
	}
}

// TestWithTagNotRecording checks that the views cost nothing without a
// recorder: the node database is returned as is.
func TestWithTagNotRecording(t *testing.T) {
	db := readerDB{&plainReader{}}
	if got := WithPath(db, PathReader); got != database.NodeDatabase(db) {
		t.Errorf("WithPath on a plain database = %T, want the database itself", got)
	}
	if got := WithTag(db, NewTag(PathReader)); got != database.NodeDatabase(db) {
		t.Errorf("WithTag on a plain database = %T, want the database itself", got)
	}
	if RecorderOf(db) != nil {
		t.Error("RecorderOf a plain database is not nil")
	}
	rec := NewRecorder(0, 1)
	if rdb := NewDatabase(db, rec, KindMPT); RecorderOf(rdb) != rec || WithTag(rdb, nil) != rdb {
		t.Error("RecorderOf a recording database is not its recorder, or WithTag(nil) is not the database itself")
	}
	if allocs := testing.AllocsPerRun(100, func() { WithPath(db, PathReader) }); allocs != 0 {
		t.Errorf("WithPath without a recorder allocates %v times", allocs)
	}
}

func mustReader(t *testing.T, db database.NodeDatabase) database.NodeReader {
	t.Helper()
	r, err := db.NodeReader(common.Hash{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
