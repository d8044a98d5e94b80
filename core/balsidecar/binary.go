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
	"errors"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/holiman/uint256"
)

// The binary form, for long ranges: Magic, the version byte (3), then an RLP
// stream of a header and one item per block, to the end of the file, so that
// a writer can stream a range block by block and a reader decode it as it
// reads:
//
//	file    = "GBALSC" 03 header block*
//	header  = [type, writes]
//	block   = [number, hash, [account*]]
//	account = [address, written, [key*], values, writtenKeys, absent, nonce, balance, codeHash, storageRoot]
//
// The fields after the keys are optional, as RLP's optional struct fields are:
// omitted from the first one that is zero with all those after it. values
// (Type 3 and 4) lists one value per key, as RLP integers (trimmed
// big-endian). writtenKeys (files with write sets) is a bitmap of
// ceil(keys/8) bytes, bit i%8 of byte i/8 marking key i written. absent,
// nonce, balance, codeHash and storageRoot are Type 4's pre-block account
// values.
//
// Versions 1 and 2 of the binary form were a hand-written layout (uvarints
// and length-prefixed values); they are refused with a message that says how
// to convert them.

// Magic starts every binary sidecar.
const Magic = "GBALSC"

// VersionBinary is the version byte of the binary form this package reads
// and writes.
const VersionBinary = 3

// binaryHeader is the first item of the RLP stream.
type binaryHeader struct {
	Type   Type
	Writes bool // entries carry write sets
}

// binaryBlock is a block entry.
type binaryBlock struct {
	Number   uint64
	Hash     common.Hash
	Accounts []*binaryAccount
}

// binaryAccount is an account of a block entry.
type binaryAccount struct {
	Address     common.Address
	Written     bool
	Slots       []common.Hash
	Values      []uint256.Int `rlp:"optional"`
	WrittenKeys []byte        `rlp:"optional"`
	Absent      bool          `rlp:"optional"`
	Nonce       uint64        `rlp:"optional"`
	Balance     *uint256.Int  `rlp:"optional"`
	CodeHash    common.Hash   `rlp:"optional"`
	StorageRoot common.Hash   `rlp:"optional"`
}

// newBinaryBlock returns the binary form of b in a file of the given type.
func newBinaryBlock(b *Block, typ Type, writes bool) *binaryBlock {
	bb := &binaryBlock{Number: b.Number, Hash: b.Hash, Accounts: make([]*binaryAccount, len(b.Accounts))}
	for i, a := range b.Accounts {
		ba := &binaryAccount{Address: a.Address, Slots: a.Slots}
		if typ >= TypeSlotValues && len(a.Values) > 0 {
			ba.Values = make([]uint256.Int, len(a.Values))
			for j := range a.Values {
				ba.Values[j].SetBytes32(a.Values[j][:])
			}
		}
		if writes {
			ba.Written = a.Written
			if len(a.Slots) > 0 {
				ba.WrittenKeys = make([]byte, (len(a.Slots)+7)/8)
				for j, w := range a.SlotWritten {
					if w {
						ba.WrittenKeys[j/8] |= 1 << (j % 8)
					}
				}
			}
		}
		if typ == TypeFullPrestate {
			ba.Absent = a.Absent
			if !a.Absent {
				ba.Nonce, ba.Balance, ba.CodeHash, ba.StorageRoot = a.Nonce, a.Balance, a.CodeHash, a.StorageRoot
			}
		}
		bb.Accounts[i] = ba
	}
	return bb
}

// block converts a decoded block entry.
func (bb *binaryBlock) block(writes bool) (*Block, error) {
	b := &Block{Number: bb.Number, Hash: bb.Hash, Accounts: make([]*Account, len(bb.Accounts))}
	for i, ba := range bb.Accounts {
		a := &Account{
			Address:     ba.Address,
			Absent:      ba.Absent,
			Nonce:       ba.Nonce,
			Balance:     ba.Balance,
			CodeHash:    ba.CodeHash,
			StorageRoot: ba.StorageRoot,
			Slots:       ba.Slots,
			Written:     ba.Written,
		}
		if len(ba.Values) > 0 {
			a.Values = make([]common.Hash, len(ba.Values))
			for j := range ba.Values {
				a.Values[j] = ba.Values[j].Bytes32()
			}
		}
		if writes {
			marks, err := unpackWrittenKeys(ba.WrittenKeys, len(ba.Slots))
			if err != nil {
				return nil, fmt.Errorf("account %s: %w", ba.Address.Hex(), err)
			}
			a.SlotWritten = marks
		} else if len(ba.WrittenKeys) > 0 {
			return nil, fmt.Errorf("account %s: write set in a file without write sets", ba.Address.Hex())
		}
		b.Accounts[i] = a
	}
	return b, nil
}

