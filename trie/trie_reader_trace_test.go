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

package trie

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
)

// sourceReader is a node reader that serves one blob and names its source.
type sourceReader struct {
	blob   []byte
	source string
	ubt    bool
	err    error
}

func (r *sourceReader) Node(owner common.Hash, path []byte, hash common.Hash) ([]byte, error) {
	return r.blob, r.err
}

func (r *sourceReader) NodeWithSource(owner common.Hash, path []byte, hash common.Hash) ([]byte, string, error) {
	return r.blob, r.source, r.err
}

func (r *sourceReader) IsUBT() bool { return r.ubt }

// plainReader is a node reader that neither names sources nor trie kinds.
type plainReader struct{ blob []byte }

func (r *plainReader) Node(common.Hash, []byte, common.Hash) ([]byte, error) { return r.blob, nil }

func recordFetch(t *testing.T, r *Reader, path []byte) (nodefetch.Record, []byte, error) {
	t.Helper()
	rec := nodefetch.NewRecorder(16)
	nodefetch.Activate(rec)
	blob, err := r.Node(path, common.Hash{1})
	nodefetch.Deactivate(rec)
	if rec.Fetches() != 1 || len(rec.Records()) != 1 {
		t.Fatalf("recorded %d fetches, want 1", rec.Fetches())
	}
	return rec.Records()[0], blob, err
}

func TestReaderRecordsFetch(t *testing.T) {
	owner := common.HexToHash("0xabcd")
	blob := []byte{0xc0, 1, 2, 3, 4}
	r := &Reader{owner: owner, reader: &sourceReader{blob: blob, source: "clean", ubt: true}}

	got, out, err := recordFetch(t, r, []byte{1, 2, 3})
	if err != nil || !bytes.Equal(out, blob) {
		t.Fatalf("Node = %x, %v; want %x", out, err, blob)
	}
	if got.Owner != owner || got.Depth != 3 || got.Bytes != len(blob) || got.Source != nodefetch.SourceClean ||
		got.Kind != nodefetch.KindBinary || got.Failed || got.Start.IsZero() {
		t.Errorf("record = %+v", got)
	}
}

func TestReaderRecordsUnknownSource(t *testing.T) {
	r := &Reader{reader: &plainReader{blob: []byte{1}}}
	got, _, err := recordFetch(t, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != nodefetch.SourceUnknown || got.Kind != nodefetch.KindMPT {
		t.Errorf("record = %+v, want unknown source, mpt", got)
	}
}

func TestReaderRecordsFailedFetch(t *testing.T) {
	r := &Reader{reader: &sourceReader{source: "disk", err: errors.New("boom")}}
	got, _, err := recordFetch(t, r, []byte{7})
	var missing *MissingNodeError
	if !errors.As(err, &missing) {
		t.Fatalf("err = %v, want a MissingNodeError as without recording", err)
	}
	if !got.Failed || got.Source != nodefetch.SourceDisk {
		t.Errorf("record = %+v, want failed, disk", got)
	}
}

// TestReaderNoAllocWhenOff checks that the fetch hook costs no allocation
// when no recorder is active.
func TestReaderNoAllocWhenOff(t *testing.T) {
	r := &Reader{reader: &sourceReader{blob: []byte{1, 2, 3}, source: "disk"}}
	path := []byte{1, 2}
	allocs := testing.AllocsPerRun(1000, func() {
		if _, err := r.Node(path, common.Hash{1}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Node allocates %v times per call with telemetry off, want 0", allocs)
	}
}

// BenchmarkReaderNode measures the node-fetch hook with telemetry off (the
// default) and on (a recorder active, as at --telemetry.level=node).
func BenchmarkReaderNode(b *testing.B) {
	r := &Reader{reader: &sourceReader{blob: make([]byte, 100), source: "clean"}}
	path := []byte{1, 2, 3, 4}
	b.Run("off", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.Node(path, common.Hash{1})
		}
	})
	b.Run("on", func(b *testing.B) {
		rec := nodefetch.NewRecorder(1 << 30)
		nodefetch.Activate(rec)
		defer nodefetch.Deactivate(rec)
		b.ReportAllocs()
		for b.Loop() {
			r.Node(path, common.Hash{1})
		}
	})
}
