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

// Package chainfile writes a chain directory as chaingen and fixturechain lay
// it out: genesis.json, chain.rlp (the blocks, as geth export writes them; see
// blockfile) and manifest.json (dumpmanifest, with the keys a dump's has for
// its population), so that chaininfo verify, the tests and every manifest
// reader read it like a dump.
package chainfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
)

// File names in a chain directory.
const (
	GenesisFile = "genesis.json"
	BlocksFile  = "chain.rlp"
)

// Write writes genesis and blocks (genesis excluded, at least one) to dir,
// creating it, with a manifest whose Generator, Source, Test and Trie come
// from m and whose Genesis, GenesisHash, ChainID and Files describe what is
// written. The blocks are one file imported on top of genesis, as a dump's
// population.
func Write(dir string, genesis *core.Genesis, blocks []*types.Block, m dumpmanifest.Manifest) error {
	if len(blocks) == 0 {
		return errors.New("no blocks to write")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	blob, err := json.MarshalIndent(genesis, "", "  ")
	if err != nil {
		return fmt.Errorf("genesis: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, GenesisFile), append(blob, '\n'), 0o644); err != nil {
		return err
	}
	if err := blockfile.WriteFile(filepath.Join(dir, BlocksFile), blocks); err != nil {
		return err
	}
	first, head := blocks[0], blocks[len(blocks)-1]
	var (
		txs int
		gas uint64
	)
	for _, b := range blocks {
		txs += len(b.Transactions())
		gas += b.GasUsed()
	}
	m.Genesis = GenesisFile
	if first.NumberU64() == 1 {
		m.GenesisHash = first.ParentHash()
	}
	if genesis.Config != nil && genesis.Config.ChainID != nil {
		m.ChainID = genesis.Config.ChainID.Uint64()
	}
	m.Files = []dumpmanifest.File{{
		File: BlocksFile, Role: dumpmanifest.RolePopulation, FirstBlock: first.NumberU64(), LastBlock: head.NumberU64(),
		ParentHash: first.ParentHash(), HeadRoot: head.Root(), HeadHash: head.Hash(), GasUsed: gas, TxCount: txs,
	}}
	return m.WriteFile(filepath.Join(dir, dumpmanifest.FileName))
}
