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

package nodefetch_test

import (
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/trie"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/hashdb"
)

// TestRecordingKeepsPreimages checks that a state trie opened with a recording
// node database writes its key preimages into the wrapped database's store, as
// one opened with the wrapped database does: recording a block's fetches must
// not lose the preimages of geth's --cache.preimages.
func TestRecordingKeepsPreimages(t *testing.T) {
	for _, enabled := range []bool{true, false} {
		tdb := triedb.NewDatabase(rawdb.NewMemoryDatabase(), &triedb.Config{Preimages: enabled, HashDB: hashdb.Defaults})
		nodes := nodefetch.NewDatabase(tdb, nodefetch.NewRecorder(0, 16), nodefetch.KindMPT)
		store, ok := nodes.(interface{ PreimageEnabled() bool })
		if !ok || store.PreimageEnabled() != enabled {
			t.Fatalf("preimages %v: the recording database does not say so", enabled)
		}
		tr, err := trie.NewStateTrie(trie.StateTrieID(types.EmptyRootHash), nodes)
		if err != nil {
			t.Fatal(err)
		}
		key := []byte("an account key")
		tr.MustUpdate(key, []byte("value"))
		tr.Commit(false)

		got := tdb.Preimage(crypto.Keccak256Hash(key))
		if enabled && !bytes.Equal(got, key) {
			t.Fatalf("preimage = %x, want %x", got, key)
		}
		if !enabled && got != nil {
			t.Fatalf("preimages off: stored %x", got)
		}
	}
}
