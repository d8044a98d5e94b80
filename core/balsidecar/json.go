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
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/holiman/uint256"
)

// The JSON form, for interchange:
//
//	{"version": 2, "type": 4, "blocks": [
//	  {"number": 12, "hash": "0x…", "accounts": [
//	    {"address": "0x…", "nonce": 1, "balance": "0xde0b6b3a7640000",
//	     "codeHash": "0x…", "storageRoot": "0x…",
//	     "storage": ["0x<key>", …], "values": ["0x2a", …],
//	     "written": true, "writes": ["0x<key>", …]},
//	    {"address": "0x…", "absent": true}]}]}
//
// Block numbers and nonces are JSON numbers; addresses, hashes and keys are
// geth's fixed-length hex (common.Address, common.Hash); balances and slot
// values are hex quantities (hexutil.U256; a slot value may also be 32 bytes
// of hex). "written" and "writes" (the keys of "storage" the block changes)
// exist in version 2 only. Unknown fields are errors.

// JSON format versions: version 1 lists what blocks read, version 2 also
// marks what they write.
const (
	VersionReads  = 1
	VersionWrites = 2
)

// jsonVersion returns the JSON version of a file with or without write sets.
func jsonVersion(writes bool) int {
	if writes {
		return VersionWrites
	}
	return VersionReads
}

// jsonBlock is a block entry. Its accounts are decoded one by one, so that an
// error names the account's index.
type jsonBlock struct {
	Number   *uint64           `json:"number"`
	Hash     *common.Hash      `json:"hash"`
	Accounts []json.RawMessage `json:"accounts"`
}

// jsonAccount is an account of a block entry. Pointers tell a missing field
// from a zero one.
type jsonAccount struct {
	Address     *common.Address `json:"address"`
	Absent      bool            `json:"absent,omitempty"`
	Nonce       *uint64         `json:"nonce,omitempty"`
	Balance     *hexutil.U256   `json:"balance,omitempty"`
	CodeHash    *common.Hash    `json:"codeHash,omitempty"`
	StorageRoot *common.Hash    `json:"storageRoot,omitempty"`
	Storage     []common.Hash   `json:"storage,omitempty"`
	Values      []slotValue     `json:"values,omitempty"`
	Written     bool            `json:"written,omitempty"`
	Writes      []common.Hash   `json:"writes,omitempty"`
}

// slotValue is a storage value: a hex quantity ("0x2a"), as this package
// writes it, or 32 bytes of hex, as eth_getStorageAt returns it.
type slotValue common.Hash

