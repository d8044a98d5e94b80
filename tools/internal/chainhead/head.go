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

// Package chainhead reads the head of a stopped geth datadir, with the group
// depth statelab's geth records in it, and checks it against a manifest: what
// chaininfo head and verify print and what tools/mainjob checks after every
// import. It opens the chain database read-only and never writes.
package chainhead

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/node"

	"statelab/tools/internal/dumpmanifest"
)

// Head is the head of a datadir's canonical chain.
type Head struct {
	Number     uint64      `json:"number"`
	Hash       common.Hash `json:"hash"`
	Root       common.Hash `json:"state_root"`
	GroupDepth int         `json:"group_depth"` // 0: none recorded (not a binary trie)
}

// Read opens the chain database of a stopped geth read-only and returns its
// head. Errors name the datadir.
func Read(datadir string) (*Head, error) {
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
	head := &Head{Number: header.Number.Uint64(), Hash: header.Hash(), Root: header.Root}
	if gd, ok, err := ReadGroupDepth(db); err != nil {
		return nil, fmt.Errorf("datadir %s: %v", datadir, err)
	} else if ok {
		head.GroupDepth = gd
	}
	return head, nil
}

// Matches returns nil if the head is the last block of manifest file f, and
// otherwise an error naming the file and both heads. The hash is compared only
// if the manifest has one (a manifest made by hand may not).
func (h *Head) Matches(f *dumpmanifest.File) error {
	if h.Number != f.LastBlock || h.Root != f.HeadRoot || (f.HeadHash != common.Hash{} && h.Hash != f.HeadHash) {
		return fmt.Errorf("head is block %d (hash %s, state root %s), want block %d of %s (hash %s, state root %s)",
			h.Number, h.Hash.Hex(), h.Root.Hex(), f.LastBlock, f.File, f.HeadHash.Hex(), f.HeadRoot.Hex())
	}
	return nil
}

// Verify reads the head of datadir and checks that it is the end of the named
// file of m (the last population file if file is empty). It returns the head
// and the file it matched; errors name the manifest or the datadir.
func Verify(datadir string, m *dumpmanifest.Manifest, file string) (*Head, *dumpmanifest.File, error) {
	want, err := m.Target(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", filepath.Join(m.Dir, dumpmanifest.FileName), err)
	}
	head, err := Read(datadir)
	if err != nil {
		return nil, nil, err
	}
	if err := head.Matches(want); err != nil {
		return head, want, fmt.Errorf("datadir %s: %v", datadir, err)
	}
	return head, want, nil
}
