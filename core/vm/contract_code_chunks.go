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

// codeChunkSize is the number of code bytes in one EIP-4762 code chunk.
const codeChunkSize = 31

// Under EIP-4762 every instruction charges witness gas for the code chunk it
// sits in, and every PUSH for the chunks of its immediate data. The charge
// is a lookup of (address, tree index, sub-index) in the transaction's
// access events, which costs two map probes with a 60-byte key, and is zero
// for every chunk already touched in the transaction: access events only
// ever gain entries while a transaction runs. A frame therefore remembers
// the last chunk it has paid for, and skips the lookup while execution
// stays inside it, which is the common case (a chunk holds 10-30
// instructions). The gas charged is unchanged.
//
// The cache lives in the Contract, so it belongs to one call frame of one
// transaction and needs no locking or invalidation. Behind it, the chunks
// the transaction has paid for are shared by every frame of the account
// (code_chunk_set.go).

// codeChunkRange returns the first and last code chunk that
// AccessEvents.CodeChunksRangeGas touches for size bytes of code from start,
// and false when the range is empty or starts at or past the end of the
// code, where that function has special cases the cache does not model.
func (c *Contract) codeChunkRange(start, size uint64) (first, last uint64, ok bool) {
	codeLen := uint64(len(c.Code))
	if size == 0 || start >= codeLen {
		return 0, 0, false
	}
	end := codeLen - 1
	if size <= end-start {
		end = start + size - 1
	}
	return start / codeChunkSize, end / codeChunkSize, true
}

// codeRangeWarm reports whether size bytes of code from start lie in chunks
// the transaction has already been charged for, so that charging them again
// would cost nothing: the chunk this frame is in, or chunks any frame of the
// same account paid for earlier in the transaction.
func (c *Contract) codeRangeWarm(evm *EVM, start, size uint64) bool {
	first, last, ok := c.codeChunkRange(start, size)
	if !ok {
		return false
	}
	if first == last && c.warmCodeChunk == first+1 {
		return true
	}
	return c.paidCodeChunks(evm).hasRange(first, last)
}

// markCodeRangeWarm records that the chunks of size bytes of code from start
// have been charged in full: the last of them becomes the frame's warm chunk,
// and all of them join the account's chunks paid for in the transaction.
func (c *Contract) markCodeRangeWarm(evm *EVM, start, size uint64) {
	if first, last, ok := c.codeChunkRange(start, size); ok {
		c.warmCodeChunk = last + 1
		c.paidCodeChunks(evm).addRange(first, last)
	}
}
