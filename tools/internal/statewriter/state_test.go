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

package statewriter

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"
	"github.com/holiman/uint256"
)

// randomAccounts returns n accounts of every shape a genesis can hold: empty
// ones, plain balances, a balance over 16 bytes, contracts with code of up to
// two code stems, storage in the binary trie's account header and beyond,
// and zero slots, which are not stored.
func randomAccounts(rng *rand.Rand, n int) []*Account {
	word := func() (h common.Hash) {
		for i := range h {
			h[i] = byte(rng.Uint32())
		}
		return h
	}
	accounts := make([]*Account, n)
	for i := range accounts {
		a := &Account{Address: common.Address(word().Bytes()[:20])}
		switch i % 5 {
		case 0: // empty
		case 1:
			a.Balance = uint256.NewInt(rng.Uint64())
			a.Nonce = rng.Uint64N(1000)
		case 2:
			a.Balance = new(uint256.Int).SetBytes(bytes.Repeat([]byte{0xff}, 17+rng.IntN(15)))
		default:
			a.Balance = uint256.NewInt(1)
			a.Code = bytes.Repeat(word().Bytes(), 1+rng.IntN(200)) // up to 6,400 bytes: past 128 chunks
			a.Storage = map[common.Hash]common.Hash{}
			for range rng.IntN(40) {
				a.Storage[word()] = word()
			}
			a.Storage[common.BigToHash(big.NewInt(int64(rng.IntN(64))))] = word() // in the header stem
			a.Storage[word()] = common.Hash{}
			var small common.Hash
			small[31] = 7
			a.Storage[word()] = small // a value with leading zeros
		}
		accounts[i] = a
	}
	return accounts
}

// genesisOf returns a genesis holding the accounts, binary-trie or not.
func genesisOf(accounts []*Account, ubt bool) *core.Genesis {
	config := *params.MergedTestChainConfig
	config.EnableUBTAtGenesis = ubt
	alloc := types.GenesisAlloc{}
	for _, a := range accounts {
		ga := types.Account{Nonce: a.Nonce, Code: a.Code, Storage: a.Storage}
		if a.Balance != nil {
			ga.Balance = a.Balance.ToBig()
		}
		alloc[a.Address] = ga
	}
	return &core.Genesis{Config: &config, Alloc: alloc, GasLimit: 30_000_000, BaseFee: big.NewInt(params.InitialBaseFee)}
}

// keysUnder returns the keys and values of db under prefix.
func keysUnder(t *testing.T, db ethdb.Iteratee, prefix []byte) map[string][]byte {
	t.Helper()
	it := db.NewIterator(prefix, nil)
	defer it.Release()
	kv := map[string][]byte{}
	for it.Next() {
		kv[string(it.Key())] = bytes.Clone(it.Value())
	}
	if err := it.Error(); err != nil {
		t.Fatal(err)
	}
	return kv
}

// sameKeys fails the test unless got and want hold the same keys and values.
func sameKeys(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	for k, v := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("%s: key %x missing", what, k)
		} else if !bytes.Equal(g, v) {
			t.Errorf("%s: key %x = %x, geth's %x", what, k, g, v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: key %x is not geth's", what, k)
		}
	}
	if len(want) == 0 && len(got) == 0 {
		return
	}
	t.Logf("%s: %d keys", what, len(want))
}

// TestWriteMPTMatchesGenesis checks that the MPT state written directly is
// the one geth's genesis commit writes: the same root, trie nodes, flat state
// and code.
func TestWriteMPTMatchesGenesis(t *testing.T) {
	for _, n := range []int{0, 1, 5, 300} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			accounts := randomAccounts(rand.New(rand.NewPCG(uint64(n), 1)), n)
			gethDB := rawdb.NewMemoryDatabase()
			tdb := triedb.NewDatabase(gethDB, &triedb.Config{PathDB: pathdb.Defaults})
			block, err := genesisOf(accounts, false).Commit(gethDB, tdb, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := tdb.Close(); err != nil { // waits for the flush
				t.Fatal(err)
			}
			db := rawdb.NewMemoryDatabase()
			root, err := writeMPT(db, FromAccounts(accounts))
			if err != nil {
				t.Fatal(err)
			}
			if root != block.Root() {
				t.Fatalf("root %x, geth's %x", root, block.Root())
			}
			for _, p := range [][]byte{rawdb.TrieNodeAccountPrefix, rawdb.TrieNodeStoragePrefix, rawdb.SnapshotAccountPrefix, rawdb.SnapshotStoragePrefix, rawdb.CodePrefix} {
				sameKeys(t, string(p), keysUnder(t, db, p), keysUnder(t, gethDB, p))
			}
		})
	}
}

// TestWriteUBTMatchesGenesis checks that the binary-trie state written
// directly has the root and the nodes of geth's genesis commit at every group
// depth, and its code. (Upstream's commit writes no flat state for the binary
// trie; statelab's patched geth does, and the end-to-end tests compare it.)
func TestWriteUBTMatchesGenesis(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 5, 120} {
		accounts := randomAccounts(rand.New(rand.NewPCG(uint64(n), 2)), n)
		for _, g := range []int{1, 3, 6, 8} {
			t.Run(fmt.Sprintf("accounts=%d/gd=%d", n, g), func(t *testing.T) {
				gethDB := rawdb.NewMemoryDatabase()
				tdb := triedb.NewDatabase(gethDB, &triedb.Config{IsUBT: true, BinTrieGroupDepth: g, PathDB: pathdb.Defaults})
				block, err := genesisOf(accounts, true).Commit(gethDB, tdb, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := tdb.Close(); err != nil {
					t.Fatal(err)
				}
				db := rawdb.NewMemoryDatabase()
				root, err := writeUBT(db, db, g, FromAccounts(accounts))
				if err != nil {
					t.Fatal(err)
				}
				if root != block.Root() {
					t.Fatalf("root %x, geth's %x", root, block.Root())
				}
				nodes := append(bytes.Clone(rawdb.VerklePrefix), rawdb.TrieNodeAccountPrefix...)
				sameKeys(t, "nodes", keysUnder(t, db, nodes), keysUnder(t, gethDB, nodes))
				sameKeys(t, "code", keysUnder(t, db, rawdb.CodePrefix), keysUnder(t, gethDB, rawdb.CodePrefix))
			})
		}
	}
}

func TestAccountsOf(t *testing.T) {
	accounts := randomAccounts(rand.New(rand.NewPCG(4, 4)), 20)
	back, err := AccountsOf(genesisOf(accounts, false).Alloc)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := genesisOf(accounts, false).ToBlock().Root(), genesisOf(back, false).ToBlock().Root(); a != b {
		t.Fatalf("root %x after the round trip, %x before", b, a)
	}
	negative := types.GenesisAlloc{common.Address{1}: {Balance: big.NewInt(-1)}}
	if _, err := AccountsOf(negative); err == nil {
		t.Fatal("a negative balance was accepted")
	}
}
