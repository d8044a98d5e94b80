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
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// Magic starts every binary sidecar.
const Magic = "GBALSC"

// The binary form, for long ranges. uvarint is encoding/binary's unsigned
// varint; a "short" value is one length byte (0..32) followed by that many
// big-endian bytes with leading zeros trimmed.
//
//	file    = Magic, version byte (1 or 2), type byte (1, 3 or 4), block*
//	block   = uvarint number, hash [32], uvarint accounts, account*
//	account = address [20], flags byte (bit 0: absent, bit 1: written),
//	          if type 4 and not absent: uvarint nonce, short balance,
//	                                    codeHash [32], storageRoot [32]
//	          uvarint slots, key [32] * slots,
//	          if type >= 3: short value * slots,
//	          if version 2: written-slot bitmap, ceil(slots/8) bytes,
//	                        bit i%8 of byte i/8 for slot i
//
// Version 1 files have no written flag and no bitmap.
//
// Blocks run to the end of the file, so files can be appended to.
//
// Worked example: a Type-3 file with block 7 (hash h) touching one account a
// with one slot k holding 0x2a is
//
//	"GBALSC" 01 03 | 07 h[32] 01 | a[20] 00 01 k[32] 01 2a

const (
	flagAbsent  = 1
	flagWritten = 2
)

// limits against corrupt counts, so that a bad header cannot make the
// decoder allocate gigabytes before it sees the input is short.
const (
	minAccountSize = common.AddressLength + 2
	minSlotSize    = common.HashLength
)

