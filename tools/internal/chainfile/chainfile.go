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

// Package chainfile writes and reads a chain directory as chaingen and
// fixturechain lay it out: genesis.json, chain.rlp (the blocks, one RLP block
// after another, as geth export writes them) and manifest.json with
// dumpgen's keys (genesis, files[].file, role, first_block, last_block,
// head_root, head_hash, tx_count), so that chaininfo verify, the tests and
// dumpmanifest read it like a dump.
package chainfile

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rlp"
)

// File names in a chain directory.
const (
	GenesisFile  = "genesis.json"
	BlocksFile   = "chain.rlp"
	ManifestFile = "manifest.json"
)

// Manifest is the manifest.json of a chain directory. Source and Test say
// where a converted chain came from and are left out when empty.
type Manifest struct {
	Generator string `json:"generator"`
	Source    string `json:"source,omitempty"`
	Test      string `json:"test,omitempty"`
	Genesis   string `json:"genesis"`
	Trie      string `json:"trie"`
	Files     []File `json:"files"`
}

// File is the manifest entry of the chain's one block file.
type File struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	HeadRoot   common.Hash `json:"head_root"`
	HeadHash   common.Hash `json:"head_hash"`
	TxCount    int         `json:"tx_count"`
}

// Write writes genesis and blocks (genesis excluded, at least one) to dir,
// creating it, with a manifest whose Generator, Source, Test and Trie come
// from m and whose Genesis and Files describe what is written. The blocks
// are one file imported on top of genesis, as a dump's population.
func Write(dir string, genesis *core.Genesis, blocks []*types.Block, m Manifest) error {
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
	if err := WriteBlocks(filepath.Join(dir, BlocksFile), blocks); err != nil {
		return err
	}
	head := blocks[len(blocks)-1]
	txs := 0
	for _, b := range blocks {
		txs += len(b.Transactions())
	}
	m.Genesis = GenesisFile
	m.Files = []File{{
		File: BlocksFile, Role: "population", FirstBlock: blocks[0].NumberU64(), LastBlock: head.NumberU64(),
		HeadRoot: head.Root(), HeadHash: head.Hash(), TxCount: txs,
	}}
	blob, err = json.MarshalIndent(&m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ManifestFile), append(blob, '\n'), 0o644)
}

// WriteBlocks writes blocks as geth export does: one RLP block after another.
func WriteBlocks(path string, blocks []*types.Block) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	for _, b := range blocks {
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

// ReadBlocks reads a file WriteBlocks (or geth export) wrote.
func ReadBlocks(path string) ([]*types.Block, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	stream := rlp.NewStream(bufio.NewReader(fh), 0)
	var blocks []*types.Block
	for {
		b := new(types.Block)
		if err := stream.Decode(b); err == io.EOF {
			return blocks, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s: block %d of the file: %v", path, len(blocks)+1, err)
		}
		blocks = append(blocks, b)
	}
}

// ReadManifest reads a chain directory's manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	blob, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	m := new(Manifest)
	if err := json.Unmarshal(blob, m); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, ManifestFile), err)
	}
	return m, nil
}
