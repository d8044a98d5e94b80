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
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// The JSON form:
//
//	{"version": 2, "type": 4, "blocks": [
//	  {"number": 12, "hash": "0x…", "accounts": [
//	    {"address": "0x…", "nonce": 1, "balance": "0xde0b6b3a7640000",
//	     "codeHash": "0x…", "storageRoot": "0x…",
//	     "storage": ["0x<key>", …], "values": ["0x<value>", …],
//	     "written": true, "writes": ["0x<key>", …]},
//	    {"address": "0x…", "absent": true}]}]}
//
// Numbers are JSON numbers, balances hex quantities, addresses, hashes and keys
// fixed-length hex, slot values hex of at most 32 bytes (left-padded).
// "written" and "writes" (the keys of "storage" the block changes) exist in
// version 2 only.

type jsonFile struct {
	Version int          `json:"version"`
	Type    int          `json:"type"`
	Blocks  []*jsonBlock `json:"blocks"`
}

type jsonBlock struct {
	Number   *uint64        `json:"number"`
	Hash     string         `json:"hash"`
	Accounts []*jsonAccount `json:"accounts"`
}

type jsonAccount struct {
	Address     string   `json:"address"`
	Absent      bool     `json:"absent,omitempty"`
	Nonce       *uint64  `json:"nonce,omitempty"`
	Balance     string   `json:"balance,omitempty"`
	CodeHash    string   `json:"codeHash,omitempty"`
	StorageRoot string   `json:"storageRoot,omitempty"`
	Storage     []string `json:"storage,omitempty"`
	Values      []string `json:"values,omitempty"`
	Written     bool     `json:"written,omitempty"`
	Writes      []string `json:"writes,omitempty"`
}

// PosError is a decoding error at a position of the input.
type PosError struct {
	Offset int64 // byte offset, from 0
	Line   int   // line, from 1 (JSON only, 0 for binary input)
	Column int   // column in bytes, from 1 (JSON only)
	Err    error
}

func (e *PosError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d (offset %d): %v", e.Line, e.Column, e.Offset, e.Err)
	}
	return fmt.Sprintf("offset %d: %v", e.Offset, e.Err)
}

func (e *PosError) Unwrap() error { return e.Err }

// jsonPos turns a byte offset of data into a PosError.
func jsonPos(data []byte, off int64, err error) *PosError {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	head := data[:off]
	line := bytes.Count(head, []byte{'\n'}) + 1
	col := int(off) - bytes.LastIndexByte(head, '\n')
	return &PosError{Offset: off, Line: line, Column: col, Err: err}
}

