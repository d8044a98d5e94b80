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

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/fsutil"
)

// makeDump writes a complete dump as described by cfg and returns its
// manifest. Progress goes to log. The output files are written atomically,
// the manifest last, so a failed run never leaves a manifest behind. The
// generation state lives in a temporary database inside cfg.out, removed
// when makeDump returns.
func makeDump(cfg *config, log io.Writer) (m *dumpmanifest.Manifest, err error) {
	start := time.Now()
	if err := prepareOutDir(cfg.out, cfg.force); err != nil {
		return nil, err
	}
	db, err := openScratchDB(cfg.out)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := db.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()

	chainCfg := chainConfig(cfg.trie, cfg.fork)
	pop, err := newPopulation(chainCfg, cfg.trie, cfg.seed, cfg.entries, cfg.gasTarget)
	if err != nil {
		return nil, err
	}
	genesis := makeGenesis(chainCfg, cfg.gasTarget, pop.addrs)
	gen, err := newGenerator(db, cfg.trie, genesis, cfg.entries, newProgress(log))
	if err != nil {
		return nil, err
	}
	gen.flushBlocks = cfg.flushBlocks
	if err := writeGenesis(filepath.Join(cfg.out, genesisFileName), genesis, gen); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: trie %s, fork %s, %d entries (%d accounts, %d erc20 holders, %d slots), seed %d, gas target %d, genesis %x\n",
		cfg.trie, cfg.fork, cfg.entries, pop.targets[kindAccount], pop.targets[kindHolder], pop.targets[kindSlot], cfg.seed, cfg.gasTarget, gen.genesisHash())

	seg, err := writeSegment(gen, pop, filepath.Join(cfg.out, populationFileName))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: gas per entry: ~%d per account, ~%d per erc20 holder, ~%d per slot (batches of up to %d)\n",
		pop.perItem[kindAccount], pop.perItem[kindHolder], pop.perItem[kindSlot], maxBatchItems)
	files := []dumpmanifest.File{segmentFile(populationFileName, dumpmanifest.RolePopulation, "", seg)}
	logSegment(log, populationFileName, seg)

	wfiles, err := writeWorkloads(cfg, gen, pop, log)
	if err != nil {
		return nil, err
	}
	files = append(files, wfiles...)
	m = newManifest(cfg, chainCfg, genesis, gen, pop, files)
	if err := m.WriteFile(filepath.Join(cfg.out, dumpmanifest.FileName)); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: wrote %s (%d files), took %v\n", cfg.out, len(files), time.Since(start).Round(time.Millisecond))
	return m, nil
}

// writeWorkloads generates every workload file on a branch of gen.
func writeWorkloads(cfg *config, gen *generator, pop *population, log io.Writer) ([]dumpmanifest.File, error) {
	var files []dumpmanifest.File
	shape, err := cfg.mainnetShape()
	if err != nil {
		return nil, err
	}
	for _, name := range cfg.workloads {
		w := newWorkload
		if name == wlMainnetRead {
			w = func(_ string, seed uint64, _ [numKinds]uint64, gas gasSchedule) *workload {
				return newMainnetReadWorkload(seed, shape, gas)
			}
		}
		run := newWorkloadRun(w(name, cfg.seed, pop.targets, pop.gas), cfg.workloadBlocks, cfg.workloadGasTarget(), pop.coinbase, pop.senders)
		file := workloadFileName(name)
		seg, err := writeSegment(gen.branch(), run, filepath.Join(cfg.out, file))
		if err != nil {
			return nil, fmt.Errorf("workload %s: %w", name, err)
		}
		files = append(files, segmentFile(file, dumpmanifest.RoleWorkload, name, seg))
		logSegment(log, file, seg)
	}
	for _, fx := range cfg.fixtures {
		file := workloadFileName(fx.name)
		seg, err := writeSegment(gen.branch(), newFixtureRun(fx), filepath.Join(cfg.out, file))
		if err != nil {
			return nil, fmt.Errorf("fixture %s: %w", fx.name, err)
		}
		files = append(files, segmentFile(file, dumpmanifest.RoleWorkload, fx.name, seg))
		logSegment(log, file, seg)
	}
	return files, nil
}

// writeSegment generates the blocks of f with gen into the file at path.
func writeSegment(gen *generator, f filler, path string) (*segment, error) {
	var seg *segment
	err := fsutil.WriteFileAtomic(path, func(w io.Writer) error {
		var err error
		seg, err = gen.run(f, w)
		return err
	})
	return seg, err
}

// logSegment prints the summary of a written segment.
func logSegment(log io.Writer, file string, seg *segment) {
	blocks := seg.LastBlock - seg.FirstBlock + 1
	fmt.Fprintf(log, "dumpgen: %s: blocks %d..%d, %d txs, %d gas (%d per block), %d slot reads, %d slot writes, head root %x\n",
		file, seg.FirstBlock, seg.LastBlock, seg.TxCount, seg.GasUsed, seg.GasUsed/blocks, seg.SlotReads, seg.SlotWrites, seg.HeadRoot)
}

// newManifest assembles the manifest of a generated dump.
func newManifest(cfg *config, chainCfg *params.ChainConfig, genesis *core.Genesis, gen *generator, pop *population, files []dumpmanifest.File) *dumpmanifest.Manifest {
	return &dumpmanifest.Manifest{
		Version:        dumpmanifest.Version,
		Generator:      generatorName(),
		Genesis:        genesisFileName,
		GenesisHash:    gen.genesisHash(),
		Trie:           cfg.trie,
		Fork:           string(cfg.fork),
		ChainID:        chainCfg.ChainID.Uint64(),
		Entries:        int(cfg.entries),
		Seed:           &cfg.seed,
		GasTarget:      cfg.gasTarget,
		GasLimit:       genesis.GasLimit,
		WorkloadBlocks: int(cfg.workloadBlocks),
		WorkloadGas:    cfg.workloadGasTarget(),
		Import:         importNote,
		Population: &dumpmanifest.Population{
			Accounts:        pop.targets[kindAccount],
			ERC20Holders:    pop.targets[kindHolder],
			SequentialSlots: pop.targets[kindSlot],
			Token:           tokenAddress,
			TokenSlot:       tokenBalanceSlot,
			AllowanceSlot:   tokenAllowanceSlot,
			SupplySlot:      tokenSupplySlot,
			SlotsContract:   slotsAddress,
			Driver:          driverAddress,
			Airdrop:         airdropAddress,
			Sampler:         samplerAddress,
			Coinbase:        pop.coinbase,
			Senders:         pop.addrs,
		},
		Files: files,
	}
}

// writeGenesis writes genesis.json and checks that the file, decoded as geth
// init decodes it, specifies the genesis block the generator built on.
func writeGenesis(path string, genesis *core.Genesis, gen *generator) error {
	blob, err := encodeGenesis(genesis)
	if err != nil {
		return fmt.Errorf("encoding genesis: %w", err)
	}
	if err := fsutil.WriteBytesAtomic(path, blob); err != nil {
		return err
	}
	written, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return checkGenesisRoundTrip(written, gen.genesisHash())
}