// MarshalText implements encoding.TextMarshaler.
func (v slotValue) MarshalText() ([]byte, error) {
	return []byte(new(uint256.Int).SetBytes32(v[:]).Hex()), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (v *slotValue) UnmarshalJSON(input []byte) error {
	if len(input) == len(`"0x"`)+2*common.HashLength {
		return (*common.Hash)(v).UnmarshalJSON(input)
	}
	var q hexutil.U256
	if err := q.UnmarshalJSON(input); err != nil {
		return err
	}
	*v = (*uint256.Int)(&q).Bytes32()
	return nil
}

// newJSONAccount returns the JSON form of a in a file of the given type.
func newJSONAccount(a *Account, typ Type, writes bool) *jsonAccount {
	ja := &jsonAccount{Address: &a.Address, Storage: a.Slots}
	if typ == TypeFullPrestate {
		ja.Absent = a.Absent
		if !a.Absent {
			ja.Nonce, ja.CodeHash, ja.StorageRoot = &a.Nonce, &a.CodeHash, &a.StorageRoot
			ja.Balance = (*hexutil.U256)(a.Balance)
		}
	}
	if typ >= TypeSlotValues && len(a.Values) > 0 {
		ja.Values = make([]slotValue, len(a.Values))
		for i, v := range a.Values {
			ja.Values[i] = slotValue(v)
		}
	}
	if writes {
		ja.Written, ja.Writes = a.Written, a.WrittenSlots()
	}
	return ja
}

// account converts a decoded account entry.
func (ja *jsonAccount) account(writes bool) (*Account, error) {
	if ja.Address == nil {
		return nil, errors.New(`missing field "address"`)
	}
	if !writes && (ja.Written || ja.Writes != nil) {
		return nil, errors.New(`"written" and "writes" need version 2`)
	}
	a := &Account{
		Address: *ja.Address,
		Absent:  ja.Absent,
		Balance: (*uint256.Int)(ja.Balance),
		Slots:   ja.Storage,
		Written: ja.Written,
	}
	if ja.Nonce != nil {
		a.Nonce = *ja.Nonce
	}
	if ja.CodeHash != nil {
		a.CodeHash = *ja.CodeHash
	}
	if ja.StorageRoot != nil {
		a.StorageRoot = *ja.StorageRoot
	}
	if len(ja.Values) > 0 {
		a.Values = make([]common.Hash, len(ja.Values))
		for i, v := range ja.Values {
			a.Values[i] = common.Hash(v)
		}
	}
	if writes {
		var err error
		if a.SlotWritten, err = writeMarks(a.Slots, ja.Writes); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// writeMarks turns the keys of "writes" into marks aligned with the keys of
// "storage"; every written key must be listed there, once.
func writeMarks(slots, writes []common.Hash) ([]bool, error) {
	index := make(map[common.Hash]int, len(slots))
	for i, k := range slots {
		index[k] = i
	}
	marks := make([]bool, len(slots))
	for i, k := range writes {
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

// block converts a decoded block entry, decoding its accounts.
func (jb *jsonBlock) block(writes bool) (*Block, error) {
	if jb.Number == nil {
		return nil, errors.New(`missing field "number"`)
	}
	if jb.Hash == nil {
		return nil, errors.New(`missing field "hash"`)
	}
	b := &Block{Number: *jb.Number, Hash: *jb.Hash, Accounts: make([]*Account, len(jb.Accounts))}
	for i, raw := range jb.Accounts {
		var ja jsonAccount
		err := decodeStrict(raw, &ja)
		if err == nil {
			b.Accounts[i], err = ja.account(writes)
		}
		if err != nil {
			return nil, fmt.Errorf("accounts[%d]: %w", i, err)
		}
	}
	return b, nil
}

// jsonFile is the top level of the JSON form. Its blocks are decoded one by
// one, so that an error names the entry at fault.
type jsonFile struct {
	Version *int              `json:"version"`
	Type    *Type             `json:"type"`
	Blocks  []json.RawMessage `json:"blocks"`
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data. Syntax errors name their line; type errors their field.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("trailing data after the JSON value")
	}
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("line %d: %w", bytes.Count(data[:max(syn.Offset-1, 0)], []byte{'\n'})+1, err)
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Errorf("%s: %s, want %v", typ.Field, typ.Value, typ.Type)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Errorf("line %d, offset %d: unexpected end of input", bytes.Count(data, []byte{'\n'})+1, len(data))
	}
	return err
}

// decodeJSON decodes the JSON form without validating the whole file (Parse
// does). Errors of a block entry name its index and, if it could be read,
// its block number.
func decodeJSON(data []byte) (*File, error) {
	var jf jsonFile
	if err := decodeStrict(data, &jf); err != nil {
		return nil, err
	}
	switch {
	case jf.Version == nil:
		return nil, errors.New(`missing field "version"`)
	case *jf.Version != VersionReads && *jf.Version != VersionWrites:
		return nil, fmt.Errorf("unsupported sidecar version %d (want %d or %d)", *jf.Version, VersionReads, VersionWrites)
	case jf.Type == nil:
		return nil, errors.New(`missing field "type"`)
	case !jf.Type.Valid():
		return nil, fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", *jf.Type)
	}
	f := &File{Type: *jf.Type, Writes: *jf.Version == VersionWrites, Blocks: make([]*Block, 0, len(jf.Blocks))}
	for i, raw := range jf.Blocks {
		b, err := f.decodeJSONBlock(raw)
		if err != nil {
			return nil, fmt.Errorf("blocks[%d]: %w", i, err)
		}
		f.Blocks = append(f.Blocks, b)
	}
	return f, nil
}

// decodeJSONBlock decodes and checks the next block entry of f. Errors name
// the block if its number could be read.
func (f *File) decodeJSONBlock(raw []byte) (*Block, error) {
	var jb jsonBlock
	err := decodeStrict(raw, &jb)
	var b *Block
	if err == nil {
		b, err = jb.block(f.Writes)
	}
	if err == nil {
		err = f.checkNext(b)
	}
	if err != nil {
		var head struct {
			Number *uint64 `json:"number"`
		}
		if json.Unmarshal(raw, &head) == nil && head.Number != nil {
			err = fmt.Errorf("block %d: %w", *head.Number, err)
		}
		return nil, err
	}
	return b, nil
}

// writeJSONHeader writes the start of a file up to its first block entry.
func writeJSONHeader(w io.Writer, typ Type, writes bool) error {
	_, err := fmt.Fprintf(w, "{\"version\": %d, \"type\": %d, \"blocks\": [", jsonVersion(writes), typ)
	return err
}

// writeJSONTrailer writes the end of a file.
func writeJSONTrailer(w io.Writer) error {
	_, err := io.WriteString(w, "\n]}\n")
	return err
}

// appendJSONBlock appends a block entry of a file of the given type, one
// account per line; first says whether it is the file's first entry.
func appendJSONBlock(buf []byte, typ Type, writes bool, b *Block, first bool) ([]byte, error) {
	if !first {
		buf = append(buf, ',')
	}
	buf = fmt.Appendf(buf, "\n  {\"number\": %d, \"hash\": %q, \"accounts\": [", b.Number, b.Hash.Hex())
	for i, a := range b.Accounts {
		if i > 0 {
			buf = append(buf, ',')
		}
		enc, err := json.Marshal(newJSONAccount(a, typ, writes))
		if err != nil {
			return nil, err
		}
		buf = append(append(buf, "\n    "...), enc...)
	}
	return append(buf, "]}"...), nil
}
