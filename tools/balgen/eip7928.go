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
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/urfave/cli/v2"

	"statelab/core/balsidecar"
	"statelab/tools/internal/blockfile"
)

var (
	eip7928InFlag = &cli.StringFlag{
		Name:     "in",
		Usage:    "geth export file whose blocks carry EIP-7928 access lists, or with --dump an RLP stream of access lists",
		Required: true,
	}
	eip7928DumpFlag = &cli.StringFlag{
		Name:  "dump",
		Usage: "block dump whose blocks the access lists of --in belong to, one list per block above genesis, in order",
	}
	eip7928TypeFlag = &cli.StringFlag{
		Name:  "type",
		Usage: "sidecar type to write: 1 only (EIP-7928 lists carry no pre-block values)",
		Value: balsidecar.TypeKeys.String(),
	}
)

var eip7928Command = &cli.Command{
	Name:   "eip7928",
	Usage:  "write a Type-1 sidecar with write sets from EIP-7928 block access lists",
	Flags:  []cli.Flag{eip7928InFlag, eip7928DumpFlag, outFlag, eip7928TypeFlag},
	Action: eip7928Action,
}

func eip7928Action(ctx *cli.Context) error {
	if err := noArgs(ctx); err != nil {
		return err
	}
	typ, err := sidecarType(ctx, eip7928TypeFlag)
	if err != nil {
		return err
	}
	if typ != balsidecar.TypeKeys {
		return fmt.Errorf("invalid --%s %d: balgen eip7928 writes type 1 only; an EIP-7928 list holds each change's value after its transaction, not the pre-block values types 3 and 4 inject (balgen offline or online writes those)", eip7928TypeFlag.Name, typ)
	}
	in, dump := ctx.String(eip7928InFlag.Name), ctx.String(eip7928DumpFlag.Name)
	var (
		f       *balsidecar.File
		without int
	)
	if dump != "" {
		f, err = fromAccessLists(in, dump)
	} else {
		f, without, err = fromExport(in)
	}
	if err != nil {
		return err
	}
	if without > 0 {
		fmt.Fprintf(ctx.App.Writer, "balgen: %d blocks of %s carry no access list and are not listed\n", without, in)
	}
	if len(f.Blocks) == 0 {
		return fmt.Errorf("%s: no block carries an access list", in)
	}
	return writeFile(ctx.String(outFlag.Name), "", f, ctx.App.Writer)
}

// Standard access lists as input.
//
// An EIP-7928 block access list names every account and storage slot a block
// touches, which slots it changes and which accounts' balance, nonce or code it
// changes, with post-transaction values. It carries no pre-block values: a
// slot or account only read has no value in it, and a changed one only its
// values after the transactions that changed it. So it serves a Type-1
// sidecar only (with write sets), and eip7928 refuses any other --type. Two
// forms are read:
//
//   - a geth export file whose blocks carry their access list (geth export
//     writes it as an optional trailing field of each block);
//   - an RLP stream of access lists, one per block of a given dump, in the
//     dump's order (as geth encodes bal.BlockAccessList).
//
// reth-bench's BAL capture persists lists inside its own payload files, whose
// format is not documented; it is not read.

// fromExport builds a Type-1 sidecar from the access lists of an export
// file's blocks. Blocks without one are left out and counted.
func fromExport(path string) (f *balsidecar.File, without int, err error) {
	f = &balsidecar.File{Type: balsidecar.TypeKeys, Writes: true}
	err = readRLPStream(path, func(i int, s *rlp.Stream) error {
		var b blockfile.Record
		if err := s.Decode(&b); err != nil {
			return fmt.Errorf("block %d of the file: %v", i, err)
		}
		if b.Header.Number.Sign() == 0 {
			return nil
		}
		if b.AccessList == nil {
			without++
			return nil
		}
		return appendAccessList(f, b.Header, *b.AccessList)
	})
	return f, without, err
}

// fromAccessLists builds a Type-1 sidecar from an RLP stream of access lists,
// the i-th belonging to the i-th block above genesis of dump.
func fromAccessLists(path, dump string) (*balsidecar.File, error) {
	var headers []*types.Header
	if err := scanHeaders(dump, func(h *types.Header) {
		if h.Number.Sign() > 0 {
			headers = append(headers, h)
		}
	}); err != nil {
		return nil, err
	}
	f := &balsidecar.File{Type: balsidecar.TypeKeys, Writes: true}
	n := 0
	err := readRLPStream(path, func(i int, s *rlp.Stream) error {
		var list bal.BlockAccessList
		if err := s.Decode(&list); err != nil {
			return fmt.Errorf("access list %d: %v", i, err)
		}
		if i >= len(headers) {
			return fmt.Errorf("access list %d: %s has only %d blocks above genesis", i, dump, len(headers))
		}
		n++
		return appendAccessList(f, headers[i], list)
	})
	if err == nil && n != len(headers) {
		err = fmt.Errorf("%s holds %d access lists, %s %d blocks above genesis", path, n, dump, len(headers))
	}
	return f, err
}

// appendAccessList adds a block's access list as a Type-1 entry: every
// account, every slot read or changed, and as the write set the slots it
// changes and the accounts whose balance, nonce or code it changes or whose
// storage it changes.
func appendAccessList(f *balsidecar.File, h *types.Header, list bal.BlockAccessList) error {
	if n := len(f.Blocks); n > 0 && h.Number.Uint64() <= f.Blocks[n-1].Number {
		return fmt.Errorf("block %d after block %d: blocks must ascend", h.Number, f.Blocks[n-1].Number)
	}
	b := &balsidecar.Block{Number: h.Number.Uint64(), Hash: h.Hash()}
	for _, access := range list {
		written := make(map[common.Hash]bool)
		for _, change := range access.StorageChanges {
			written[common.Hash(change.Slot.Bytes32())] = true
		}
		for _, read := range access.StorageReads {
			if key := common.Hash(read.Bytes32()); !written[key] {
				written[key] = false
			}
		}
		a := &balsidecar.Account{
			Address: access.Address,
			Written: len(access.BalanceChanges)+len(access.NonceChanges)+len(access.CodeChanges)+len(access.StorageChanges) > 0,
		}
		for key := range written {
			a.Slots = append(a.Slots, key)
		}
		sort.Slice(a.Slots, func(i, j int) bool { return a.Slots[i].Cmp(a.Slots[j]) < 0 })
		a.SlotWritten = make([]bool, len(a.Slots))
		for i, key := range a.Slots {
			a.SlotWritten[i] = written[key]
		}
		b.Accounts = append(b.Accounts, a)
	}
	f.Blocks = append(f.Blocks, b)
	return nil
}

// readRLPStream calls fn for every top-level item of an RLP file (gzip if the
// name ends in .gz).
func readRLPStream(path string, fn func(int, *rlp.Stream) error) error {
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(fh); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	stream := rlp.NewStream(r, 0)
	for i := 0; ; i++ {
		if _, _, err := stream.Kind(); errors.Is(err, io.EOF) {
			return nil
		}
		if err := fn(i, stream); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}
