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

// Package blockfile reads and writes RLP block files as geth export writes them
// and geth import reads them: one record per block, in file order, the file
// gzip-compressed when its name ends in .gz. It is the one encoding of a block
// file for statelab's generators and readers (dumpgen, chaingen and
// fixturechain through chainfile, balgen, and bench, which reads the range of
// blocks a file holds from it).
//
// The record mirrors cmd/utils' exportBlock, which upstream does not export
// (its ExportChain writes from a *core.BlockChain, not from blocks in memory): a
// block in network encoding with the EIP-7928 access list as an optional
// trailing field. A block without an access list encodes exactly as
// types.Block, so files stay readable by older geth releases.
package blockfile

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/rlp"
)

// Record is one block of a block file.
type Record struct {
	Header      *types.Header
	Txs         []*types.Transaction
	Uncles      []*types.Header
	Withdrawals []*types.Withdrawal  `rlp:"optional"`
	AccessList  *bal.BlockAccessList `rlp:"optional"`
}

// NewRecord returns the record of block.
func NewRecord(block *types.Block) Record {
	return Record{
		Header:      block.Header(),
		Txs:         block.Transactions(),
		Uncles:      block.Uncles(),
		Withdrawals: block.Withdrawals(),
		AccessList:  block.AccessList(),
	}
}

// Block returns the block of the record, as geth import builds it.
func (r *Record) Block() *types.Block {
	return types.NewBlockWithHeader(r.Header).WithBody(types.Body{
		Transactions: r.Txs,
		Uncles:       r.Uncles,
		Withdrawals:  r.Withdrawals,
	}).WithAccessListUnsafe(r.AccessList)
}

// Write appends block to a block file.
func Write(w io.Writer, block *types.Block) error {
	return rlp.Encode(w, NewRecord(block))
}

// Read decodes a block file and calls fn for every block, in file order, until
// the file ends or fn fails. A record that does not decode is an error naming
// its position (the first record is 1).
func Read(r io.Reader, fn func(*types.Block) error) error {
	stream := rlp.NewStream(r, 0)
	for n := 1; ; n++ {
		var rec Record
		if err := stream.Decode(&rec); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("block record %d: %w", n, err)
		}
		if err := fn(rec.Block()); err != nil {
			return err
		}
	}
}

// isGzip reports whether the block file at path is gzip-compressed: whether
// its name ends in .gz, as geth export and import decide it.
func isGzip(path string) bool {
	return strings.HasSuffix(path, ".gz")
}

// WriteFile writes blocks to a new block file at path, replacing any file
// there, gzip-compressed if the name ends in .gz.
func WriteFile(path string, blocks []*types.Block) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeBlocks(fh, path, blocks); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// writeBlocks writes blocks to the file fh at path, compressing them if the
// name asks for it.
func writeBlocks(fh *os.File, path string, blocks []*types.Block) error {
	w := bufio.NewWriter(fh)
	var out io.Writer = w
	var gz *gzip.Writer
	if isGzip(path) {
		gz = gzip.NewWriter(w)
		out = gz
	}
	for _, b := range blocks {
		if err := Write(out, b); err != nil {
			return fmt.Errorf("%s: block %d: %v", path, b.NumberU64(), err)
		}
	}
	if gz != nil {
		if err := gz.Close(); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	return w.Flush()
}

// Scan decodes the block file at path, gunzipping it if the name ends in .gz,
// and calls fn for every block, in file order, until the file ends or fn
// fails. Errors, fn's included, name the file.
func Scan(path string, fn func(*types.Block) error) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	var r io.Reader = bufio.NewReaderSize(fh, 1<<20)
	if isGzip(path) {
		gz, err := gzip.NewReader(r)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		defer gz.Close()
		r = gz
	}
	if err := Read(r, fn); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// ReadFile reads every block of the block file at path, gunzipping it if the
// name ends in .gz. Errors name the file.
func ReadFile(path string) ([]*types.Block, error) {
	var blocks []*types.Block
	err := Scan(path, func(b *types.Block) error {
		blocks = append(blocks, b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return blocks, nil
}
