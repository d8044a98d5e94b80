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
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/statekind"
)

// defaultFlushBlocks is the default number of blocks between flushes of
// the generator's trie database to its disk database; every segment is
// flushed at its end too. In between, the trie database keeps the blocks'
// changes in memory as diff layers (up to 128, then it merges the oldest
// into its write buffer). A full UBT block's diff layer takes tens of MB,
// so without periodic flushes 128 of them took 8 GB at 10^6 entries.
const defaultFlushBlocks = 16

// Memory allowances of the generator's trie database: the buffer of trie
// nodes awaiting a flush (pathdb's maximum), and the clean node and state
// caches, which grow with the entries up to a cap. Every trie node the
// clean cache misses is a pebble lookup through the memtables and levels
// of the scratch database: with a 1 GB cache, such lookups were an eighth
// of the CPU at 10^7 entries (UBT). At the caps, 10^7 entries need about
// 8 GB; 10^8 entries fit in the same, their state staying on disk.
const (
	genWriteBuffer = 256 << 20

	genTrieCleanPerEntry  = 400 // bytes of clean trie node cache per entry
	genTrieCleanMin       = 256 << 20
	genTrieCleanMax       = 4 << 30
	genStateCleanPerEntry = 100
	genStateCleanMin      = 128 << 20
	genStateCleanMax      = 1 << 30
)

// cacheSizes are the clean cache sizes of the generator's trie database.
type cacheSizes struct {
	trie, state int
}

// genCaches returns the clean cache sizes for a population of entries.
func genCaches(entries uint64) cacheSizes {
	size := func(per, lo, hi uint64) int { return int(min(max(entries*per, lo), hi)) }
	return cacheSizes{
		trie:  size(genTrieCleanPerEntry, genTrieCleanMin, genTrieCleanMax),
		state: size(genStateCleanPerEntry, genStateCleanMin, genStateCleanMax),
	}
}

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
// fillBlock is called for every block; blocks are generated while
// it is not finished.
type filler interface {
	fillBlock(i int, gen blockBuilder)
	finished() bool
	blocksLeft() uint64 // blocks still needed, exact or estimated
	exact() bool        // whether blocksLeft is exact
	failure() error     // first error met in fillBlock
	counts() (reads, writes uint64)
	status() string
}

// generator builds the blocks of a dump on top of a parent block, keeping
// the state in db. It builds the blocks as core.GenerateChain does, block
// by block on a fresh state.StateDB, but keeps one path scheme trie
// database open for a whole segment, so that a block's state is committed
// into memory (a diff layer) rather than flushed to db; the trie database
// bounds its memory by flushing through its write buffer, and run flushes
// it completely before returning. A generator is not safe for concurrent
// use; branch returns an independent generator sharing nothing mutable.
type generator struct {
	genesis     *core.Genesis
	kind        statekind.Trie
	caches      cacheSizes
	flushBlocks int // blocks between full flushes, 0 for none
	progress    *progress

	db   ethdb.Database
	base *types.Block // genesis block as committed
	head *types.Block // parent of the next block
}

// newGenerator commits genesis into db with the trie database layout
// the generator's trie database uses (generatorTrieConfig), with clean
// caches sized for entries.
func newGenerator(db ethdb.Database, kind statekind.Trie, genesis *core.Genesis, entries uint64, prog *progress) (*generator, error) {
	caches := genCaches(entries)
	tdb := triedb.NewDatabase(db, generatorTrieConfig(kind, caches))
	block, err := genesis.Commit(db, tdb, nil)
	tdb.Close()
	if err != nil {
		return nil, fmt.Errorf("committing genesis: %w", err)
	}
	return &generator{genesis: genesis, kind: kind, caches: caches, flushBlocks: defaultFlushBlocks, progress: prog, db: db, base: block, head: block}, nil
}

// generatorTrieConfig returns the configuration of the generator's trie
// database: the path scheme for both tries (the state root does not depend
// on the scheme) with larger caches than the defaults.
func generatorTrieConfig(kind statekind.Trie, caches cacheSizes) *triedb.Config {
	pcfg := *pathdb.Defaults
	pcfg.WriteBufferSize = genWriteBuffer
	pcfg.TrieCleanSize = caches.trie
	pcfg.StateCleanSize = caches.state
	if kind == statekind.UBT {
		return &triedb.Config{IsUBT: true, BinTrieGroupDepth: triedb.DefaultBinTrieGroupDepth, PathDB: &pcfg}
	}
	return &triedb.Config{PathDB: &pcfg}
}

