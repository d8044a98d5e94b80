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

// TestWriterMatchesEncoders checks that a file written block by block is byte
// for byte what the whole-file encoders write, in both forms and every type.
func TestWriterMatchesEncoders(t *testing.T) {
	for _, variant := range []int{TypeKeys, TypeSlotValues, TypeFullPrestate, 10 + TypeKeys, 10 + TypeFullPrestate} {
		typ := variant % 10
		for _, asJSON := range []bool{false, true} {
			f := testFile(typ)
			if variant >= 10 {
				withWrites(f)
			}
			var whole, streamed bytes.Buffer
			var err error
			if asJSON {
				err = EncodeJSON(&whole, f)
			} else {
				err = EncodeBinary(&whole, f)
			}
			if err != nil {
				t.Fatal(err)
			}
			w, err := NewWriter(&streamed, typ, f.Writes, asJSON)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range f.Blocks {
				if err := w.Write(b); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(whole.Bytes(), streamed.Bytes()) {
				t.Errorf("type %d json=%v: streamed file differs from the encoder's:\n%s\n%s", typ, asJSON, streamed.Bytes(), whole.Bytes())
			}
			back, err := Parse(streamed.Bytes())
			if err != nil {
				t.Fatalf("type %d json=%v: streamed file does not parse: %v", typ, asJSON, err)
			}
			if len(back.Blocks) != len(f.Blocks) {
				t.Errorf("type %d json=%v: %d blocks back, want %d", typ, asJSON, len(back.Blocks), len(f.Blocks))
			}
		}
	}
}

// TestWriterRefusesDisorder checks that the writer keeps the format's rules:
// ascending blocks and valid entries.
func TestWriterRefusesDisorder(t *testing.T) {
	f := testFile(TypeFullPrestate)
	if len(f.Blocks) < 2 {
		t.Fatal("test file needs two blocks")
	}
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
	if _, err := NewWriter(new(bytes.Buffer), 2, false, true); err == nil {
		t.Error("writer accepted type 2")
	}
}
