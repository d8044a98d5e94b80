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

// Package balsidecar implements the BAL sidecar: block-level access lists for
// blocks that do not carry one (historical or benchmark blocks), kept in a file
// beside a block dump and applied by geth import.
//
// A sidecar has one of three types:
//
//   - Type 1: per block, the accounts and storage keys the block touches; the
//     state is fetched in parallel before execution.
//   - Type 3: Type 1 plus the pre-block value of every listed slot, which is
//     injected instead of read.
//   - Type 4: Type 3 plus the pre-block nonce, balance, code hash and storage
//     root of every listed account, which are injected too.
//
// Entries are keyed by block number and block hash. They may also mark what
// each block writes (write sets): accounts whose fields change and slots whose
// values change, the paths a block's trie update resolves. The JSON form
// (json.go, geth's hex types) is for interchange, the binary form (binary.go,
// RLP) for long ranges; Writer streams either. docs/bal-sidecar.md in
// statelab describes both.
package balsidecar

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// Account is one account of a block's access list.
type Account struct {
	Address common.Address

	// Pre-block account values, Type 4 only. Absent means the account did not
	// exist before the block; the other fields are then zero.
	Absent      bool
	Nonce       uint64
	Balance     *uint256.Int
	CodeHash    common.Hash
	StorageRoot common.Hash

	// Storage keys the block touches, and for Type 3 and 4 their pre-block
	// values (Values[i] belongs to Slots[i]).
	Slots  []common.Hash
	Values []common.Hash

	// Write sets (files with Writes only): whether the block changes the
	// account (existence, nonce, balance, code, or on a Merkle-Patricia state
	// its storage root), and which slots it changes (SlotWritten[i] belongs
	// to Slots[i]).
	Written     bool
	SlotWritten []bool
}

// WrittenSlots returns the slots the block changes.
func (a *Account) WrittenSlots() []common.Hash {
	var keys []common.Hash
	for i, w := range a.SlotWritten {
		if w {
			keys = append(keys, a.Slots[i])
		}
	}
	return keys
}

// ReadOnlySlots returns the slots the block reads and does not change.
func (a *Account) ReadOnlySlots() []common.Hash {
	var keys []common.Hash
	for i, key := range a.Slots {
		if i >= len(a.SlotWritten) || !a.SlotWritten[i] {
			keys = append(keys, key)
		}
	}
	return keys
}

// Block is the access list of one block.
type Block struct {
	Number   uint64
	Hash     common.Hash
	Accounts []*Account
}

// Slots returns the number of storage keys listed in the block.
func (b *Block) Slots() int {
	var n int
	for _, a := range b.Accounts {
		n += len(a.Slots)
	}
	return n
}

// File is a whole sidecar. Blocks are in ascending number order, one per number.
// A File is not safe for concurrent modification; once loaded it is only read.
type File struct {
	Type   Type
	Writes bool // entries carry write sets
	Blocks []*Block
}

