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
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/rlp"
)

// manifest is the part of dumpgen's manifest.json that chaininfo verify and
// the tests read (chaingen writes the same).
type manifest struct {
	Generator string         `json:"generator"`
	Source    string         `json:"source"`
	Test      string         `json:"test"`
	Genesis   string         `json:"genesis"`
	Trie      string         `json:"trie"`
	Files     []manifestFile `json:"files"`
}

type manifestFile struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	HeadRoot   common.Hash `json:"head_root"`
	HeadHash   common.Hash `json:"head_hash"`
	TxCount    int         `json:"tx_count"`
}

// write writes the chain to out/name: genesis.json, chain.rlp and
// manifest.json. Without force an existing directory is an error.
func (c *chain) write(out, name string, force bool, source string) error {
	dir := filepath.Join(out, name)
	if !force {
		if _, err := os.Stat(dir); err == nil {
			return fmt.Errorf("%s exists (from an earlier run: use --force to overwrite)", dir)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	genesis, err := json.MarshalIndent(c.genesis, "", "  ")
	if err != nil {
		return fmt.Errorf("test %q: genesis: %v", c.name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "genesis.json"), append(genesis, '\n'), 0o644); err != nil {
		return err
	}
	if err := c.writeBlocks(filepath.Join(dir, "chain.rlp")); err != nil {
		return err
	}
	head := c.blocks[len(c.blocks)-1]
	txs := 0
	for _, b := range c.blocks {
		txs += len(b.Transactions())
	}
	m := manifest{
		Generator: "statelab fixturechain",
		Source:    source,
		Test:      c.name,
		Genesis:   "genesis.json",
		Trie:      "mpt",
		Files: []manifestFile{{
			File: "chain.rlp", Role: "population", FirstBlock: c.blocks[0].NumberU64(), LastBlock: head.NumberU64(),
			HeadRoot: head.Root(), HeadHash: head.Hash(), TxCount: txs,
		}},
	}
	blob, err := json.MarshalIndent(&m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "manifest.json"), append(blob, '\n'), 0o644)
}

// writeBlocks writes the blocks as geth export does: one RLP block after another.
func (c *chain) writeBlocks(path string) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	for _, b := range c.blocks {
		if err := rlp.Encode(w, b); err != nil {
			fh.Close()
			return fmt.Errorf("%s: block %d: %v", path, b.NumberU64(), err)
		}
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}
