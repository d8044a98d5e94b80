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
	"bytes"
	"fmt"
	"io"
)

// Writer writes a sidecar block by block, in either form, so that a long
// range never has to be held in memory. Blocks must come in strictly
// ascending number order and are validated as they are written.
//
// A Writer is not safe for concurrent use. Close writes what the form needs
// at its end (JSON's closing brackets) and flushes; it does not close the
// underlying writer.
type Writer struct {
	w      *bufio.Writer
	typ    int
	writes bool
	json   bool
	blocks int
	last   uint64
	jbuf   bytes.Buffer
	bbuf   []byte
}

// NewWriter starts a sidecar of the given type on w, with write sets if
// writes is set (version 2), in the JSON form if asJSON is set, else in the
// binary form.
func NewWriter(w io.Writer, typ int, writes, asJSON bool) (*Writer, error) {
	if !ValidType(typ) {
		return nil, fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", typ)
	}
	sw := &Writer{w: bufio.NewWriterSize(w, 1<<20), typ: typ, writes: writes, json: asJSON}
	if asJSON {
		writeJSONHeader(&sw.jbuf, typ, writes)
		_, err := sw.w.Write(sw.jbuf.Bytes())
		return sw, err
	}
	_, err := sw.w.Write(appendBinaryHeader(nil, typ, writes))
	return sw, err
}

// Write appends one block.
func (sw *Writer) Write(b *Block) error {
	if sw.blocks > 0 && b.Number <= sw.last {
		return fmt.Errorf("block %d: entries not in strictly ascending block order (after block %d)", b.Number, sw.last)
	}
	if err := b.validate(sw.typ, sw.writes); err != nil {
		return fmt.Errorf("block %d: %w", b.Number, err)
	}
	var err error
	if sw.json {
		sw.jbuf.Reset()
		if err = writeJSONBlock(&sw.jbuf, sw.typ, sw.writes, b, sw.blocks == 0); err == nil {
			_, err = sw.w.Write(sw.jbuf.Bytes())
		}
	} else {
		sw.bbuf = appendBinaryBlock(sw.bbuf[:0], sw.typ, sw.writes, b)
		_, err = sw.w.Write(sw.bbuf)
	}
	if err != nil {
		return err
	}
	sw.blocks++
	sw.last = b.Number
	return nil
}

// Blocks returns the number of blocks written.
func (sw *Writer) Blocks() int { return sw.blocks }

// Close ends the sidecar and flushes it to the underlying writer.
func (sw *Writer) Close() error {
	if sw.json {
		sw.jbuf.Reset()
		writeJSONTrailer(&sw.jbuf)
		if _, err := sw.w.Write(sw.jbuf.Bytes()); err != nil {
			return err
		}
	}
	return sw.w.Flush()
}
