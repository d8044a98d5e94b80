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
package vm

import "github.com/ethereum/go-ethereum/common"

// codeChunkSet is the set of EIP-4762 code chunks of one account that the
// current transaction has paid witness gas for: bit i is chunk i, the code
// bytes [31i, 31i+31). It answers what the transaction's access events would
// answer for those chunks (already touched, nothing to charge) with a bit test
// instead of two map probes with a 60-byte key.
//
// The EVM keeps one set per account for the running transaction
// (EVM.txCodeChunks) and drops them all when the next transaction starts, as
// the access events themselves are replaced then. Every call frame of the
// account shares its set, so a contract called a thousand times in one
// transaction looks up each of its chunks once. Access events are never
// reverted within a transaction, so neither is the set. Not safe for
// concurrent use: an EVM runs one frame at a time.
type codeChunkSet struct {
	bits []uint64
}

// hasRange reports whether chunks first..last are all in the set.
func (s *codeChunkSet) hasRange(first, last uint64) bool {
	for i := first; i <= last; i++ {
		w := i / 64
		if w >= uint64(len(s.bits)) || s.bits[w]&(1<<(i%64)) == 0 {
			return false
		}
	}
	return true
}

// addRange adds chunks first..last to the set.
func (s *codeChunkSet) addRange(first, last uint64) {
	if need := last/64 + 1; need > uint64(len(s.bits)) {
		s.bits = append(s.bits, make([]uint64, need-uint64(len(s.bits)))...)
	}
	for i := first; i <= last; i++ {
		s.bits[i/64] |= 1 << (i % 64)
	}
}

// paidCodeChunks returns the set of the frame's account for the running
// transaction, creating it on the account's first charge in the transaction.
// The frame keeps it, so the EVM's map is consulted once per frame.
func (c *Contract) paidCodeChunks(evm *EVM) *codeChunkSet {
	if c.txCodeChunks == nil {
		if evm.txCodeChunks == nil {
			evm.txCodeChunks = make(map[common.Address]*codeChunkSet)
		}
		set := evm.txCodeChunks[c.address]
		if set == nil {
			set = new(codeChunkSet)
			evm.txCodeChunks[c.address] = set
		}
		c.txCodeChunks = set
	}
	return c.txCodeChunks
}
