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
}
