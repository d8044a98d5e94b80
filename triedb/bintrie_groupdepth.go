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

package triedb

import (
	"fmt"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/trie/bintrie"
)

// GroupDepthMismatchError is returned when a binary trie database is opened with
// a group depth other than the one it was created with. Nodes of one depth cannot
// be read as nodes of another, so proceeding would mix layouts in one database.
type GroupDepthMismatchError struct {
	Recorded  int // group depth the database was created with
	Requested int // group depth it was asked to be opened with
}

func (e *GroupDepthMismatchError) Error() string {
	return fmt.Sprintf("binary trie group depth mismatch: the database was created with group depth %d, cannot open it with group depth %d",
		e.Recorded, e.Requested)
}

// ResolveBinTrieGroupDepth returns the group depth to open the binary trie held
// in disk with. Requested is the configured depth, or 0 if none was configured.
//
//   - nothing recorded: the requested depth, or DefaultBinTrieGroupDepth if 0;
//   - recorded: the recorded depth if requested is 0 or equal to it, otherwise
//     a *GroupDepthMismatchError.
//
// The depth is recorded when the genesis state of a binary trie is committed.
func ResolveBinTrieGroupDepth(disk ethdb.KeyValueReader, requested int) (int, error) {
	if requested != 0 && (requested < 1 || requested > bintrie.MaxGroupDepth) {
		return 0, fmt.Errorf("invalid binary trie group depth %d, must be between 1 and %d", requested, bintrie.MaxGroupDepth)
	}
	recorded, ok := rawdb.ReadBinTrieGroupDepth(disk)
	if !ok {
		if requested == 0 {
			return DefaultBinTrieGroupDepth, nil
		}
		return requested, nil
	}
	if recorded < 1 || recorded > bintrie.MaxGroupDepth {
		return 0, fmt.Errorf("database records invalid binary trie group depth %d", recorded)
	}
	if requested != 0 && requested != recorded {
		return 0, &GroupDepthMismatchError{Recorded: recorded, Requested: requested}
	}
	return recorded, nil
}
