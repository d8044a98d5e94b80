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
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/triedb"
)

// defaultChunkBlocks is the largest number of blocks generated per
// core.GenerateChain call. Only one chunk of blocks is held in memory; the
// state lives in the generator's database, flushed after every block.
const defaultChunkBlocks = 64

// segment describes a run of blocks written to one RLP file.
type segment struct {
	FirstBlock uint64
	LastBlock  uint64
	ParentHash common.Hash
	HeadRoot   common.Hash
	HeadHash   common.Hash
	GasUsed    uint64
	TxCount    uint64
	SlotReads  uint64
	SlotWrites uint64
}

// filler decides the transactions of the blocks of one segment. Its
// fillBlock is the core.GenerateChain callback; blocks are generated while
// it is not finished.
type filler interface {
	fillBlock(i int, gen *core.BlockGen)
	finished() bool
	blocksLeft() uint64 // blocks still needed, exact or estimated
	exact() bool        // whether blocksLeft is exact
	failure() error     // first error met in fillBlock
	counts() (reads, writes uint64)
	status() string
}

// generator builds the blocks of a dump on top of a parent block, keeping
// the state in db. GenerateChain opens the trie database of the chain
// config on db (path scheme for UBT, hash scheme for MPT) and commits every
// block's state to db, so memory stays bounded by one chunk of blocks plus
// the trie caches. A generator is not safe for concurrent use; branch
// returns an independent generator sharing nothing mutable.
type generator struct {
	genesis     *core.Genesis
	chunkBlocks int
	progress    *progress

	db   ethdb.Database
	base *types.Block // genesis block as committed
	head *types.Block // parent of the next block
}

// newGenerator commits genesis into db with the trie database layout
// core.GenerateChain uses for the chain config.
func newGenerator(db ethdb.Database, kind trieKind, genesis *core.Genesis, prog *progress) (*generator, error) {
	tdb := triedb.NewDatabase(db, generatorTrieConfig(kind))
	block, err := genesis.Commit(db, tdb, nil)
	tdb.Close()
	if err != nil {
		return nil, fmt.Errorf("committing genesis: %w", err)
	}
	return &generator{genesis: genesis, chunkBlocks: defaultChunkBlocks, progress: prog, db: db, base: block, head: block}, nil
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

// branch returns a generator continuing from the current head on a
// copy-on-write overlay of the database: what it generates leaves this
// generator's state untouched. The overlay is dropped with the branch.
func (g *generator) branch() *generator {
	b := *g
	b.db = newOverlayDB(g.db)
	return &b
}

// run generates blocks until f is finished and streams them to out, in
// chunks of at most chunkBlocks. Every block must carry transactions.
func (g *generator) run(f filler, out io.Writer) (*segment, error) {
	w := bufio.NewWriterSize(out, 1<<20)
	seg := &segment{FirstBlock: g.head.NumberU64() + 1, ParentHash: g.head.Hash()}
	var made uint64
	for !f.finished() {
		blocks, receipts, err := g.generateChunk(f, g.nextChunk(f, made), &made)
		if err != nil {
			return nil, err
		}
		for i, block := range blocks {
			// An empty block means a chunk went past the end of the
			// segment, and its state past the segment's head.
			if len(block.Transactions()) == 0 {
				return nil, fmt.Errorf("internal error: block %d generated past the end of the segment", block.NumberU64())
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
	seg.SlotReads, seg.SlotWrites = f.counts()
	g.report(f, made, true)
	return seg, nil
}

// nextChunk sizes the next GenerateChain call so that no block is generated
// past the end: exact fillers get what they need, estimated ones one block
// while the estimate is unlearnt and half the estimate after.
func (g *generator) nextChunk(f filler, made uint64) int {
	left := f.blocksLeft()
	if !f.exact() {
		if made == 0 {
			left = 1
		} else {
			left /= 2
		}
	}
	return int(max(1, min(left, uint64(g.chunkBlocks))))
}

// generateChunk runs core.GenerateChain for n blocks on top of the head.
// GenerateChain panics on invalid transactions; the panic is returned as an
// error, as is any failure recorded by the filler.
func (g *generator) generateChunk(f filler, n int, made *uint64) (blocks []*types.Block, receipts []types.Receipts, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("block generation failed after block %d: %v", g.head.NumberU64(), r)
		}
	}()
	engine := beacon.New(ethash.NewFaker())
	fill := func(i int, gen *core.BlockGen) {
		f.fillBlock(i, gen)
		*made++
		g.report(f, *made, false)
	}
	blocks, receipts = core.GenerateChain(g.genesis.Config, g.head, engine, g.db, n, fill)
	if err := f.failure(); err != nil {
		return nil, nil, fmt.Errorf("block generation failed after block %d: %w", g.head.NumberU64(), err)
	}
	return blocks, receipts, nil
}

// report prints progress after made blocks.
func (g *generator) report(f filler, made uint64, final bool) {
	if g.progress != nil {
		g.progress.update(made, made+f.blocksLeft(), f.status(), final)
	}
}

// checkReceipts fails if any transaction of block did not succeed: every
// transaction of a dump must do its work.
func checkReceipts(block *types.Block, receipts types.Receipts) error {
	for i, r := range receipts {
		if r.Status != types.ReceiptStatusSuccessful {
			tx := block.Transactions()[i]
			return fmt.Errorf("block %d tx %d (%x) failed: gas used %d of %d", block.NumberU64(), i, tx.Hash(), r.GasUsed, tx.Gas())
		}
	}
	return nil
}
