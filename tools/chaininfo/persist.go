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

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"

	"statelab/tools/internal/chainhead"
)

// persistResult is what persistState did to a datadir.
type persistResult struct {
	Head          *chainhead.Head `json:"head"`
	Scheme        string          `json:"scheme"`
	JournalBefore int64           `json:"journal_bytes_before"`
	JournalAfter  int64           `json:"journal_bytes_after"`
}

// persistState writes the in-memory state of a stopped path-scheme datadir
// to its key-value store. geth keeps the changes of the last 128 blocks as
// diff layers, plus a write buffer, and journals them at shutdown
// (triedb/merkle.journal or verkle.journal); the next geth reads the journal
// back into memory. For a cold-cache benchmark that state is never read from
// disk, and on a small chain it is most of the state. persistState flattens
// every layer into the disk layer at the head's root, as pathdb does when
// layers age out, and journals the now empty layer tree.
//
// The head block, its state root and the state history do not change; only
// where the state is kept. A hash-scheme datadir is left alone: hashdb
// writes the head state to disk at shutdown already.
func persistState(datadir string) (*persistResult, error) {
	head, err := chainhead.Read(datadir)
	if err != nil {
		return nil, err
	}
	stack, err := node.New(&node.Config{DataDir: datadir, Name: "geth"})
	if err != nil {
		return nil, err
	}
	defer stack.Close()
	db, err := stack.OpenDatabaseWithOptions("chaindata", node.DatabaseOptions{})
	if err != nil {
		return nil, fmt.Errorf("datadir %s: %v", datadir, err)
	}
	defer db.Close()

	res := &persistResult{Head: head, Scheme: rawdb.ReadStateScheme(db)}
	if res.Scheme != rawdb.PathScheme {
		return res, nil
	}
	journalDir := stack.ResolvePath("triedb")
	res.JournalBefore = journalSize(journalDir)

	config := rawdb.ReadChainConfig(db, rawdb.ReadCanonicalHash(db, 0))
	if config == nil {
		return nil, fmt.Errorf("datadir %s has no chain config", datadir)
	}
	pathConfig := *pathdb.Defaults
	pathConfig.JournalDirectory = journalDir
	tdb := triedb.NewDatabase(db, &triedb.Config{
		IsUBT:             config.IsUBTGenesis(),
		BinTrieGroupDepth: groupDepthOr(head.GroupDepth, triedb.DefaultBinTrieGroupDepth),
		PathDB:            &pathConfig,
	})
	if err := persistLayers(tdb, head); err != nil {
		tdb.Close()
		return nil, fmt.Errorf("datadir %s: %v", datadir, err)
	}
	if err := tdb.Close(); err != nil {
		return nil, err
	}
	res.JournalAfter = journalSize(journalDir)
	return res, nil
}

// persistLayers flattens the layer tree into the disk layer at the head's
// state root and journals what is left.
func persistLayers(tdb *triedb.Database, head *chainhead.Head) error {
	if _, err := tdb.StateReader(head.Root); err != nil {
		return fmt.Errorf("the state of head block %d (root %s) is not in the trie database: %v", head.Number, head.Root.Hex(), err)
	}
	// Without diff layers the head is the disk layer already (persisted
	// before); pathdb refuses to flatten a disk layer.
	if diffs, _, _ := tdb.Size(); diffs == 0 {
		return nil
	}
	if err := tdb.Commit(head.Root, false); err != nil {
		return fmt.Errorf("writing the state layers of block %d to disk: %v", head.Number, err)
	}
	if err := tdb.Journal(head.Root); err != nil {
		return fmt.Errorf("journaling the flattened state of block %d: %v", head.Number, err)
	}
	return nil
}

// journalSize is the size of the pathdb journal files in dir.
func journalSize(dir string) int64 {
	var n int64
	for _, name := range []string{"merkle.journal", "verkle.journal"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			n += fi.Size()
		} else if !errors.Is(err, os.ErrNotExist) {
			return -1
		}
	}
	return n
}

// groupDepthOr returns gd, or def when none is recorded.
func groupDepthOr(gd, def int) int {
	if gd == 0 {
		return def
	}
	return gd
}
