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

package trie

import (
	"encoding/binary"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/crypto"
)

// TestHashWork checks the rehash counters against what Commit writes: every
// node hashed with keccak is a node the commit writes, embedded nodes aren't.
func TestHashWork(t *testing.T) {
	tr := NewEmpty(newTestDatabase(rawdb.NewMemoryDatabase(), rawdb.HashScheme))
	if !tr.HashCached() {
		t.Fatal("empty trie has work to hash")
	}
	for i := 0; i < 500; i++ {
		var k [4]byte
		binary.BigEndian.PutUint32(k[:], uint32(i))
		tr.MustUpdate(crypto.Keccak256(k[:]), k[:]) // short values: some leaves are embedded
	}
	if tr.HashCached() {
		t.Fatal("root hash cached after 500 inserts")
	}
	tr.Hash()
	if !tr.HashCached() {
		t.Fatal("root hash not cached after Hash")
	}
	nodes, ops := tr.HashedWork()
	if ops == 0 || ops > nodes {
		t.Fatalf("hash ops %d, want between 1 and the %d nodes hashed", ops, nodes)
	}
	_, set := tr.Commit(false)
	if updated, _ := set.Size(); updated != ops {
		t.Errorf("commit wrote %d nodes, but %d were hashed", updated, ops)
	}
}
