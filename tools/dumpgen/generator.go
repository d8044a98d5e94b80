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
	"bufio"
	"fmt"
	"io"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/triedb"
)

// defaultChunkBlocks is the number of blocks generated per core.GenerateChain
// call. Only one chunk of blocks is held in memory; the state lives in the
// generator's database.
const defaultChunkBlocks = 64

// segment describes a run of blocks written to one RLP file.
type segment struct {
	FirstBlock uint64
	LastBlock  uint64
	HeadRoot   common.Hash
	HeadHash   common.Hash
	GasUsed    uint64
	TxCount    uint64
}

// generator builds the population chain of a dump on top of its genesis.
// A generator is single-use and not safe for concurrent use.
type generator struct {
	gasTarget   uint64
	chunkBlocks int
	progress    *progress

	db      ethdb.Database
	genesis *core.Genesis
	base    *types.Block // genesis block as committed
	head    *types.Block // last block written, genesis at first
	built   uint64       // blocks filled so far, for progress only
}

// newGenerator commits genesis into a fresh in-memory database, with the
// trie database layout core.GenerateChain uses for the chain config (hash
// scheme for MPT, path scheme for UBT).
func newGenerator(kind trieKind, genesis *core.Genesis, gasTarget uint64, prog *progress) (*generator, error) {
	db := rawdb.NewMemoryDatabase()
	tdb := triedb.NewDatabase(db, generatorTrieConfig(kind))
	block, err := genesis.Commit(db, tdb, nil)
	tdb.Close()
	if err != nil {
		return nil, fmt.Errorf("committing genesis: %w", err)
	}
	return &generator{
		gasTarget:   gasTarget,
		chunkBlocks: defaultChunkBlocks,
		progress:    prog,
		db:          db,
		genesis:     genesis,
		base:        block,
		head:        block,
	}, nil
}

// generatorTrieConfig matches the trie database core.GenerateChain opens.
func generatorTrieConfig(kind trieKind) *triedb.Config {
	if kind == trieUBT {
		return triedb.UBTDefaults
	}
	return triedb.HashDefaults
}

// genesisHash returns the hash of the genesis block the chain is built on.
func (g *generator) genesisHash() common.Hash {
	return g.base.Hash()
}

// run generates blocks until pop is finished and streams them to out, in
// chunks of chunkBlocks. Blocks without transactions, which can only trail
// the population, are not written.
func (g *generator) run(pop *population, out io.Writer) (*segment, error) {
	w := bufio.NewWriterSize(out, 1<<20)
	seg := &segment{FirstBlock: g.head.NumberU64() + 1}
	for !pop.finished() {
		n := g.nextChunk(pop)
		blocks, receipts, err := g.generateChunk(pop, n)
		if err != nil {
			return nil, err
		}
		for i, block := range blocks {
			if len(block.Transactions()) == 0 {
				if err := checkTrailingEmpty(blocks[i:]); err != nil {
					return nil, err
				}
				break
			}
			if err := checkReceipts(block, receipts[i]); err != nil {
				return nil, err
			}
			if err := writeBlock(w, block); err != nil {
				return nil, fmt.Errorf("writing block %d: %w", block.NumberU64(), err)
			}
			seg.LastBlock, seg.HeadRoot, seg.HeadHash = block.NumberU64(), block.Root(), block.Hash()
			seg.GasUsed += block.GasUsed()
			seg.TxCount += uint64(len(block.Transactions()))
			g.head = block
		}
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	g.report(pop, seg.LastBlock-seg.FirstBlock+1, true)
	return seg, nil
}

// checkTrailingEmpty fails unless all blocks are empty: only the end of the
// population may leave blocks without transactions.
func checkTrailingEmpty(blocks []*types.Block) error {
	for _, b := range blocks {
		if len(b.Transactions()) > 0 {
			return fmt.Errorf("block %d has transactions after an empty block", b.NumberU64())
		}
	}
	return nil
}

// nextChunk sizes the next GenerateChain call from the estimated remaining
// gas, so that few empty blocks are generated past the end.
func (g *generator) nextChunk(pop *population) int {
	left := (pop.remainingGas() + g.gasTarget - 1) / g.gasTarget
	return int(max(1, min(left, uint64(g.chunkBlocks))))
}

// generateChunk runs core.GenerateChain for n blocks on top of the head.
// GenerateChain panics on invalid transactions; the panic is returned as an
// error, as is any failure recorded by the population.
func (g *generator) generateChunk(pop *population, n int) (blocks []*types.Block, receipts []types.Receipts, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("block generation failed after block %d: %v", g.head.NumberU64(), r)
		}
	}()
	engine := beacon.New(ethash.NewFaker())
	fill := func(i int, gen *core.BlockGen) {
		pop.fillBlock(i, gen)
		g.built++
		g.report(pop, g.built, false)
	}
	blocks, receipts = core.GenerateChain(g.genesis.Config, g.head, engine, g.db, n, fill)
	if pop.err != nil {
		return nil, nil, fmt.Errorf("block generation failed after block %d: %w", g.head.NumberU64(), pop.err)
	}
	return blocks, receipts, nil
}

// report prints progress after made blocks; the block total is an
// estimate until final.
func (g *generator) report(pop *population, made uint64, final bool) {
	if g.progress == nil {
		return
	}
	total := made
	if !final {
		total += (pop.remainingGas() + g.gasTarget - 1) / g.gasTarget
	}
	g.progress.update(made, total, pop.created(), final)
}

// checkReceipts fails if any transaction of block did not succeed: every
// population transaction must create its entries.
func checkReceipts(block *types.Block, receipts types.Receipts) error {
	for i, r := range receipts {
		if r.Status != types.ReceiptStatusSuccessful {
			tx := block.Transactions()[i]
			return fmt.Errorf("block %d tx %d (%x) failed: gas used %d of %d", block.NumberU64(), i, tx.Hash(), r.GasUsed, tx.Gas())
		}
	}
	return nil
}