// Lookup returns the entry for the given block number, or nil.
func (f *File) Lookup(number uint64) *Block {
	lo, hi := 0, len(f.Blocks)
	for lo < hi {
		mid := (lo + hi) / 2
		switch n := f.Blocks[mid].Number; {
		case n == number:
			return f.Blocks[mid]
		case n < number:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return nil
}

// Downgrade lowers the file's type, dropping the values the lower type does
// not carry. A file cannot be raised to a higher type.
func (f *File) Downgrade(typ Type) error {
	if !typ.Valid() {
		return fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", typ)
	}
	if typ > f.Type {
		return fmt.Errorf("a type %d sidecar cannot serve type %d", f.Type, typ)
	}
	for _, b := range f.Blocks {
		for _, a := range b.Accounts {
			if typ < TypeFullPrestate {
				a.Absent, a.Nonce, a.Balance = false, 0, nil
				a.CodeHash, a.StorageRoot = common.Hash{}, common.Hash{}
			}
			if typ < TypeSlotValues {
				a.Values = nil
			}
		}
	}
	f.Type = typ
	return nil
}

// Validate checks the structural rules of the format: known type, blocks in
// strictly ascending order, no duplicate accounts or keys within a block, and
// exactly the value fields the type requires.
func (f *File) Validate() error {
	if !f.Type.Valid() {
		return fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", f.Type)
	}
	for i, b := range f.Blocks {
		var prev *Block
		if i > 0 {
			prev = f.Blocks[i-1]
		}
		if err := checkEntry(b, prev, f.Type, f.Writes); err != nil {
			return fmt.Errorf("block %d: %w", b.Number, err)
		}
	}
	return nil
}

// checkNext checks b as the entry to follow f's last one.
func (f *File) checkNext(b *Block) error {
	var prev *Block
	if n := len(f.Blocks); n > 0 {
		prev = f.Blocks[n-1]
	}
	return checkEntry(b, prev, f.Type, f.Writes)
}

// checkEntry checks b as the entry after prev (nil for the first entry) of a
// file of the given type, with or without write sets.
func checkEntry(b, prev *Block, typ Type, writes bool) error {
	if prev != nil && b.Number <= prev.Number {
		return fmt.Errorf("entries not in strictly ascending block order (after block %d)", prev.Number)
	}
	return b.validate(typ, writes)
}

func (b *Block) validate(typ Type, writes bool) error {
	if b.Hash == (common.Hash{}) {
		return errors.New("missing block hash")
	}
	seen := make(map[common.Address]struct{}, len(b.Accounts))
	for _, a := range b.Accounts {
		if _, dup := seen[a.Address]; dup {
			return fmt.Errorf("account %s listed twice", a.Address.Hex())
		}
		seen[a.Address] = struct{}{}
		if err := a.validate(typ, writes); err != nil {
			return fmt.Errorf("account %s: %w", a.Address.Hex(), err)
		}
	}
	return nil
}

func (a *Account) validate(typ Type, writes bool) error {
	keys := make(map[common.Hash]struct{}, len(a.Slots))
	for _, k := range a.Slots {
		if _, dup := keys[k]; dup {
			return fmt.Errorf("storage key %s listed twice", k.Hex())
		}
		keys[k] = struct{}{}
	}
	switch {
	case writes && len(a.SlotWritten) != len(a.Slots):
		return fmt.Errorf("%d storage keys but %d write marks", len(a.Slots), len(a.SlotWritten))
	case !writes && (a.Written || a.SlotWritten != nil):
		return errors.New("write set in a file without write sets")
	case typ == TypeKeys && len(a.Values) != 0:
		return errors.New("type 1 entry carries slot values")
	case typ >= TypeSlotValues && len(a.Values) != len(a.Slots):
		return fmt.Errorf("%d storage keys but %d values", len(a.Slots), len(a.Values))
	}
	hasAccount := a.Balance != nil || a.Nonce != 0 || a.CodeHash != (common.Hash{}) || a.StorageRoot != (common.Hash{})
	switch {
	case typ < TypeFullPrestate && (hasAccount || a.Absent):
		return fmt.Errorf("type %d entry carries account values", typ)
	case typ == TypeFullPrestate && a.Absent && hasAccount:
		return errors.New("absent account carries account values")
	case typ == TypeFullPrestate && !a.Absent && (a.Balance == nil || a.CodeHash == (common.Hash{})):
		return errors.New("type 4 entry lacks balance or codeHash")
	}
	if a.Absent {
		for i, v := range a.Values {
			if v != (common.Hash{}) {
				return fmt.Errorf("absent account has non-zero value for storage key %s", a.Slots[i].Hex())
			}
		}
	}
	return nil
}

// PosError is a decoding error at a byte offset of a binary sidecar.
type PosError struct {
	Offset int64 // byte offset, from 0
	Err    error
}

func (e *PosError) Error() string {
	return fmt.Sprintf("offset %d: %v", e.Offset, e.Err)
}

func (e *PosError) Unwrap() error { return e.Err }

// Load reads a sidecar file in either form (binary files start with Magic) and
// validates it. Errors name the file, the entry at fault and its block, and
// the line (JSON syntax) or byte offset (binary) of the fault.
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	info, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	f, err := decode(bufio.NewReaderSize(fh, 1<<16), info.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Parse decodes and validates a sidecar in either form.
func Parse(data []byte) (*File, error) {
	return decode(bufio.NewReader(bytes.NewReader(data)), int64(len(data)))
}

// decode reads a sidecar of size bytes in either form; both decoders check
// every entry as they read it. The binary form is decoded as it is read, the
// JSON form, for interchange, is read whole first.
func decode(r *bufio.Reader, size int64) (*File, error) {
	if magic, _ := r.Peek(len(Magic)); string(magic) == Magic {
		return decodeBinary(r, size)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return decodeJSON(data)
}
