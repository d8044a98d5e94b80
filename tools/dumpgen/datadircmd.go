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
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
	"statelab/tools/internal/statewriter"
)

var (
	groupDepthFlag = &cli.IntFlag{
		Name:        "bintrie.groupdepth",
		Usage:       "group depth of the binary trie's stored nodes (1-8), as geth init --bintrie.groupdepth",
		DefaultText: fmt.Sprint(statewriter.DefaultGroupDepth),
		Category:    outputCategory,
	}
	blockSizeFlag = &cli.IntFlag{
		Name:        "db.blocksize",
		Usage:       "data block size of the database's tables in bytes, as geth init --db.blocksize",
		DefaultText: fmt.Sprint(statewriter.DefaultBlockSize),
		Category:    outputCategory,
	}
)

const datadirDescription = `Writes a geth datadir at DIR whose genesis state holds the population:
the entries dumpgen's population blocks would create, with the same keys and
values, written straight into the database (trie nodes, flat state, code,
the genesis block as head) in minutes rather than imported block by block.
geth opens it as a datadir it initialised and imports blocks onto it.

DIR must not exist. The datadir is written in DIR.partial and moved to DIR
when complete; DIR/statewriter.json records the writer and the population.`

// datadirCommand is "dumpgen datadir": the population written straight into
// a datadir.
func datadirCommand(log io.Writer) *cli.Command {
	return &cli.Command{
		Name:        "datadir",
		Usage:       "write the population straight into a new geth datadir, in its genesis state",
		UsageText:   "dumpgen datadir --trie ubt|mpt --entries N --out DIR [--fork amsterdam] [--seed S] [--gas-target G]\n   [--bintrie.groupdepth D] [--db.blocksize B]",
		Description: datadirDescription,
		Flags:       []cli.Flag{trieFlag, forkFlag, entriesFlag, seedFlag, gasTargetFlag, shapeFlag, fixtureFlag, groupDepthFlag, blockSizeFlag, outFlag},
		Action: func(ctx *cli.Context) error {
			cfg, err := chainFromFlags(ctx)
			if err != nil {
				return err
			}
			depth, blockSize := ctx.Int(groupDepthFlag.Name), ctx.Int(blockSizeFlag.Name)
			if ctx.IsSet(groupDepthFlag.Name) && cfg.trie != statekind.UBT {
				return fmt.Errorf("--%s is for the binary trie, not --trie %s", groupDepthFlag.Name, cfg.trie)
			}
			limitMemory(datadirMemoryLimit)
			_, err = writePopulationDatadir(cfg, depth, blockSize, log)
			return err
		},
	}
}

// populationSpec describes the population placed in the genesis, as the
// written datadir's provenance records it.
func (c *config) populationSpec() []byte {
	return dumpmanifest.GenesisPopulation{
		Placement: dumpmanifest.PlacementGenesis,
		Trie:      c.trie.String(),
		Fork:      string(c.fork),
		Shape:     c.shape,
		Entries:   c.entries,
		Seed:      c.seed,
		GasTarget: c.gasTarget,
		Fixtures:  c.fixtureDirs(),
	}.JSON()
}

// writePopulationDatadir writes the datadir of cfg's population at cfg.out
// and returns its provenance record.
func writePopulationDatadir(cfg *config, depth, blockSize int, log io.Writer) (*statewriter.Provenance, error) {
	config := cfg.chainConfig()
	senders, err := newSenders(config, cfg.seed)
	if err != nil {
		return nil, err
	}
	genesis := cfg.genesis(config, senders.addrs)
	if err := mergeFixtures(genesis, cfg.fixtures); err != nil {
		return nil, err
	}
	alloc := genesis.Alloc
	genesis.Alloc = nil
	wcfg := statewriter.Config{
		Genesis:    genesis,
		GroupDepth: depth,
		BlockSize:  blockSize,
		Population: cfg.populationSpec(),
		Size:       statewriter.SizeBound(cfg.trie == statekind.UBT, cfg.entries),
	}
	if err := wcfg.Check(cfg.out); err != nil {
		return nil, err
	}
	start := time.Now()
	p, err := orderGenesisPopulation(cfg, alloc, filepath.Dir(filepath.Clean(cfg.out)), log)
	if err != nil {
		return nil, err
	}
	defer p.close()
	src, stop := countProgress(p.source(), cfg.entries, p.stemCount(), log)
	_, err = statewriter.Write(cfg.out, wcfg, src)
	stop()
	if err != nil {
		return nil, err
	}
	prov, err := statewriter.ReadProvenance(cfg.out)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: wrote datadir %s: %d entries, %s, genesis %x, state root %x, in %v\n",
		cfg.out, cfg.entries, cfg.trie, prov.GenesisHash, prov.StateRoot, time.Since(start).Round(time.Millisecond))
	return prov, nil
}
