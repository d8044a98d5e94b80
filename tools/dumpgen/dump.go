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
)

// makeDump writes a complete dump as described by cfg and returns its
// manifest. Progress goes to log. The output files are written atomically,
// the manifest last, so a failed run never leaves a manifest behind.
func makeDump(cfg *config, log io.Writer) (*manifest, error) {
	start := time.Now()
	if err := prepareOutDir(cfg.out, cfg.force); err != nil {
		return nil, err
	}
	chainCfg := chainConfig(cfg.trie)
	pop, err := newPopulation(chainCfg, cfg.seed, cfg.entries, cfg.gasTarget)
	if err != nil {
		return nil, err
	}
	genesis := makeGenesis(chainCfg, cfg.gasTarget, pop.addrs)
	gen, err := newGenerator(cfg.trie, genesis, cfg.gasTarget, newProgress(log, cfg.entries))
	if err != nil {
		return nil, err
	}
	if cfg.chunkBlocks > 0 {
		gen.chunkBlocks = cfg.chunkBlocks
	}
	if err := writeGenesis(filepath.Join(cfg.out, genesisFileName), genesis, gen); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: trie %s, %d entries (%d accounts, %d erc20 holders, %d slots), seed %d, gas target %d, genesis %x\n",
		cfg.trie, cfg.entries, pop.targets[kindAccount], pop.targets[kindHolder], pop.targets[kindSlot], cfg.seed, cfg.gasTarget, gen.genesisHash())

	var seg *segment
	err = writeFileAtomic(filepath.Join(cfg.out, populationFileName), func(w io.Writer) error {
		var err error
		seg, err = gen.run(pop, w)
		return err
	})
	if err != nil {
		return nil, err
	}
	m := &manifest{
		Version:     manifestVersion,
		Generator:   generatorName(),
		Genesis:     genesisFileName,
		GenesisHash: gen.genesisHash(),
		Trie:        cfg.trie,
		ChainID:     chainCfg.ChainID.Uint64(),
		Entries:     cfg.entries,
		Seed:        cfg.seed,
		GasTarget:   cfg.gasTarget,
		GasLimit:    genesis.GasLimit,
		Population: populationLayout{
			Accounts:        pop.targets[kindAccount],
			ERC20Holders:    pop.targets[kindHolder],
			SequentialSlots: pop.targets[kindSlot],
			Token:           tokenAddress,
			TokenSlot:       tokenBalanceSlot,
			SlotsContract:   slotsAddress,
			Coinbase:        pop.coinbase,
			Senders:         pop.addrs,
		},
		Files: []manifestFile{populationFile(seg)},
	}
	blob, err := m.encode()
	if err != nil {
		return nil, err
	}
	if err := writeBytesAtomic(filepath.Join(cfg.out, manifestFileName), blob); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "dumpgen: gas per entry: %d per account, ~%d per erc20 holder, ~%d per slot (batches of up to %d)\n",
		params.TxGas, pop.perItem[kindHolder], pop.perItem[kindSlot], maxBatchItems)
	fmt.Fprintf(log, "dumpgen: wrote %s: blocks %d..%d, %d txs, %d gas, head root %x, took %v\n",
		cfg.out, seg.FirstBlock, seg.LastBlock, seg.TxCount, seg.GasUsed, seg.HeadRoot, time.Since(start).Round(time.Millisecond))
	return m, nil
}

// writeGenesis writes genesis.json and checks that the file, decoded as geth
// init decodes it, specifies the genesis block the generator built on.
func writeGenesis(path string, genesis *core.Genesis, gen *generator) error {
	blob, err := encodeGenesis(genesis)
	if err != nil {
		return fmt.Errorf("encoding genesis: %w", err)
	}
	if err := writeBytesAtomic(path, blob); err != nil {
		return err
	}
	written, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return checkGenesisRoundTrip(written, gen.genesisHash())
}
