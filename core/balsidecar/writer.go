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
	"bufio"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/rlp"
)

// Writer writes a sidecar block by block, in either form, so that a long
// range never has to be held in memory. Blocks must come in strictly
// ascending number order and are checked as they are written; the binary
// form is written in its current version, the JSON form in version 2 with
// write sets, 1 without.
//
// A Writer is not safe for concurrent use. Close writes what the form needs
// at its end (JSON's closing brackets) and flushes; it does not close the
// underlying writer.
type Writer struct {
	w      *bufio.Writer
	typ    Type
	writes bool
	json   bool
	last   *Block // last block written, nil before the first
	blocks int
	buf    []byte
}

// NewWriter starts a sidecar of the given type on w, with write sets if
// writes is set, in the JSON form if asJSON is set, else in the binary form.
func NewWriter(w io.Writer, typ Type, writes, asJSON bool) (*Writer, error) {
	if !typ.Valid() {
		return nil, fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", typ)
	}
	sw := &Writer{w: bufio.NewWriterSize(w, 1<<20), typ: typ, writes: writes, json: asJSON}
	if asJSON {
		return sw, writeJSONHeader(sw.w, typ, writes)
	}
	return sw, writeBinaryHeader(sw.w, typ, writes)
}

// Write appends one block.
func (sw *Writer) Write(b *Block) error {
	if err := checkEntry(b, sw.last, sw.typ, sw.writes); err != nil {
		return fmt.Errorf("block %d: %w", b.Number, err)
	}
	var err error
	if sw.json {
		if sw.buf, err = appendJSONBlock(sw.buf[:0], sw.typ, sw.writes, b, sw.last == nil); err == nil {
			_, err = sw.w.Write(sw.buf)
		}
	} else {
		err = rlp.Encode(sw.w, newBinaryBlock(b, sw.typ, sw.writes))
	}
	if err != nil {
		return err
	}
	sw.last = b
	sw.blocks++
	return nil
}

// Blocks returns the number of blocks written.
func (sw *Writer) Blocks() int { return sw.blocks }

// Close ends the sidecar and flushes it to the underlying writer.
func (sw *Writer) Close() error {
	if sw.json {
		if err := writeJSONTrailer(sw.w); err != nil {
			return err
		}
	}
	return sw.w.Flush()
}

// EncodeJSON writes f in the JSON form, one account per line.
func EncodeJSON(w io.Writer, f *File) error {
	return encode(w, f, true)
}

// EncodeBinary writes f in the binary form.
func EncodeBinary(w io.Writer, f *File) error {
	return encode(w, f, false)
}

func encode(w io.Writer, f *File, asJSON bool) error {
	sw, err := NewWriter(w, f.Type, f.Writes, asJSON)
	if err != nil {
		return err
	}
	for _, b := range f.Blocks {
		if err := sw.Write(b); err != nil {
			return err
		}
	}
	return sw.Close()
}
