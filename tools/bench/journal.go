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
	"os"
	"path/filepath"
)

// pathdbJournals are the files in which geth's path-scheme trie database
// keeps, across restarts, the state it holds in memory: the last 128 blocks'
// diff layers and the write buffer not yet flushed to the key-value store
// (triedb/pathdb, journalPath). geth reads them whole at start, so the state
// they hold is served from memory in every run, cold page cache or not.
var pathdbJournals = []string{"merkle.journal", "verkle.journal"}

// journalBytes is the size of the pathdb journal of a datadir, 0 if it has
// none (a hash-scheme datadir, or a journal kept in the key-value store).
func journalBytes(datadir string) int64 {
	var n int64
	for _, name := range pathdbJournals {
		if fi, err := os.Stat(filepath.Join(datadir, "geth", "triedb", name)); err == nil {
			n += fi.Size()
		}
	}
	return n
}
