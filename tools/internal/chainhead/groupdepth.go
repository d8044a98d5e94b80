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

package chainhead

import (
	"fmt"

	"github.com/ethereum/go-ethereum/ethdb"
)

// GroupDepthKey is the database key under which statelab's geth records the
// group depth of a binary-trie datadir: binTrieGroupDepthKey of the patch
// triedb-record-bintrie-groupdepth (core/rawdb/accessors_bintrie.go, an
// overlay file). The tools link unpatched upstream geth, which lacks the
// accessor, so this is the one copy of the key outside the patch;
// TestGroupDepthKeyMatchesPatch fails when the patch's key changes.
var GroupDepthKey = []byte("BinTrieGroupDepth")

// ReadGroupDepth returns the group depth recorded in a chain database, and
// false if none is (a Merkle-Patricia datadir, or one written by upstream
// geth). A record that is not the patch's one byte is an error.
func ReadGroupDepth(db ethdb.KeyValueReader) (int, bool, error) {
	has, err := db.Has(GroupDepthKey)
	if err != nil || !has {
		return 0, false, err
	}
	blob, err := db.Get(GroupDepthKey)
	if err != nil {
		return 0, false, err
	}
	if len(blob) != 1 {
		return 0, false, fmt.Errorf("invalid binary trie group depth record: %d bytes, want 1", len(blob))
	}
	return int(blob[0]), true, nil
}
