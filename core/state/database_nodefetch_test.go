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

package state

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"github.com/ethereum/go-ethereum/trie/trienode"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"
	"github.com/holiman/uint256"
)

// TestWithNodeFetchRecorder checks that the tries and trie readers of a
// recording view count their node fetches, by source on the path scheme, and
// that the database it was made from keeps reading without recording.
func TestWithNodeFetchRecorder(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config *triedb.Config
	}{
		{"hash", triedb.HashDefaults},
		{"path", &triedb.Config{PathDB: pathdb.Defaults}},
		{"binary", triedb.UBTDefaults},
	} {
		t.Run(tc.name, func(t *testing.T) {
			disk := rawdb.NewMemoryDatabase()
			sdb := NewDatabase(triedb.NewDatabase(disk, tc.config), NewCodeDB(disk))
			empty := types.EmptyRootHash
			if tc.config.IsUBT {
				empty = types.EmptyBinaryHash
			}
			s, err := New(empty, sdb)
			if err != nil {
				t.Fatal(err)
			}
			addrs := make([]common.Address, 64)
			for i := range addrs {
				addrs[i] = common.BytesToAddress([]byte{byte(i), 0x5e})
				s.SetBalance(addrs[i], uint256.NewInt(uint64(i+1)), tracing.BalanceChangeUnspecified)
			}
			root, err := s.Commit(params.Rules{}, 1)
			if err != nil {
				t.Fatal(err)
			}
			rec := nodefetch.NewRecorder(time.Hour, 0)
			view := WithNodeFetchRecorder(sdb, rec)

			tr, err := view.OpenTrie(root)
			if err != nil {
				t.Fatal(err)
			}
			if acct, err := tr.GetAccount(addrs[7]); err != nil || acct == nil {
				t.Fatalf("account through the recording trie: %v, %v", acct, err)
			}
			reader, err := view.Reader(root)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := reader.Account(addrs[9]); err != nil {
				t.Fatal(err)
			}
			sum := rec.Summary()
			if sum.Fetches == 0 {
				t.Fatal("recording view counted no node fetches")
			}
			if tc.name == "hash" && sum.Sources[0] != sum.Fetches {
				t.Errorf("hash scheme: %d of %d fetches with a source, want none", sum.Fetches-sum.Sources[0], sum.Fetches)
			}
			if tc.name != "hash" && sum.Sources[0] != 0 {
				t.Errorf("path scheme: %d of %d fetches without a source", sum.Sources[0], sum.Fetches)
			}
			// The database the view was made from does not record.
			plain, err := sdb.OpenTrie(root)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := plain.GetAccount(addrs[11]); err != nil {
				t.Fatal(err)
			}
			if n := rec.Fetches(); n != sum.Fetches {
				t.Errorf("plain database recorded %d fetches", n-sum.Fetches)
			}
			if WithNodeFetchRecorder(sdb, nil) != sdb {
				t.Error("WithNodeFetchRecorder(db, nil) is not db")
			}
		})
	}
}

// TestNodeFetchPaths follows one block's fetches on a Merkle-Patricia state:
// it reads a contract's slot, then writes it with the trie prefetcher running,
// hashes and commits. It checks that each fetch is counted for the code path
// that made it and each repeat once: the reader fetches the account's and the
// slot's trie paths (on the hash scheme; the path scheme serves them from its
// flat state, and the reader fetches only the root), the prefetcher the same
// paths again (repeats), the update opens the account trie (its root is a
// repeat) and takes the prefetcher's tries, which hold every node it needs,
// and after the commit the reader fetches the new root (a new node).
func TestNodeFetchPaths(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config *triedb.Config
	}{
		{"hash", triedb.HashDefaults},
		{"path", &triedb.Config{PathDB: pathdb.Defaults}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var (
				disk     = rawdb.NewMemoryDatabase()
				sdb      = NewDatabase(triedb.NewDatabase(disk, tc.config), NewCodeDB(disk))
				contract = common.HexToAddress("0xc0ffee")
				slot     = common.HexToHash("0x07")
			)
			root := nodeFetchTestState(t, sdb, contract)
			accountNodes, slotNodes := proofNodes(t, sdb, root, contract, slot)

			rec := nodefetch.NewRecorder(0, 1024)
			s, err := New(root, WithNodeFetchRecorder(sdb, rec))
			if err != nil {
				t.Fatal(err)
			}
			if v := s.GetState(contract, slot); v != common.BigToHash(big.NewInt(7)) {
				t.Fatalf("slot = %x", v)
			}
			s.StartPrefetcher("test", nil)
			s.SetState(contract, slot, common.BigToHash(big.NewInt(8)))
			s.Finalise(params.Rules{})
			if _, err := s.Commit(params.Rules{}, 2); err != nil {
				t.Fatal(err)
			}
			s.StopPrefetcher()

			paths := accountNodes + slotNodes
			want := [nodefetch.NumPaths]nodefetch.PathSummary{
				nodefetch.PathReader:     {Fetches: int64(paths) + 1},
				nodefetch.PathPrefetcher: {Fetches: int64(paths), Repeats: int64(paths)},
				nodefetch.PathUpdate:     {Fetches: 1, Repeats: 1},
			}
			if tc.name == "path" {
				want[nodefetch.PathReader] = nodefetch.PathSummary{Fetches: 2}
				want[nodefetch.PathPrefetcher].Repeats = 1
			}
			sum := rec.Summary()
			var fetches, repeats, bytes int64
			for p, ps := range sum.Paths {
				if ps.Fetches != want[p].Fetches || ps.Repeats != want[p].Repeats {
					t.Errorf("%v: %d fetches, %d repeats; want %d, %d (account path %d nodes, slot path %d)",
						nodefetch.Path(p), ps.Fetches, ps.Repeats, want[p].Fetches, want[p].Repeats, accountNodes, slotNodes)
				}
				fetches, repeats, bytes = fetches+ps.Fetches, repeats+ps.Repeats, bytes+ps.Bytes
			}
			if fetches != sum.Fetches || repeats != sum.Repeats || bytes != sum.Bytes {
				t.Errorf("paths add up to %d fetches, %d repeats, %d bytes; totals %d, %d, %d",
					fetches, repeats, bytes, sum.Fetches, sum.Repeats, sum.Bytes)
			}
		})
	}
}

