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

package pbt

import (
	"encoding/binary"
	"errors"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// The tree embedding of EIP-8297: where accounts, storage and code live.
// The account header stem, keyed by the address, holds the basic data, the
// code hash or the EIP-7702 delegation, and the first 64 storage slots. The
// rest of an account's storage lives in the storage zone, under a bucket of
// its own; code lives in the code zone, keyed by its hash.
const (
	BasicDataLeafKey    = 0
	CodeHashLeafKey     = 1
	DelegationLeafKey   = 2
	HeaderStorageOffset = 64
	HeaderStorageSlots  = 64
	StemSubtreeWidth    = 256

	AccountZone = 0x00
	CodeZone    = 0x01
	StorageZone = 0xff

	AccountKeyLength = 1 + common.HashLength + 1
	CodeKeyLength    = 1 + common.HashLength + 1
	StorageKeyLength = 1 + 2*common.HashLength + 1

	// Offsets of the fields packed in the basic data leaf.
	BasicDataCodeSizeOffset = 4
	BasicDataNonceOffset    = 8
	BasicDataBalanceOffset  = 16

	// DelegationSize is the length of an EIP-7702 delegation indicator.
	DelegationSize = 23
)

// ErrBalanceRange is returned for a balance that does not fit the 16 bytes the
// basic data leaf gives it.
var ErrBalanceRange = errors.New("pbt: balance does not fit 128 bits")

// address32 is the EIP's Address32: the address left-padded to 32 bytes.
func address32(addr common.Address) (a [32]byte) {
	copy(a[12:], addr[:])
	return a
}

// HeaderKey returns the key of sub-index sub in the account header of addr.
func HeaderKey(addr common.Address, sub byte) []byte {
	a := address32(addr)
	h := keyHash(a[:])
	key := make([]byte, AccountKeyLength)
	key[0] = AccountZone
	copy(key[1:], h[:])
	key[AccountKeyLength-1] = sub
	return key
}

// BasicDataKey returns the key of the basic data leaf of addr.
func BasicDataKey(addr common.Address) []byte { return HeaderKey(addr, BasicDataLeafKey) }

// CodeHashKey returns the key of the code hash leaf of addr.
func CodeHashKey(addr common.Address) []byte { return HeaderKey(addr, CodeHashLeafKey) }

// DelegationKey returns the key of the EIP-7702 delegation leaf of addr.
func DelegationKey(addr common.Address) []byte { return HeaderKey(addr, DelegationLeafKey) }

// StorageSlotKey returns the key of storage slot slot (big-endian) of addr:
// in the account header for slots below HeaderStorageSlots, otherwise in the
// account's storage bucket of the storage zone.
func StorageSlotKey(addr common.Address, slot common.Hash) []byte {
	if isHeaderSlot(slot) {
		return HeaderKey(addr, HeaderStorageOffset+slot[31])
	}
	a := address32(addr)
	prefix := keyHash(a[:])

	// tree_index is slot / 256: the slot shifted right by one byte.
	var in [64]byte
	copy(in[:32], a[:])
	copy(in[33:], slot[:31])
	suffix := keyHash(in[:])

	key := make([]byte, StorageKeyLength)
	key[0] = StorageZone
	copy(key[1:], prefix[:])
	copy(key[1+common.HashLength:], suffix[:])
	key[StorageKeyLength-1] = slot[31]
	return key
}

func isHeaderSlot(slot common.Hash) bool {
	for _, b := range slot[:31] {
		if b != 0 {
			return false
		}
	}
	return slot[31] < HeaderStorageSlots
}

// CodeChunkKey returns the key of chunk number chunk of the code whose Keccak
// hash is codeHash. Code is content-addressed: contracts with the same code
// share its chunks.
func CodeChunkKey(codeHash common.Hash, chunk uint64) []byte {
	var in [64]byte
	copy(in[:32], codeHash[:])
	binary.BigEndian.PutUint64(in[56:], chunk/StemSubtreeWidth)
	h := keyHash(in[:])

	key := make([]byte, CodeKeyLength)
	key[0] = CodeZone
	copy(key[1:], h[:])
	key[CodeKeyLength-1] = byte(chunk % StemSubtreeWidth)
	return key
}

// BasicData packs an account's code size, nonce and balance into the value
// of its basic data leaf, version 0.
func BasicData(codeSize uint32, nonce uint64, balance *uint256.Int) ([32]byte, error) {
	var v [32]byte
	if balance.BitLen() > 128 {
		return v, ErrBalanceRange
	}
	binary.BigEndian.PutUint32(v[BasicDataCodeSizeOffset:], codeSize)
	binary.BigEndian.PutUint64(v[BasicDataNonceOffset:], nonce)
	b := balance.Bytes32()
	copy(v[BasicDataBalanceOffset:], b[16:])
	return v, nil
}

// IsDelegation reports whether code is an EIP-7702 delegation indicator,
// which the header holds in its delegation leaf instead of as code.
func IsDelegation(code []byte) bool {
	return len(code) == DelegationSize && code[0] == 0xef && code[1] == 0x01 && code[2] == 0x00
}

// DelegationValue returns the delegation leaf's value for indicator: the 23
// bytes followed by zeros.
func DelegationValue(indicator []byte) (v [32]byte) {
	copy(v[:], indicator)
	return v
}
