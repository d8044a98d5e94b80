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

package statewriter

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/trie/bintrie"

	"statelab/tools/internal/fsutil"
)

// Config describes the datadir Write makes.
type Config struct {
	// Genesis gives the chain config and the genesis header's fields. Its
	// Alloc must be empty: the genesis state is the source Write is given.
	// Its config's EnableUBTAtGenesis makes the state a binary trie.
	Genesis *core.Genesis

	// GroupDepth is the binary trie's group depth (1-8), recorded as geth
	// init --bintrie.groupdepth records it; zero means geth's default, 5.
	// A Merkle-Patricia datadir has none.
	GroupDepth int

	// BlockSize is the data block size of the database's tables in bytes (a
	// power of two from 1 KiB to 64 KiB), recorded as geth init
	// --db.blocksize records it; zero means pebble's 4 KiB.
	BlockSize int

	// Population describes the source, in JSON, for the datadir's
	// provenance record (ProvenanceFile); nil: none.
	Population json.RawMessage

	// Size is the datadir's expected size in bytes, or zero: Write refuses
	// to start when the file system has less room than that.
	Size uint64
}

// Defaults of Config's zero values: geth's.
const (
	DefaultGroupDepth = 5
	DefaultBlockSize  = 4 << 10
)

// partialSuffix names the directory a datadir is written in before it is
// moved to its place, and partialMark the file that says Write made it.
const (
	partialSuffix = ".partial"
	partialMark   = "STATEWRITER-PARTIAL"
)

// Write writes a datadir at dir for geth (its "geth/chaindata" database with
// its freezers) whose chain is one genesis block holding the source's state, in the path scheme: trie nodes, the flat state marked complete,
// code, the genesis block as the head, the chain config, and the group depth
// and block size records. It is what geth init writes for a genesis with
// this state, less the genesis alloc's JSON (which would be as large as
// the state) and the state history of block 0 (as a snap-synced node has
// none): geth imports blocks on it alike.
//
// dir must not exist. The datadir is written in dir+".partial", its database
// outside geth's place for it, and both are moved to their places when it is
// complete, so an interrupted write never leaves a datadir that geth opens
// half-written; a later Write removes the partial one.
func Write(dir string, cfg Config, src Source) (*types.Block, error) {
	if err := cfg.Check(dir); err != nil {
		return nil, err
	}
	tmp := dir + partialSuffix
	if err := os.RemoveAll(tmp); err != nil { // Check found Write made it
		return nil, err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, partialMark), nil, 0o644); err != nil {
		return nil, err
	}
	// The database gets its place in the datadir last: until then geth,
	// pointed at the unfinished datadir, finds no database to open.
	chaindata := filepath.Join(tmp, "chaindata"+partialSuffix)
	block, err := writeChaindata(chaindata, cfg, src)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", tmp, err)
	}
	if err := os.MkdirAll(filepath.Join(tmp, "geth"), 0o755); err != nil {
		return nil, err
	}
	if err := os.Rename(chaindata, filepath.Join(tmp, "geth", "chaindata")); err != nil {
		return nil, err
	}
	if err := writeProvenance(tmp, cfg.provenance(block)); err != nil {
		return nil, err
	}
	if err := os.Remove(filepath.Join(tmp, partialMark)); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return nil, err
	}
	return block, nil
}

