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
package core

import (
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/triedb"
)

// withRecordedBinTrieGroupDepth returns a copy of the config whose binary trie
// group depth is the one recorded in db, so that a chain is never opened with a
// depth other than the one it was created with. A zero depth in the config means
// "not configured": the recorded depth is used, or the default for a new chain.
// A configured depth that differs from the recorded one is an error
// (*triedb.GroupDepthMismatchError) and the database is left as it was.
func (cfg BlockChainConfig) withRecordedBinTrieGroupDepth(db ethdb.KeyValueReader) (*BlockChainConfig, error) {
	depth, err := triedb.ResolveBinTrieGroupDepth(db, cfg.BinTrieGroupDepth)
	if err != nil {
		return nil, err
	}
	cfg.BinTrieGroupDepth = depth
	return &cfg, nil
}
