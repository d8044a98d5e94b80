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

// Package blockfile reads what an RLP block file holds, as geth import will
// process it: the range of blocks, their gas and transactions. It describes
// a chain given as block files (a geth export, which has no dumpgen
// manifest) as a dump's manifest, so that bench runs it as it runs dumpgen's
// dumps.
package blockfile

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"
)

// Range is what a block file holds, read from the file itself: how
// bench knows the blocks of a chain that has no dumpgen manifest, such as
// one written by geth export.
type Range struct {
	First, Last uint64 // block numbers of the first and last block imported
	Blocks      int    // blocks geth import will process
	GasUsed     uint64
	TxCount     int
}

// exportRecord is a block of geth's export format (cmd/utils exportBlock):
// the header is decoded, the body and the optional trailing fields are not.
type exportRecord struct {
	Header *types.Header
	Rest   []rlp.RawValue `rlp:"tail"`
}

// ReadRange reads the blocks of an RLP block file (gzip-compressed if
// its name ends in .gz, as geth import reads it) that geth import will
// process on top of a chain whose head is block after: like geth import,
// it skips the genesis block and blocks the chain already has. Blocks must
// be consecutive.
func ReadRange(path string, after uint64) (Range, error) {
	var br Range
	f, err := os.Open(path)
	if err != nil {
		return br, err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 1<<20)
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(r); err != nil {
			return br, fmt.Errorf("%s: %v", path, err)
		}
	}
	stream := rlp.NewStream(r, 0)
	var prev uint64
	for i := 0; ; i++ {
		var rec exportRecord
		if err := stream.Decode(&rec); err == io.EOF {
			break
		} else if err != nil {
			return br, fmt.Errorf("%s: block record %d: %v", path, i, err)
		}
		if rec.Header == nil || rec.Header.Number == nil {
			return br, fmt.Errorf("%s: block record %d has no header", path, i)
		}
		n := rec.Header.Number.Uint64()
		if i > 0 && n != prev+1 {
			return br, fmt.Errorf("%s: block record %d is block %d after block %d: not a consecutive chain", path, i, n, prev)
		}
		prev = n
		if n == 0 || n <= after {
			continue
		}
		if br.Blocks == 0 {
			br.First = n
		}
		br.Last = n
		br.Blocks++
		br.GasUsed += rec.Header.GasUsed
		if len(rec.Rest) > 0 {
			var txs []rlp.RawValue
			if err := rlp.DecodeBytes(rec.Rest[0], &txs); err == nil {
				br.TxCount += len(txs)
			}
		}
	}
	if br.Blocks == 0 {
		return br, fmt.Errorf("%s holds no block after block %d to import", path, after)
	}
	return br, nil
}