// EncodeBinary writes f in the binary form.
func EncodeBinary(w io.Writer, f *File) error {
	buf := appendBinaryHeader(make([]byte, 0, 1<<16), f.Type, f.Writes)
	for _, b := range f.Blocks {
		buf = appendBinaryBlock(buf, f.Type, f.Writes, b)
		if len(buf) > 1<<20 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}

// appendBinaryHeader appends the file header of the binary form.
func appendBinaryHeader(buf []byte, typ int, writes bool) []byte {
	buf = append(buf, Magic...)
	return append(buf, byte(version(writes)), byte(typ))
}

// appendBinaryBlock appends one block of a file of the given type.
func appendBinaryBlock(buf []byte, typ int, writes bool, b *Block) []byte {
	buf = binary.AppendUvarint(buf, b.Number)
	buf = append(buf, b.Hash[:]...)
	buf = binary.AppendUvarint(buf, uint64(len(b.Accounts)))
	for _, a := range b.Accounts {
		buf = append(buf, a.Address[:]...)
		var flags byte
		if a.Absent && typ == TypeFullPrestate {
			flags |= flagAbsent
		}
		if a.Written && writes {
			flags |= flagWritten
		}
		buf = append(buf, flags)
		if typ == TypeFullPrestate && !a.Absent {
			buf = binary.AppendUvarint(buf, a.Nonce)
			var bal [32]byte
			if a.Balance != nil {
				bal = a.Balance.Bytes32()
			}
			buf = appendShort(buf, bal[:])
			buf = append(buf, a.CodeHash[:]...)
			buf = append(buf, a.StorageRoot[:]...)
		}
		buf = binary.AppendUvarint(buf, uint64(len(a.Slots)))
		for _, k := range a.Slots {
			buf = append(buf, k[:]...)
		}
		if typ >= TypeSlotValues {
			for _, v := range a.Values {
				buf = appendShort(buf, v[:])
			}
		}
		if writes {
			bitmap := make([]byte, (len(a.Slots)+7)/8)
			for i, w := range a.SlotWritten {
				if w {
					bitmap[i/8] |= 1 << (i % 8)
				}
			}
			buf = append(buf, bitmap...)
		}
	}
	return buf
}

func appendShort(buf []byte, v []byte) []byte {
	i := 0
	for i < len(v) && v[i] == 0 {
		i++
	}
	buf = append(buf, byte(len(v)-i))
	return append(buf, v[i:]...)
}

// binReader decodes the binary form, tracking the offset for errors.
type binReader struct {
	data []byte
	off  int
}

var errTruncated = errors.New("truncated input")

func (r *binReader) fail(err error) error {
	return &PosError{Offset: int64(r.off), Err: err}
}

func (r *binReader) uvarint() (uint64, error) {
	v, n := binary.Uvarint(r.data[r.off:])
	if n <= 0 {
		if n == 0 {
			return 0, r.fail(errTruncated)
		}
		return 0, r.fail(errors.New("invalid varint"))
	}
	r.off += n
	return v, nil
}

func (r *binReader) bytes(n int) ([]byte, error) {
	if len(r.data)-r.off < n {
		return nil, r.fail(errTruncated)
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b, nil
}

func (r *binReader) short() ([]byte, error) {
	n, err := r.bytes(1)
	if err != nil {
		return nil, err
	}
	if n[0] > 32 {
		r.off--
		return nil, r.fail(fmt.Errorf("value length %d exceeds 32 bytes", n[0]))
	}
	return r.bytes(int(n[0]))
}

// count reads a count and checks that the rest of the input can hold it.
func (r *binReader) count(minSize int) (int, error) {
	start := r.off
	n, err := r.uvarint()
	if err != nil {
		return 0, err
	}
	if n > uint64(len(r.data)-r.off)/uint64(minSize) {
		r.off = start
		return 0, r.fail(fmt.Errorf("count %d exceeds the remaining input", n))
	}
	return int(n), nil
}

// DecodeBinary decodes the binary form without validating it (Parse
// validates). Errors carry the byte offset of the fault.
func DecodeBinary(data []byte) (*File, error) {
	r := &binReader{data: data}
	head, err := r.bytes(len(Magic) + 2)
	if err != nil {
		return nil, err
	}
	if string(head[:len(Magic)]) != Magic {
		return nil, &PosError{Err: errors.New("not a binary BAL sidecar (bad magic)")}
	}
	v := head[len(Magic)]
	if v != VersionReads && v != VersionWrites {
		return nil, &PosError{Offset: int64(len(Magic)), Err: fmt.Errorf("unsupported sidecar version %d (want %d or %d)", v, VersionReads, VersionWrites)}
	}
	f := &File{Type: int(head[len(Magic)+1]), Writes: v == VersionWrites}
	if !ValidType(f.Type) {
		return nil, &PosError{Offset: int64(len(Magic) + 1), Err: fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", f.Type)}
	}
	for r.off < len(data) {
		start := r.off
		b, err := r.block(f.Type, f.Writes)
		if err == nil {
			err = b.validate(f.Type, f.Writes)
			if err == nil && len(f.Blocks) > 0 && b.Number <= f.Blocks[len(f.Blocks)-1].Number {
				err = fmt.Errorf("entries not in strictly ascending block order (after block %d)", f.Blocks[len(f.Blocks)-1].Number)
			}
			if err != nil {
				err = &PosError{Offset: int64(start), Err: fmt.Errorf("block %d: %w", b.Number, err)}
			}
		}
		if err != nil {
			return nil, err
		}
		f.Blocks = append(f.Blocks, b)
	}
	return f, nil
}

func (r *binReader) block(typ int, writes bool) (*Block, error) {
	var (
		b   = new(Block)
		err error
	)
	if b.Number, err = r.uvarint(); err != nil {
		return nil, err
	}
	hash, err := r.bytes(common.HashLength)
	if err != nil {
		return nil, err
	}
	b.Hash = common.BytesToHash(hash)
	n, err := r.count(minAccountSize)
	if err != nil {
		return nil, err
	}
	b.Accounts = make([]*Account, n)
	for i := range b.Accounts {
		if b.Accounts[i], err = r.account(typ, writes); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (r *binReader) account(typ int, writes bool) (*Account, error) {
	a := new(Account)
	addr, err := r.bytes(common.AddressLength)
	if err != nil {
		return nil, err
	}
	a.Address = common.BytesToAddress(addr)
	flags, err := r.bytes(1)
	if err != nil {
		return nil, err
	}
	known := byte(0)
	if typ == TypeFullPrestate {
		known |= flagAbsent
	}
	if writes {
		known |= flagWritten
	}
	if flags[0]&^known != 0 {
		r.off--
		return nil, r.fail(fmt.Errorf("invalid account flags %#x", flags[0]))
	}
	a.Absent = flags[0]&flagAbsent != 0
	a.Written = flags[0]&flagWritten != 0
	if typ == TypeFullPrestate && !a.Absent {
		if a.Nonce, err = r.uvarint(); err != nil {
			return nil, err
		}
		bal, err := r.short()
		if err != nil {
			return nil, err
		}
		a.Balance = new(uint256.Int).SetBytes(bal)
		h, err := r.bytes(2 * common.HashLength)
		if err != nil {
			return nil, err
		}
		a.CodeHash = common.BytesToHash(h[:common.HashLength])
		a.StorageRoot = common.BytesToHash(h[common.HashLength:])
	}
	n, err := r.count(minSlotSize)
	if err != nil {
		return nil, err
	}
	a.Slots = make([]common.Hash, n)
	for i := range a.Slots {
		k, err := r.bytes(common.HashLength)
		if err != nil {
			return nil, err
		}
		a.Slots[i] = common.BytesToHash(k)
	}
	if typ >= TypeSlotValues {
		a.Values = make([]common.Hash, n)
		for i := range a.Values {
			v, err := r.short()
			if err != nil {
				return nil, err
			}
			a.Values[i] = common.BytesToHash(v)
		}
	}
	if writes {
		start := r.off
		bitmap, err := r.bytes((n + 7) / 8)
		if err != nil {
			return nil, err
		}
		a.SlotWritten = make([]bool, n)
		for i := range a.SlotWritten {
			a.SlotWritten[i] = bitmap[i/8]&(1<<(i%8)) != 0
		}
		if n%8 != 0 && bitmap[len(bitmap)-1]>>(n%8) != 0 {
			r.off = start + len(bitmap) - 1
			return nil, r.fail(errors.New("written-slot bitmap marks slots beyond the account's keys"))
		}
	}
	return a, nil
}
