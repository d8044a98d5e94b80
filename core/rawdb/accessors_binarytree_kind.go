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

// binaryTreeKindKey tracks which binary tree a database holds: EIP-7864's
// binary trie or EIP-8297's partitioned tree. Their nodes are stored under
// the same prefix in different forms, so a database must always be opened
// as the kind it was created with.
var binaryTreeKindKey = []byte("BinaryTreeKind")

// ReadBinaryTreeKind returns the binary tree kind recorded in the database,
// and false if none is recorded.
func ReadBinaryTreeKind(db ethdb.KeyValueReader) (string, bool) {
	blob, err := db.Get(binaryTreeKindKey)
	if err != nil || len(blob) == 0 {
		return "", false
	}
	return string(blob), true
}

// WriteBinaryTreeKind records the binary tree kind of the database.
func WriteBinaryTreeKind(db ethdb.KeyValueWriter, kind string) {
	if err := db.Put(binaryTreeKindKey, []byte(kind)); err != nil {
		log.Crit("Failed to store binary tree kind", "err", err)
	}
}
