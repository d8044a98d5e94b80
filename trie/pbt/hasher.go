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
	"github.com/ethereum/go-ethereum/common"
	"github.com/zeebo/blake3"
)

// The EIP leaves the hash function open; its reference implementation and
// test vectors use BLAKE3, for tree nodes and key derivation alike.

const (
	leafTag   = 0x00 // LEAF_TAG, first byte of a leaf's hash preimage
	branchTag = 0x01 // BRANCH_TAG, first byte of a branch's hash preimage
)

// preimageSize fits the preimage of every node whose keys are the EIP's
// embedding (at most StorageKeyLength bytes): a leaf takes 1+66+32 bytes, a
// branch 1+2+66+32+32. Longer keys fall back to the heap.
const preimageSize = 1 + 2 + StorageKeyLength + 2*common.HashLength

// keyHash is the EIP's key_hash.
func keyHash(data []byte) [32]byte {
	return blake3.Sum256(data)
}

// leafHash is H(LEAF_TAG || key || value).
func leafHash(key, value []byte) common.Hash {
	var buf [preimageSize]byte
	b := append(buf[:0], leafTag)
	b = append(b, key...)
	b = append(b, value...)
	return common.Hash(blake3.Sum256(b))
}

// branchHash is H(BRANCH_TAG || encode_bit_prefix(prefix) || left || right),
// where the prefix is the bits [start, end) of key.
func branchHash(key []byte, start, end int, left, right common.Hash) common.Hash {
	var buf [preimageSize]byte
	b := append(buf[:0], branchTag)
	b = appendBitPrefix(b, key, start, end)
	b = append(b, left[:]...)
	b = append(b, right[:]...)
	return common.Hash(blake3.Sum256(b))
}
