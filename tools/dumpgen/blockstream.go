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

package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/rlp"
)

// exportBlock mirrors the record of cmd/utils' geth export/import format: a
// block in network encoding, with the EIP-7928 access list as an optional
// trailing field. Blocks without an access list encode exactly like
// types.Block, so files stay readable by older geth releases.
type exportBlock struct {
	Header      *types.Header
	Txs         []*types.Transaction
	Uncles      []*types.Header
	Withdrawals []*types.Withdrawal  `rlp:"optional"`
	AccessList  *bal.BlockAccessList `rlp:"optional"`
}

// writeBlock appends block to an RLP block stream.
func writeBlock(w io.Writer, block *types.Block) error {
	return rlp.Encode(w, exportBlock{
		Header:      block.Header(),
		Txs:         block.Transactions(),
		Uncles:      block.Uncles(),
		Withdrawals: block.Withdrawals(),
		AccessList:  block.AccessList(),
	})
}

// readBlocks decodes an RLP block stream as geth import does and calls fn
// for every block, in file order, until the stream ends or fn fails.
func readBlocks(r io.Reader, fn func(*types.Block) error) error {
	stream := rlp.NewStream(r, 0)
	for n := 0; ; n++ {
		var rec exportBlock
		if err := stream.Decode(&rec); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("at block record %d: %w", n, err)
		}
		block := types.NewBlockWithHeader(rec.Header).WithBody(types.Body{
			Transactions: rec.Txs,
			Uncles:       rec.Uncles,
			Withdrawals:  rec.Withdrawals,
		}).WithAccessListUnsafe(rec.AccessList)
		if err := fn(block); err != nil {
			return err
		}
	}
}