// newGeneratorOn returns a generator on a database that holds the genesis
// block and its state already, as head: a datadir statewriter wrote.
func newGeneratorOn(db ethdb.Database, kind statekind.Trie, genesis *core.Genesis, block *types.Block, entries uint64, prog *progress) *generator {
	return &generator{genesis: genesis, kind: kind, caches: genCaches(entries), flushBlocks: defaultFlushBlocks, progress: prog, db: db, base: block, head: block}
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

// run generates blocks until f is finished and streams them to out. Every
// block must carry transactions. The state of the last block is flushed to
// the database before run returns, also on failure.
func (g *generator) run(f filler, out io.Writer) (seg *segment, err error) {
	w := bufio.NewWriterSize(out, 1<<20)
	seg = &segment{FirstBlock: g.head.NumberU64() + 1, ParentHash: g.head.Hash()}
	tdb := triedb.NewDatabase(g.db, generatorTrieConfig(g.kind, g.caches))
	defer func() {
		if cerr := tdb.Close(); err == nil && cerr != nil {
			seg, err = nil, cerr
		}
	}()
	dirty := false // whether the head's state is in memory only
	flush := func() error {
		if !dirty {
			return nil
		}
		dirty = false
		if err := tdb.Commit(g.head.Root(), false); err != nil {
			return fmt.Errorf("flushing state of block %d: %w", g.head.NumberU64(), err)
		}
		return nil
	}
	sdb := state.NewDatabase(tdb, nil)
	chain := newChainReader(g.genesis.Config, beacon.New(ethash.NewFaker()), g.head.Header())
	var made uint64
	for !f.finished() {
		block, receipts, err := g.generateBlock(f, chain, sdb, int(made))
		if err != nil {
			return nil, err
		}
		made++
		if len(block.Transactions()) == 0 {
			return nil, fmt.Errorf("internal error: block %d has no transactions", block.NumberU64())
		}
		check := checkReceipts
		if c, ok := f.(blockChecker); ok {
			check = c.checkBlock
		}
		if err := check(block, receipts); err != nil {
			return nil, err
		}
		if err := blockfile.Write(w, block); err != nil {
			return nil, fmt.Errorf("writing block %d: %w", block.NumberU64(), err)
		}
		seg.LastBlock, seg.HeadRoot, seg.HeadHash = block.NumberU64(), block.Root(), block.Hash()
		seg.GasUsed += block.GasUsed()
		seg.TxCount += uint64(len(block.Transactions()))
		g.head, dirty = block, true
		chain.add(block.Header())
		if g.flushBlocks > 0 && made%uint64(g.flushBlocks) == 0 {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		g.report(f, made, false)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	seg.SlotReads, seg.SlotWrites = f.counts()
	g.report(f, made, true)
	return seg, nil
}

// generateBlock builds the next block on top of the head with f and
// commits its state into the trie database of sdb.
func (g *generator) generateBlock(f filler, chain *chainReader, sdb state.Database, i int) (*types.Block, types.Receipts, error) {
	statedb, err := state.New(g.head.Root(), sdb)
	if err != nil {
		return nil, nil, fmt.Errorf("opening state of block %d: %w", g.head.NumberU64(), err)
	}
	gen := newBlockGen(chain, g.head, statedb)
	f.fillBlock(i, gen)
	if err := f.failure(); err != nil {
		return nil, nil, fmt.Errorf("block generation failed after block %d: %w", g.head.NumberU64(), err)
	}
	block, err := gen.finish()
	if err != nil {
		return nil, nil, fmt.Errorf("block generation failed after block %d: %w", g.head.NumberU64(), err)
	}
	header := block.Header()
	rules := g.genesis.Config.Rules(header.Number, header.Difficulty.Sign() == 0, header.Time)
	root, err := statedb.Commit(rules, header.Number.Uint64())
	if err != nil {
		return nil, nil, fmt.Errorf("committing state of block %d: %w", header.Number, err)
	}
	if root != block.Root() {
		return nil, nil, fmt.Errorf("internal error: block %d committed root %x, header root %x", header.Number, root, block.Root())
	}
	return block, gen.receipts, nil
}

// report prints progress after made blocks.
func (g *generator) report(f filler, made uint64, final bool) {
	if g.progress != nil {
		g.progress.update(made, made+f.blocksLeft(), f.status(), final)
	}
}

// blockChecker is a filler that checks its blocks itself, instead of
// checkReceipts.
type blockChecker interface {
	checkBlock(block *types.Block, receipts types.Receipts) error
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
