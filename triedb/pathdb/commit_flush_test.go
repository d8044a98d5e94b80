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

package pathdb

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/internal/testrand"
	"github.com/ethereum/go-ethereum/trie/trienode"
)

// TestCommitPersistsBeforeReturn checks that Commit, with asynchronous buffer
// flushing enabled, returns only once the state is in the key-value store.
// Callers such as the genesis commit write records that point at that state
// right after Commit returns; a process killed between the two must not
// leave them pointing at a state that was never written.
func TestCommitPersistsBeforeReturn(t *testing.T) {
	for run := 0; run < 20; run++ {
		disk, err := rawdb.Open(rawdb.NewMemoryDatabase(), rawdb.OpenOptions{Ancient: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		db := New(disk, &Config{WriteBufferSize: 256 * 1024}, false)

		entries := make(map[common.Hash][]byte)
		for i := 0; i < 2000; i++ {
			entries[testrand.Hash()] = testrand.Bytes(32)
		}
		root, set := updateTrie(db, types.EmptyRootHash, common.Hash{}, types.EmptyRootHash, entries)
		states := NewStateSetWithOrigin(nil, nil, nil, nil, false)
		if err := db.Update(root, types.EmptyRootHash, 0, trienode.NewWithNodeSet(set), states); err != nil {
			t.Fatal(err)
		}
		if err := db.Commit(root, false); err != nil {
			t.Fatal(err)
		}
		// Read the key-value store directly, bypassing the layers and their
		// buffers, as a process opening the database after a crash would.
		if id := rawdb.ReadPersistentStateID(disk); id != 1 {
			t.Fatalf("run %d: persistent state id %d after Commit, want 1", run, id)
		}
		if blob := rawdb.ReadAccountTrieNode(disk, nil); crypto.Keccak256Hash(blob) != root {
			t.Fatalf("run %d: root node not on disk after Commit", run)
		}
		db.Close()
		disk.Close()
	}
}
