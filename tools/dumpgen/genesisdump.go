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
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ethereum/go-ethereum/core/types"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statewriter"
)

// maxGenesisJSONEntries bounds the populations whose genesis.json holds the
// whole alloc: geth init reads it into memory (about 150 bytes of JSON an
// entry). A larger population placed in the genesis is written into a
// datadir by dumpgen datadir only.
const maxGenesisJSONEntries = 1 << 20

// genesisImportNote is the manifest's import note of a dump whose population
// is in the genesis.
const genesisImportNote = "the population is in the genesis state: geth init genesis.json (written for populations of up to " +
	"1048576 entries), or write the same datadir with dumpgen datadir and the manifest's trie, fork, entries, seed and " +
	"gas target; then import ONE workload file per copy of that datadir. Every workload file branches off the genesis."

// makeGenesisDump writes a dump whose population is placed in the genesis
// state (--population genesis): the workload files, generated on a datadir
// that statewriter writes, the manifest, and genesis.json with the whole
// alloc when the population is small enough for geth init.
func makeGenesisDump(cfg *config, log io.Writer) (m *dumpmanifest.Manifest, err error) {
	start := time.Now()
	if err := prepareOutDir(cfg.out, cfg.force); err != nil {
		return nil, err
	}
	chainCfg := cfg.chainConfig()
	targets, err := cfg.targets()
	if err != nil {
		return nil, err
	}
	pop, err := newPopulationPlan(chainCfg, cfg.seed, targets, cfg.gasTarget)
	if err != nil {
		return nil, err
	}
	genesis := cfg.genesis(chainCfg, pop.addrs)
	if err := mergeFixtures(genesis, cfg.fixtures); err != nil {
		return nil, err
	}
	gp, err := orderGenesisPopulation(cfg, genesis.Alloc, cfg.out, log)
	if err != nil {
		return nil, err
	}
	defer gp.close()
	genesis.Alloc = nil

	var block *types.Block
	db, err := openScratchDatadir(cfg.out, func(datadir string) error {
		src, stop := countProgress(gp.source(), cfg.entries, gp.stemCount(), log)
		defer stop()
		block, err = statewriter.Write(datadir, statewriter.Config{Genesis: genesis, Population: cfg.populationSpec()}, src)
		return err
	})
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := db.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	gen := newGeneratorOn(db, cfg.trie, genesis, block, cfg.entries, newProgress(log))
	gen.flushBlocks = cfg.flushBlocks
	fmt.Fprintf(log, "dumpgen: trie %s, fork %s, %d entries in the genesis (%d accounts, %d erc20 holders, %d slots), seed %d, gas target %d, genesis %x, written in %v\n",
		cfg.trie, cfg.forkLabel(), cfg.entries, pop.targets[kindAccount], pop.targets[kindHolder], pop.targets[kindSlot], cfg.seed, cfg.gasTarget, block.Hash(), time.Since(start).Round(time.Millisecond))

	genesisFile := ""
	if limit := cfg.genesisJSONEntries; cfg.entries <= limit || (limit == 0 && cfg.entries <= maxGenesisJSONEntries) {
		full := *genesis
		full.Alloc = gp.alloc()
		if err := writeGenesis(filepath.Join(cfg.out, genesisFileName), &full, gen); err != nil {
			return nil, err
		}
		genesisFile = genesisFileName
	}
	files, err := writeWorkloads(cfg, gen, pop, log)
	if err != nil {
		return nil, err
	}
	m = newManifest(cfg, chainCfg, genesis, gen, pop, files)
	m.Genesis = genesisFile
	m.GenesisRoot = block.Root()
	m.Import = genesisImportNote
	m.Population.Placement = dumpmanifest.PlacementGenesis
	m.Population.Fixtures = cfg.fixtureDirs()
	if gp.tail != nil {
		m.Population.Shape = shapeMainnet
		m.Population.TailContracts = gp.tail.shape.tailContracts()
		m.Population.TailSlots = gp.tail.shape.tailSlots()
	}
	if err := m.WriteFile(filepath.Join(cfg.out, dumpmanifest.FileName)); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: wrote %s (%d files), took %v\n", cfg.out, len(files), time.Since(start).Round(time.Millisecond))
	return m, nil
}

// orderGenesisPopulation orders the population of cfg placed in the genesis
// with the base alloc, its orders spilled to a temporary directory in dir
// when it is too large to sort in memory, and says so on log (minutes at
// 10^8 entries). close removes them.
func orderGenesisPopulation(cfg *config, base types.GenesisAlloc, dir string, log io.Writer) (*genesisPopulation, error) {
	fmt.Fprintf(log, "dumpgen: ordering %d entries by trie key\n", cfg.entries)
	var spill string
	if cfg.entries > spillBucketEntries {
		var err error
		if spill, err = os.MkdirTemp(dir, spillPattern); err != nil {
			return nil, err
		}
	}
	targets, err := cfg.targets()
	if err != nil {
		return nil, err
	}
	shape, err := cfg.mainnetShape()
	if err != nil {
		return nil, err
	}
	p, err := newGenesisPopulation(cfg.trie, cfg.seed, targets, shape, base, spill)
	if err != nil {
		os.RemoveAll(spill)
		return nil, err
	}
	p.spillDir = spill
	return p, nil
}