// Check reports why Write would refuse to write a datadir at dir with cfg
// (an invalid config, an existing dir, a directory at dir+".partial" that
// Write did not leave, a file system without room for cfg.Size), before
// the work of producing its source starts.
func (cfg *Config) Check(dir string) error {
	if err := cfg.check(); err != nil {
		return err
	}
	if _, err := os.Lstat(dir); err == nil {
		return fmt.Errorf("datadir %s exists; the state is written into a new one", dir)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := checkPartial(dir + partialSuffix); err != nil {
		return err
	}
	return checkSpace(dir, cfg.Size)
}

// groupDepth returns the group depth the datadir records: none on MPT.
func (cfg *Config) groupDepth() int {
	switch {
	case !cfg.Genesis.IsUBT():
		return 0
	case cfg.GroupDepth == 0:
		return DefaultGroupDepth
	}
	return cfg.GroupDepth
}

// blockSize returns the block size the datadir records.
func (cfg *Config) blockSize() int {
	if cfg.BlockSize == 0 {
		return DefaultBlockSize
	}
	return cfg.BlockSize
}

// provenance returns the provenance record of the datadir written with cfg.
func (cfg *Config) provenance(genesis *types.Block) Provenance {
	population := populationJSON(cfg.Population)
	return Provenance{
		Writer:         WriterVersion,
		Population:     population,
		PopulationHash: PopulationHash(population),
		GroupDepth:     cfg.groupDepth(),
		BlockSize:      cfg.blockSize(),
		GenesisHash:    genesis.Hash(),
		StateRoot:      genesis.Root(),
	}
}

// check validates the config before anything is written.
func (cfg *Config) check() error {
	g := cfg.Genesis
	switch {
	case g == nil || g.Config == nil:
		return errors.New("no genesis chain config")
	case len(g.Alloc) > 0:
		return errors.New("the genesis has an alloc; the state is given as accounts")
	case cfg.GroupDepth != 0 && !g.IsUBT():
		return fmt.Errorf("group depth %d given for a Merkle-Patricia state (the chain config does not enable the binary trie)", cfg.GroupDepth)
	case cfg.GroupDepth < 0 || cfg.GroupDepth > bintrie.MaxGroupDepth:
		return fmt.Errorf("group depth %d is outside 1..%d", cfg.GroupDepth, bintrie.MaxGroupDepth)
	case cfg.BlockSize != 0 && (cfg.BlockSize < 1<<10 || cfg.BlockSize > 64<<10 || cfg.BlockSize&(cfg.BlockSize-1) != 0):
		return fmt.Errorf("block size %d is not a power of two from 1 KiB to 64 KiB", cfg.BlockSize)
	}
	return g.Config.CheckConfigForkOrder()
}

// SizeBound bounds the disk a written datadir of entries takes, with the
// room pebble's compactions take while it is written and the order's sort
// buckets (12 bytes an entry and trie): per entry 260 bytes on MPT and 250
// on the binary trie (ubt), measured 170 and 140 (group depth 6) at 10^7
// entries, plus 64 MiB.
func SizeBound(ubt bool, entries uint64) uint64 {
	perEntry := uint64(260)
	if ubt {
		perEntry = 250
	}
	return entries*perEntry + 64<<20
}

// checkSpace refuses a datadir of the given size that its file system has
// no room for.
func checkSpace(dir string, size uint64) error {
	if size == 0 {
		return nil
	}
	free, err := fsutil.FreeSpace(dir)
	if err != nil {
		return err
	}
	if free < size {
		return fmt.Errorf("datadir %s needs about %.1f GB and its file system has %.1f GB free", dir, float64(size)/1e9, float64(free)/1e9)
	}
	return nil
}

// checkPartial refuses a directory at tmp that Write did not leave
// unfinished there (one it did, it replaces).
func checkPartial(tmp string) error {
	if _, err := os.Lstat(tmp); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if _, err := os.Stat(filepath.Join(tmp, partialMark)); err != nil {
		return fmt.Errorf("%s exists and is not a datadir this tool left unfinished; remove it", tmp)
	}
	return nil
}

// writeChaindata writes the database at dir, then opens it as geth does to
// make its freezers.
func writeChaindata(dir string, cfg Config, src Source) (*types.Block, error) {
	st, err := openStore(dir, cfg.blockSize())
	if err != nil {
		return nil, err
	}
	block, err := writeContent(st, cfg, src)
	if cerr := st.close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return block, makeFreezers(dir, cfg.Genesis.IsUBT())
}

// writeContent writes the state, then the genesis block and the records.
func writeContent(st *store, cfg Config, src Source) (*types.Block, error) {
	var (
		db    = st.writer()
		root  common.Hash
		err   error
		state ethdb.KeyValueWriter = db // where pathdb's records go
	)
	if cfg.Genesis.IsUBT() {
		depth := cfg.groupDepth()
		root, err = writeUBT(st.writer(), db, depth, src)
		state = prefixWriter{db, rawdb.VerklePrefix}
		if err == nil {
			err = db.Put([]byte("BinTrieGroupDepth"), []byte{byte(depth)})
		}
	} else {
		root, err = writeMPT(db, src)
	}
	if err != nil {
		return nil, err
	}
	if err := markFlatStateComplete(state, root); err != nil {
		return nil, err
	}
	blockSize := cfg.blockSize()
	if err := db.Put([]byte("PebbleBlockSize"), []byte{byte(blockSize >> 24), byte(blockSize >> 16), byte(blockSize >> 8), byte(blockSize)}); err != nil {
		return nil, err
	}
	return writeGenesisBlock(db, cfg.Genesis, root)
}

// markFlatStateComplete records the flat state of root as complete, as
// pathdb's generator does when it ends: the snapshot root and a generator
// record that is done.
func markFlatStateComplete(db ethdb.KeyValueWriter, root common.Hash) error {
	generator, err := rlp.EncodeToBytes(&struct {
		Wiping                   bool // deprecated, as in pathdb's journalGenerator
		Done                     bool
		Marker                   []byte
		Accounts, Slots, Storage uint64
	}{Done: true})
	if err != nil {
		return err
	}
	if err := db.Put(rawdb.SnapshotRootKey, root[:]); err != nil {
		return err
	}
	return db.Put([]byte("SnapshotGenerator"), generator)
}

// writeGenesisBlock writes the genesis block with the state root and makes
// it the head, as core.Genesis.Commit does. Written last, after the state:
// geth takes a database without it for an empty one.
func writeGenesisBlock(db ethdb.KeyValueWriter, g *core.Genesis, root common.Hash) (*types.Block, error) {
	empty := *g
	empty.Alloc = nil
	header := empty.ToBlock().Header()
	header.Root = root
	block := types.NewBlockWithHeader(header).WithBody(*empty.ToBlock().Body())

	rawdb.WriteBlock(db, block)
	rawdb.WriteReceipts(db, block.Hash(), 0, nil)
	rawdb.WriteCanonicalHash(db, block.Hash(), 0)
	rawdb.WriteHeadBlockHash(db, block.Hash())
	rawdb.WriteHeadFastBlockHash(db, block.Hash())
	rawdb.WriteHeadHeaderHash(db, block.Hash())
	rawdb.WriteChainConfig(db, block.Hash(), g.Config)
	return block, nil
}

// makeFreezers opens the written database as geth does, read-write, which
// makes its chain freezer, and makes the state history freezer: read-only
// opens (geth db inspect, chaininfo) need both.
func makeFreezers(dir string, ubt bool) error {
	kv, err := pebble.New(dir, 16, 16, "", false)
	if err != nil {
		return err
	}
	ancient := filepath.Join(dir, "ancient")
	db, err := rawdb.Open(kv, rawdb.OpenOptions{Ancient: ancient})
	if err != nil {
		kv.Close()
		return err
	}
	defer db.Close()
	states, err := rawdb.NewStateFreezer(ancient, ubt, false)
	if err != nil {
		return err
	}
	return states.Close()
}

// prefixWriter writes under a key prefix, as rawdb.NewTable does.
type prefixWriter struct {
	db     ethdb.KeyValueWriter
	prefix []byte
}

func (w prefixWriter) Put(key, value []byte) error {
	return w.db.Put(append(append([]byte{}, w.prefix...), key...), value)
}

func (w prefixWriter) Delete(key []byte) error {
	return w.db.Delete(append(append([]byte{}, w.prefix...), key...))
}
