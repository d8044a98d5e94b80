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
	"github.com/ethereum/go-ethereum/triedb/pathdb"
)

// The binary trees a database can hold, as recorded in it.
const (
	BinaryTrieEIP7864 = "eip-7864" // the unified binary trie of EIP-7864
	BinaryTreeEIP8297 = "eip-8297" // the partitioned binary tree of EIP-8297
)

// PBTDefaults is the configuration of a database holding EIP-8297's
// partitioned binary tree, with default settings.
var PBTDefaults = &Config{
	IsUBT:             true,
	IsPBT:             true,
	BinTrieGroupDepth: DefaultBinTrieGroupDepth,
	PathDB:            pathdb.Defaults,
}

// BinaryTreeKindError is returned when a database holding one kind of binary
// tree is opened as the other.
type BinaryTreeKindError struct {
	Recorded  string // the kind the database holds
	Requested string // the kind it was asked to be opened as
}

func (e *BinaryTreeKindError) Error() string {
	return fmt.Sprintf("the database holds the %s, cannot open it as the %s", describeKind(e.Recorded), describeKind(e.Requested))
}

func describeKind(kind string) string {
	switch kind {
	case BinaryTrieEIP7864:
		return "binary trie of EIP-7864 (enableUBTAtGenesis)"
	case BinaryTreeEIP8297:
		return "partitioned binary tree of EIP-8297 (enablePBTAtGenesis)"
	}
	return fmt.Sprintf("binary tree kind %q", kind)
}

// binaryTreeKind returns the kind of binary tree a database configured with
// isPBT holds.
func binaryTreeKind(isPBT bool) string {
	if isPBT {
		return BinaryTreeEIP8297
	}
	return BinaryTrieEIP7864
}

// CheckBinaryTreeKind returns a *BinaryTreeKindError if disk holds another
// binary tree than the one isPBT selects. A database that records no kind but
// a group depth was created before kinds were recorded and holds EIP-7864's
// trie; one that records neither holds no binary tree yet.
func CheckBinaryTreeKind(disk ethdb.KeyValueReader, isPBT bool) error {
	recorded, ok := rawdb.ReadBinaryTreeKind(disk)
	if !ok {
		if _, hasDepth := rawdb.ReadBinTrieGroupDepth(disk); !hasDepth {
			return nil
		}
		recorded = BinaryTrieEIP7864
	}
	if requested := binaryTreeKind(isPBT); recorded != requested {
		return &BinaryTreeKindError{Recorded: recorded, Requested: requested}
	}
	return nil
}

// IsPBT reports whether the database holds EIP-8297's partitioned binary
// tree. IsUBT is then true too: the tree is unified.
func (db *Database) IsPBT() bool {
	return db.config.IsPBT
}

// RecordBinaryTreeKind records the kind of binary tree the database holds.
// It writes nothing for a Merkle-Patricia database.
func (db *Database) RecordBinaryTreeKind(w ethdb.KeyValueWriter) {
	if db.config.IsUBT {
		rawdb.WriteBinaryTreeKind(w, binaryTreeKind(db.config.IsPBT))
	}
}