// unpackWrittenKeys turns the bitmap of written keys of an account with n keys
// into marks.
func unpackWrittenKeys(bitmap []byte, n int) ([]bool, error) {
	if len(bitmap) != (n+7)/8 {
		return nil, fmt.Errorf("written-key bitmap of %d bytes for %d keys (want %d)", len(bitmap), n, (n+7)/8)
	}
	if n%8 != 0 && bitmap[len(bitmap)-1]>>(n%8) != 0 {
		return nil, errors.New("written-key bitmap marks keys beyond the account's keys")
	}
	marks := make([]bool, n)
	for i := range marks {
		marks[i] = bitmap[i/8]&(1<<(i%8)) != 0
	}
	return marks, nil
}

// writeBinaryHeader writes the start of a file up to its first block entry.
func writeBinaryHeader(w io.Writer, typ Type, writes bool) error {
	if _, err := io.WriteString(w, Magic+string([]byte{VersionBinary})); err != nil {
		return err
	}
	return rlp.Encode(w, &binaryHeader{Type: typ, Writes: writes})
}

// countingReader counts the bytes read through it, for error offsets. It is
// a ByteReader, so that rlp.Stream reads through it without a buffer of its
// own.
type countingReader struct {
	r interface {
		io.Reader
		io.ByteReader
	}
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// errLegacyBinary refuses the hand-written binary layout of versions 1 and 2.
var errLegacyBinary = errors.New("no longer read; convert it with an older balgen or regenerate it")

// decodeBinary decodes the binary form of size bytes from r, entry by entry,
// checking each. Errors carry the byte offset of the entry at fault and its
// index, and name its block where its number can be read.
func decodeBinary(r interface {
	io.Reader
	io.ByteReader
}, size int64) (*File, error) {
	cr := &countingReader{r: r}
	head := make([]byte, len(Magic)+1)
	if _, err := io.ReadFull(cr, head); err != nil {
		return nil, &PosError{Offset: cr.n, Err: errTruncated}
	}
	if string(head[:len(Magic)]) != Magic {
		return nil, &PosError{Err: errors.New("not a binary BAL sidecar (bad magic)")}
	}
	switch v := head[len(Magic)]; v {
	case VersionBinary:
	case 1, 2:
		return nil, fmt.Errorf("binary BAL sidecar format version %d is %w", v, errLegacyBinary)
	default:
		return nil, &PosError{Offset: int64(len(Magic)), Err: fmt.Errorf("unsupported binary sidecar version %d (want %d)", v, VersionBinary)}
	}
	stream := rlp.NewStream(cr, uint64(max(size-cr.n, 1)))
	var h binaryHeader
	if err := stream.Decode(&h); errors.Is(err, io.EOF) {
		return nil, &PosError{Offset: int64(len(head)), Err: fmt.Errorf("header: %w", errTruncated)}
	} else if err != nil {
		return nil, &PosError{Offset: int64(len(head)), Err: fmt.Errorf("header: %w", rlpError(err))}
	}
	if !h.Type.Valid() {
		return nil, &PosError{Offset: int64(len(head)), Err: fmt.Errorf("unsupported sidecar type %d (want 1, 3 or 4)", h.Type)}
	}
	f := &File{Type: h.Type, Writes: h.Writes}
	for {
		start := cr.n
		raw, err := stream.Raw()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		if err != nil {
			return nil, &PosError{Offset: start, Err: fmt.Errorf("blocks[%d]: %w", len(f.Blocks), rlpError(err))}
		}
		b, err := f.decodeBinaryBlock(raw)
		if err != nil {
			return nil, &PosError{Offset: start, Err: fmt.Errorf("blocks[%d]: %w", len(f.Blocks), err)}
		}
		f.Blocks = append(f.Blocks, b)
	}
}

// decodeBinaryBlock decodes and checks the next block entry of f. Errors name
// the block if its number could be read.
func (f *File) decodeBinaryBlock(raw []byte) (*Block, error) {
	var bb binaryBlock
	err := rlp.DecodeBytes(raw, &bb)
	var b *Block
	if err == nil {
		b, err = bb.block(f.Writes)
	}
	if err == nil {
		err = f.checkNext(b)
	}
	if err != nil {
		var head struct {
			Number uint64
			Rest   []rlp.RawValue `rlp:"tail"`
		}
		if rlp.DecodeBytes(raw, &head) == nil {
			return nil, fmt.Errorf("block %d: %w", head.Number, rlpError(err))
		}
		return nil, rlpError(err)
	}
	return b, nil
}

var errTruncated = errors.New("truncated input")

// rlpError names truncation plainly: a value that runs past the end of the
// input is a truncated file.
func rlpError(err error) error {
	if errors.Is(err, rlp.ErrValueTooLarge) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w (%v)", errTruncated, err)
	}
	return err
}
