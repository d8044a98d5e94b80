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
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
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
