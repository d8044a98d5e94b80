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
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/node"
)

// binTrieGroupDepthKey is the key under which statelab's geth records the group
// depth of a binary trie database (core/rawdb/accessors_bintrie.go). This tool
// links upstream geth, which lacks the accessor, so it reads the key itself.
var binTrieGroupDepthKey = []byte("BinTrieGroupDepth")

// chainHead is the head of a datadir's canonical chain.
type chainHead struct {
	Number     uint64      `json:"number"`
	Hash       common.Hash `json:"hash"`
	Root       common.Hash `json:"state_root"`
	GroupDepth int         `json:"group_depth"` // 0: none recorded (not a binary trie)
}

// readHead opens the chain database of a stopped geth read-only and returns its head.
func readHead(datadir string) (*chainHead, error) {
	if datadir == "" {
		return nil, errors.New("--datadir is required")
	}
	if _, err := os.Stat(filepath.Join(datadir, "geth", "chaindata")); err != nil {
		return nil, fmt.Errorf("datadir %s holds no chain database: %v", datadir, err)
	}
	stack, err := node.New(&node.Config{DataDir: datadir, Name: "geth"})
	if err != nil {
		return nil, err
	}
	defer stack.Close()
	db, err := stack.OpenDatabaseWithOptions("chaindata", node.DatabaseOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("datadir %s: %v", datadir, err)
	}
	defer db.Close()
	header := rawdb.ReadHeadHeader(db)
	if header == nil {
		return nil, fmt.Errorf("datadir %s has no head block", datadir)
	}
	head := &chainHead{Number: header.Number.Uint64(), Hash: header.Hash(), Root: header.Root}
	if blob, err := db.Get(binTrieGroupDepthKey); err == nil && len(blob) == 1 {
		head.GroupDepth = int(blob[0])
	}
	return head, nil
}

// matches reports whether the head is the last block of a manifest file.
func (h *chainHead) matches(f *manifestFile) error {
	if h.Number != f.LastBlock || h.Root != f.HeadRoot || (f.HeadHash != common.Hash{} && h.Hash != f.HeadHash) {
		return fmt.Errorf("head is block %d (hash %s, state root %s), want block %d of %s (hash %s, state root %s)",
			h.Number, h.Hash.Hex(), h.Root.Hex(), f.LastBlock, f.File, f.HeadHash.Hex(), f.HeadRoot.Hex())
	}
	return nil
}