// skipSeparators moves off past whitespace, commas and colons, to the start of
// the next token.
func skipSeparators(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// DecodeJSON decodes the JSON form without validating it (Parse validates).
// Syntax and type errors carry the line and offset of the fault, semantic
// errors those of the block entry at fault.
func DecodeJSON(data []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()

	fail := func(off int64, err error) error {
		var (
			syn *json.SyntaxError
			typ *json.UnmarshalTypeError
		)
		switch {
		case errors.As(err, &syn):
			return jsonPos(data, syn.Offset, err)
		case errors.As(err, &typ):
			// Type errors of Decoder.Decode count from the value's start.
			return jsonPos(data, off+typ.Offset, err)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return jsonPos(data, int64(len(data)), errors.New("unexpected end of input"))
		}
		return jsonPos(data, off, err)
	}
	expect := func(want json.Delim) error {
		off := skipSeparators(data, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return fail(off, err)
		}
		if d, ok := tok.(json.Delim); !ok || d != want {
			return jsonPos(data, off, fmt.Errorf("expected %q, found %v", want, tok))
		}
		return nil
	}
	if err := expect('{'); err != nil {
		return nil, err
	}
	var (
		out     jsonFile
		offsets []int64
		seen    = make(map[string]bool)
	)
	for dec.More() {
		off := skipSeparators(data, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, fail(off, err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, jsonPos(data, off, fmt.Errorf("duplicate field %q", key))
		}
		seen[key] = true
		switch key {
		case "version", "type":
			var v int
			if err := dec.Decode(&v); err != nil {
				return nil, fail(skipSeparators(data, off+int64(len(key))+2), err)
			}
			if key == "version" {
				if v != VersionReads && v != VersionWrites {
					return nil, jsonPos(data, off, fmt.Errorf("unsupported sidecar version %d (want %d or %d)", v, VersionReads, VersionWrites))
				}
				out.Version = v
			} else {
				if !ValidType(v) {
					return nil, jsonPos(data, off, fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", v))
				}
				out.Type = v
			}
		case "blocks":
			if err := expect('['); err != nil {
				return nil, err
			}
			for dec.More() {
				boff := skipSeparators(data, dec.InputOffset())
				b := new(jsonBlock)
				if err := dec.Decode(b); err != nil {
					return nil, fail(boff, err)
				}
				out.Blocks = append(out.Blocks, b)
				offsets = append(offsets, boff)
			}
			if err := expect(']'); err != nil {
				return nil, err
			}
		default:
			return nil, jsonPos(data, off, fmt.Errorf("unknown field %q", key))
		}
	}
	if err := expect('}'); err != nil {
		return nil, err
	}
	if off := skipSeparators(data, dec.InputOffset()); off < int64(len(data)) {
		return nil, jsonPos(data, off, errors.New("trailing data after the sidecar object"))
	}
	if out.Version == 0 {
		return nil, jsonPos(data, 0, errors.New("missing field \"version\""))
	}
	if out.Type == 0 {
		return nil, jsonPos(data, 0, errors.New("missing field \"type\""))
	}
	f := &File{Type: out.Type, Writes: out.Version == VersionWrites, Blocks: make([]*Block, 0, len(out.Blocks))}
	for i, jb := range out.Blocks {
		b, err := jb.convert(f.Writes)
		if err == nil {
			err = b.validate(f.Type, f.Writes)
		}
		if err == nil && i > 0 && b.Number <= f.Blocks[i-1].Number {
			err = fmt.Errorf("entries not in strictly ascending block order (after block %d)", f.Blocks[i-1].Number)
		}
		if err != nil {
			if jb.Number != nil {
				err = fmt.Errorf("block %d: %w", *jb.Number, err)
			}
			return nil, jsonPos(data, offsets[i], fmt.Errorf("blocks[%d]: %w", i, err))
		}
		f.Blocks = append(f.Blocks, b)
	}
	return f, nil
}

func (jb *jsonBlock) convert(writes bool) (*Block, error) {
	if jb.Number == nil {
		return nil, errors.New("missing field \"number\"")
	}
	b := &Block{Number: *jb.Number, Accounts: make([]*Account, 0, len(jb.Accounts))}
	var err error
	if b.Hash, err = parseFixed32("hash", jb.Hash); err != nil {
		return nil, err
	}
	for i, ja := range jb.Accounts {
		a, err := ja.convert(writes)
		if err != nil {
			return nil, fmt.Errorf("accounts[%d]: %w", i, err)
		}
		b.Accounts = append(b.Accounts, a)
	}
	return b, nil
}

func (ja *jsonAccount) convert(writes bool) (*Account, error) {
	a := &Account{Absent: ja.Absent, Written: ja.Written}
	if !writes && (ja.Written || ja.Writes != nil) {
		return nil, errors.New("\"written\" and \"writes\" need version 2")
	}
	addr, err := parseHex("address", ja.Address, common.AddressLength, true)
	if err != nil {
		return nil, err
	}
	a.Address = common.BytesToAddress(addr)
	if ja.Nonce != nil {
		a.Nonce = *ja.Nonce
	}
	if ja.Balance != "" {
		if a.Balance, err = uint256.FromHex(ja.Balance); err != nil {
			return nil, fmt.Errorf("balance %q: %v", ja.Balance, err)
		}
	}
	if ja.CodeHash != "" {
		if a.CodeHash, err = parseFixed32("codeHash", ja.CodeHash); err != nil {
			return nil, err
		}
	}
	if ja.StorageRoot != "" {
		if a.StorageRoot, err = parseFixed32("storageRoot", ja.StorageRoot); err != nil {
			return nil, err
		}
	}
	a.Slots = make([]common.Hash, len(ja.Storage))
	for i, s := range ja.Storage {
		if a.Slots[i], err = parseFixed32(fmt.Sprintf("storage[%d]", i), s); err != nil {
			return nil, err
		}
	}
	if len(ja.Values) > 0 {
		a.Values = make([]common.Hash, len(ja.Values))
		for i, s := range ja.Values {
			v, err := parseHex(fmt.Sprintf("values[%d]", i), s, common.HashLength, false)
			if err != nil {
				return nil, err
			}
			a.Values[i] = common.BytesToHash(v)
		}
	}
	if writes {
		if a.SlotWritten, err = writeMarks(a.Slots, ja.Writes); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// writeMarks turns the keys of "writes" into marks aligned with the keys of
// "storage"; every written key must be listed there, once.
func writeMarks(slots []common.Hash, writes []string) ([]bool, error) {
	index := make(map[common.Hash]int, len(slots))
	for i, k := range slots {
		index[k] = i
	}
	marks := make([]bool, len(slots))
	for i, s := range writes {
		k, err := parseFixed32(fmt.Sprintf("writes[%d]", i), s)
		if err != nil {
			return nil, err
		}
		j, ok := index[k]
		switch {
		case !ok:
			return nil, fmt.Errorf("writes[%d]: key %s is not in \"storage\"", i, k.Hex())
		case marks[j]:
			return nil, fmt.Errorf("writes[%d]: key %s listed twice", i, k.Hex())
		}
		marks[j] = true
	}
	return marks, nil
}

func parseFixed32(what, s string) (common.Hash, error) {
	b, err := parseHex(what, s, common.HashLength, true)
	if err != nil {
		return common.Hash{}, err
	}
	return common.BytesToHash(b), nil
}

// parseHex decodes a 0x-prefixed hex string of exactly size bytes, or with
// exact unset of at most size bytes (odd digit counts allowed).
func parseHex(what, s string, size int, exact bool) ([]byte, error) {
	if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		if s == "" {
			return nil, fmt.Errorf("missing %s", what)
		}
		return nil, fmt.Errorf("%s %q: missing 0x prefix", what, s)
	}
	digits := s[2:]
	if exact && len(digits) != 2*size {
		return nil, fmt.Errorf("%s %q: want %d hex digits, have %d", what, s, 2*size, len(digits))
	}
	if !exact {
		if len(digits) == 0 || len(digits) > 2*size {
			return nil, fmt.Errorf("%s %q: want 1 to %d hex digits", what, s, 2*size)
		}
		if len(digits)%2 == 1 {
			digits = "0" + digits
		}
	}
	b, err := hex.DecodeString(digits)
	if err != nil {
		return nil, fmt.Errorf("%s %q: invalid hex", what, s)
	}
	return b, nil
}

// EncodeJSON writes f in the JSON form, one account per line.
func EncodeJSON(w io.Writer, f *File) error {
	var buf bytes.Buffer
	writeJSONHeader(&buf, f.Type, f.Writes)
	for i, b := range f.Blocks {
		if err := writeJSONBlock(&buf, f.Type, f.Writes, b, i == 0); err != nil {
			return err
		}
		if buf.Len() > 1<<20 {
			if _, err := w.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	writeJSONTrailer(&buf)
	_, err := w.Write(buf.Bytes())
	return err
}

func writeJSONHeader(buf *bytes.Buffer, typ int, writes bool) {
	fmt.Fprintf(buf, "{\"version\": %d, \"type\": %d, \"blocks\": [", version(writes), typ)
}

func writeJSONTrailer(buf *bytes.Buffer) {
	buf.WriteString("\n]}\n")
}

// writeJSONBlock writes one block of a file of the given type; first says
// whether it is the file's first block.
func writeJSONBlock(buf *bytes.Buffer, typ int, writes bool, b *Block, first bool) error {
	if !first {
		buf.WriteByte(',')
	}
	fmt.Fprintf(buf, "\n  {\"number\": %d, \"hash\": %q, \"accounts\": [", b.Number, b.Hash.Hex())
	for j, a := range b.Accounts {
		if j > 0 {
			buf.WriteByte(',')
		}
		ja := jsonAccount{Address: a.Address.Hex(), Absent: a.Absent && typ == TypeFullPrestate}
		if typ == TypeFullPrestate && !a.Absent {
			nonce := a.Nonce
			ja.Nonce = &nonce
			if a.Balance != nil {
				ja.Balance = a.Balance.Hex()
			}
			ja.CodeHash = a.CodeHash.Hex()
			ja.StorageRoot = a.StorageRoot.Hex()
		}
		for _, k := range a.Slots {
			ja.Storage = append(ja.Storage, k.Hex())
		}
		if typ >= TypeSlotValues {
			for _, v := range a.Values {
				ja.Values = append(ja.Values, "0x"+new(big.Int).SetBytes(v[:]).Text(16))
			}
		}
		if writes {
			ja.Written = a.Written
			for _, k := range a.WrittenSlots() {
				ja.Writes = append(ja.Writes, k.Hex())
			}
		}
		enc, err := json.Marshal(&ja)
		if err != nil {
			return err
		}
		buf.WriteString("\n    ")
		buf.Write(enc)
	}
	buf.WriteString("]}")
	return nil
}
