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

package rawdb

import (
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/log"
)

// binTrieGroupDepthKey tracks the group depth a binary trie database was created
// with. The serialized node layout depends on it, so a database must always be
// opened with the depth it was written with.
var binTrieGroupDepthKey = []byte("BinTrieGroupDepth")

// ReadBinTrieGroupDepth returns the binary trie group depth recorded in the
// database, and false if none is recorded.
func ReadBinTrieGroupDepth(db ethdb.KeyValueReader) (int, bool) {
	blob, err := db.Get(binTrieGroupDepthKey)
	if err != nil || len(blob) == 0 {
		return 0, false
	}
	if len(blob) != 1 {
		log.Crit("Invalid binary trie group depth record", "length", len(blob))
	}
	return int(blob[0]), true
}

// WriteBinTrieGroupDepth records the binary trie group depth of the database.
func WriteBinTrieGroupDepth(db ethdb.KeyValueWriter, depth int) {
	if depth < 1 || depth > 255 {
		log.Crit("Refusing to record invalid binary trie group depth", "depth", depth)
	}
	if err := db.Put(binTrieGroupDepthKey, []byte{byte(depth)}); err != nil {
		log.Crit("Failed to store binary trie group depth", "err", err)
	}
}
