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

package blockfile

import (
	"fmt"

	"github.com/ethereum/go-ethereum/core/types"
)

// Range is what a block file holds for geth import, read from the file
// itself: how bench knows the blocks of a chain that has no dumpgen
// manifest, such as one written by geth export.
type Range struct {
	First, Last uint64 // block numbers of the first and last block imported
	Blocks      int    // blocks geth import will process
	GasUsed     uint64
	TxCount     int
}

// ReadRange reads the blocks of the block file at path that geth import will
// process on top of a chain whose head is block after: like geth import, it
// skips the genesis block and blocks the chain already has. The file's blocks
// must be consecutive, and at least one must be left to import.
func ReadRange(path string, after uint64) (Range, error) {
	var (
		r    Range
		read int    // records read so far
		prev uint64 // number of the last block read
	)
	err := Scan(path, func(b *types.Block) error {
		n := b.NumberU64()
		if read > 0 && n != prev+1 {
			return fmt.Errorf("block record %d is block %d after block %d: not a consecutive chain", read+1, n, prev)
		}
		read, prev = read+1, n
		if n == 0 || n <= after {
			return nil
		}
		if r.Blocks == 0 {
			r.First = n
		}
		r.Last = n
		r.Blocks++
		r.GasUsed += b.GasUsed()
		r.TxCount += len(b.Transactions())
		return nil
	})
	if err != nil {
		return Range{}, err
	}
	if r.Blocks == 0 {
		return Range{}, fmt.Errorf("%s holds no block after block %d to import", path, after)
	}
	return r, nil
}