// TestNodeFetchPathsHandover deletes each slot of a contract in turn, with the
// trie prefetcher running. The prefetcher fetches exactly the paths of the
// account and the slot; a deletion that collapses a branch makes the update
// resolve the slot's sibling through the trie the prefetcher handed over,
// which is the update's fetch, not the prefetcher's.
func TestNodeFetchPathsHandover(t *testing.T) {
	var (
		disk     = rawdb.NewMemoryDatabase()
		sdb      = NewDatabase(triedb.NewDatabase(disk, triedb.HashDefaults), NewCodeDB(disk))
		contract = common.HexToAddress("0xc0ffee")
		root     = nodeFetchTestState(t, sdb, contract)
		collapse int // deletions whose update fetched through the handed-over trie
	)
	for i := 1; i < 50; i++ { // slot 0 holds zero: it is not in the trie
		slot := common.BigToHash(big.NewInt(int64(i)))
		accountNodes, slotNodes := proofNodes(t, sdb, root, contract, slot)

		rec := nodefetch.NewRecorder(0, 0)
		s, err := New(root, WithNodeFetchRecorder(sdb, rec))
		if err != nil {
			t.Fatal(err)
		}
		s.StartPrefetcher("test", nil)
		s.SetState(contract, slot, common.Hash{})
		s.Finalise(params.Rules{})
		s.IntermediateRoot(params.Rules{})
		s.StopPrefetcher()

		sum := rec.Summary()
		if got := sum.Paths[nodefetch.PathPrefetcher].Fetches; got != int64(accountNodes+slotNodes) {
			t.Errorf("slot %d: prefetcher fetched %d nodes, want the %d of the account's and the slot's paths", i, got, accountNodes+slotNodes)
		}
		// The update opens the account trie (its root) before it takes the
		// prefetcher's; any other fetch of it is through a handed-over trie.
		if sum.Paths[nodefetch.PathUpdate].Fetches > 1 {
			collapse++
		}
	}
	if collapse == 0 {
		t.Fatal("no deletion made the update fetch through the prefetcher's trie; the test checks nothing")
	}
}

// nodeFetchTestState commits a state of 64 accounts and a contract with 50
// slots (slot i holds i), so that both tries are a few levels deep.
func nodeFetchTestState(t *testing.T, sdb Database, contract common.Address) common.Hash {
	t.Helper()
	s, err := New(types.EmptyRootHash, sdb)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 64 {
		s.SetBalance(common.BytesToAddress([]byte{byte(i), 0x5e}), uint256.NewInt(uint64(i+1)), tracing.BalanceChangeUnspecified)
	}
	s.SetNonce(contract, 1, tracing.NonceChangeUnspecified)
	for i := range 50 {
		s.SetState(contract, common.BigToHash(big.NewInt(int64(i))), common.BigToHash(big.NewInt(int64(i))))
	}
	root, err := s.Commit(params.Rules{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// proofNodes returns how many trie nodes a read of the contract's account and
// of its slot fetches: the nodes of their proofs, read without recording.
func proofNodes(t *testing.T, sdb Database, root common.Hash, contract common.Address, slot common.Hash) (account, storage int) {
	t.Helper()
	tr, err := sdb.OpenTrie(root)
	if err != nil {
		t.Fatal(err)
	}
	acct, err := tr.GetAccount(contract)
	if err != nil || acct == nil {
		t.Fatalf("contract account: %v, %v", acct, err)
	}
	st, err := sdb.OpenStorageTrie(root, contract, acct.Root, tr)
	if err != nil {
		t.Fatal(err)
	}
	accountProof, storageProof := trienode.NewProofSet(), trienode.NewProofSet()
	if err := tr.Prove(crypto.Keccak256(contract[:]), accountProof); err != nil {
		t.Fatal(err)
	}
	if err := st.Prove(crypto.Keccak256(slot[:]), storageProof); err != nil {
		t.Fatal(err)
	}
	return accountProof.KeyCount(), storageProof.KeyCount()
}
