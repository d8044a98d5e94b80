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
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/statekind"
)

// TestBlockStream checks that population.rlp is a plain concatenation of
// network-encoded blocks (what geth export writes for blocks without access
// lists) and that blockfile.Read returns them in order.
func TestBlockStream(t *testing.T) {
	cfg := testConfig(t, statekind.MPT)
	m := mustDump(t, cfg)
	file := readDumpFile(t, cfg.out, populationFileName)

	var (
		blocks []*types.Block
		again  bytes.Buffer
	)
	err := blockfile.Read(bytes.NewReader(file), func(b *types.Block) error {
		blocks = append(blocks, b)
		enc, err := rlp.EncodeToBytes(b)
		if err != nil {
			return err
		}
		again.Write(enc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), file) {
		t.Fatal("population.rlp is not a concatenation of RLP-encoded blocks")
	}
	f := m.Files[0]
	if uint64(len(blocks)) != f.LastBlock-f.FirstBlock+1 {
		t.Fatalf("%d blocks in file, manifest says %d..%d", len(blocks), f.FirstBlock, f.LastBlock)
	}
	var (
		txs int
		gas uint64
	)
	for i, b := range blocks {
		if b.NumberU64() != f.FirstBlock+uint64(i) {
			t.Fatalf("record %d is block %d", i, b.NumberU64())
		}
		if i > 0 && b.ParentHash() != blocks[i-1].Hash() {
			t.Fatalf("block %d does not extend block %d", b.NumberU64(), blocks[i-1].NumberU64())
		}
		if len(b.Transactions()) == 0 {
			t.Errorf("block %d is empty", b.NumberU64())
		}
		txs += len(b.Transactions())
		gas += b.GasUsed()
	}
	if last := blocks[len(blocks)-1]; last.Root() != f.HeadRoot || last.Hash() != f.HeadHash {
		t.Error("last block does not match the manifest head")
	}
	if txs != f.TxCount || gas != f.GasUsed {
		t.Errorf("file has %d txs and %d gas, manifest says %d and %d", txs, gas, f.TxCount, f.GasUsed)
	}

}
