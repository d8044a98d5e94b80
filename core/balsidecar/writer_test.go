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

package balsidecar

import (
	"bytes"
	"testing"
)

// TestWriterStream writes every kind of test file block by block in both
// forms and reads the stream back: the same entries, and the same bytes as
// the whole-file encoders write.
func TestWriterStream(t *testing.T) {
	for _, variant := range testVariants() {
		for _, asJSON := range []bool{false, true} {
			f := variant()
			var streamed bytes.Buffer
			w, err := NewWriter(&streamed, f.Type, f.Writes, asJSON)
			if err != nil {
				t.Fatal(err)
			}
			for i, b := range f.Blocks {
				if err := w.Write(b); err != nil {
					t.Fatal(err)
				}
				if w.Blocks() != i+1 {
					t.Fatalf("%d blocks written, Blocks() says %d", i+1, w.Blocks())
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			back, err := Parse(streamed.Bytes())
			if err != nil {
				t.Fatalf("type %d, write sets %v, json %v: stream does not parse: %v", f.Type, f.Writes, asJSON, err)
			}
			if back.Type != f.Type || back.Writes != f.Writes {
				t.Fatalf("type %d, write sets %v, json %v: read back as type %d, write sets %v", f.Type, f.Writes, asJSON, back.Type, back.Writes)
			}
			if err := sameBlocks(back, f); err != nil {
				t.Fatalf("type %d, write sets %v, json %v: %v", f.Type, f.Writes, asJSON, err)
			}
			whole := encodeBinary(t, f)
			if asJSON {
				whole = encodeJSON(t, f)
			}
			if !bytes.Equal(whole, streamed.Bytes()) {
				t.Errorf("type %d, write sets %v, json %v: stream differs from the whole-file encoder's", f.Type, f.Writes, asJSON)
			}
		}
	}
}

// TestWriterRefusesDisorder checks that the writer keeps the format's rules:
// ascending blocks and valid entries.
func TestWriterRefusesDisorder(t *testing.T) {
	f := testFile(TypeFullPrestate)
	w, err := NewWriter(new(bytes.Buffer), TypeFullPrestate, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(f.Blocks[1]); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(f.Blocks[0]); err == nil {
		t.Error("writer accepted a block below the last one")
	}
	bad := *f.Blocks[1]
	bad.Number += 10
	bad.Accounts = append(bad.Accounts, bad.Accounts[0])
	if err := w.Write(&bad); err == nil {
		t.Error("writer accepted an account listed twice")
	}
	if w.Blocks() != 1 {
		t.Errorf("%d blocks counted, want the one accepted", w.Blocks())
	}
	if _, err := NewWriter(new(bytes.Buffer), 2, false, true); err == nil {
		t.Error("writer accepted type 2")
	}
}
