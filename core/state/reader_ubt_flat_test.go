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
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/internal/testrand"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/holiman/uint256"
)

// ubtDiskConfig is triedb.UBTDefaults with a write buffer that is flushed to
// the key-value store on every commit.
func ubtDiskConfig() *triedb.Config {
	config := *triedb.UBTDefaults
	pconfig := *config.PathDB
	pconfig.WriteBufferSize = 0
	config.PathDB = &pconfig
	return &config
}

// TestUBTFlatStateReads commits binary-trie state on a database created
// empty, writes it to disk, and checks that the flat state serves every
// account and slot with the values the binary-trie reader returns, except an
// account whose balance does not fit 16 bytes, which the trie answers.
func TestUBTFlatStateReads(t *testing.T) {
	disk := rawdb.NewMemoryDatabase()
	tdb := triedb.NewDatabase(disk, ubtDiskConfig())
	sdb := NewDatabase(tdb, nil)
	state, err := New(types.EmptyBinaryHash, sdb)
	if err != nil {
		t.Fatal(err)
	}
	var (
		addrs = []common.Address{testrand.Address(), testrand.Address(), testrand.Address()}
		rich  = testrand.Address() // balance of 17 bytes
		slots = map[common.Address][]common.Hash{}
	)
	for i, addr := range addrs {
		state.SetNonce(addr, uint64(i+1), tracing.NonceChangeUnspecified)
		state.SetBalance(addr, uint256.NewInt(uint64(1000*(i+1))), tracing.BalanceChangeUnspecified)
		if i == 0 {
			state.SetCode(addr, []byte{0x60, 0x00}, tracing.CodeChangeUnspecified)
		}
		for j := 0; j < 50; j++ {
			key := common.BigToHash(new(big.Int).SetUint64(uint64(j * (i + 1) * 7919)))
			state.SetState(addr, key, testrand.Hash())
			slots[addr] = append(slots[addr], key)
		}
	}
	state.SetBalance(rich, new(uint256.Int).Lsh(uint256.NewInt(1), 130), tracing.BalanceChangeUnspecified)
	root, err := state.Commit(params.Rules{IsEIP158: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := tdb.Commit(root, false); err != nil { // write to the key-value store
		t.Fatal(err)
	}
	flatDB, err := tdb.StateReader(root)
	if err != nil {
		t.Fatal(err)
	}
	flat := newUBTFlatReader(flatDB)
	trie, err := newUBTTrieReader(root, tdb)
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range addrs {
		got, err := flat.Account(addr)
		if err != nil {
			t.Fatalf("account %x: flat state: %v", addr, err)
		}
		want, err := trie.Account(addr)
		if err != nil {
			t.Fatal(err)
		}
		if got.Nonce != want.Nonce || !got.Balance.Eq(want.Balance) || common.BytesToHash(got.CodeHash) != common.BytesToHash(want.CodeHash) || got.Root != want.Root {
			t.Fatalf("account %x: flat %+v, trie %+v", addr, got, want)
		}
		for _, key := range slots[addr] {
			got, err := flat.Storage(addr, key)
			if err != nil {
				t.Fatalf("slot %x of %x: flat state: %v", key, addr, err)
			}
			want, err := trie.Storage(addr, key)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("slot %x of %x: flat %x, trie %x", key, addr, got, want)
			}
		}
	}
	if acct, err := flat.Account(testrand.Address()); err != nil || acct != nil {
		t.Fatalf("absent account: %v, %v", acct, err)
	}
	if _, err := flat.Account(rich); !errors.Is(err, errUBTFlatBalance) {
		t.Fatalf("17-byte balance: flat reader error %v, want %v", err, errUBTFlatBalance)
	}
	reader, err := sdb.(*UBTDatabase).StateReader(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := reader.Account(rich)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := trie.Account(rich)
	if !got.Balance.Eq(want.Balance) {
		t.Fatalf("17-byte balance: state reader %v, trie %v", got.Balance, want.Balance)
	}
}

// TestUBTFlatStateNotAdopted checks that a binary-trie database that already
// holds state without a flat state keeps reading from the trie: its flat
// reads fail rather than report absent state.
func TestUBTFlatStateNotAdopted(t *testing.T) {
	disk := rawdb.NewMemoryDatabase()
	tdb := triedb.NewDatabase(disk, ubtDiskConfig())
	state, _ := New(types.EmptyBinaryHash, NewDatabase(tdb, nil))
	addr := testrand.Address()
	state.SetBalance(addr, uint256.NewInt(1), tracing.BalanceChangeUnspecified)
	root, err := state.Commit(params.Rules{IsEIP158: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := tdb.Commit(root, false); err != nil {
		t.Fatal(err)
	}
	tdb.Close()
	// Forget the finished generator, as in a database made before it was
	// written for an empty binary-trie database.
	rawdb.DeleteSnapshotGenerator(rawdb.NewTable(disk, string(rawdb.VerklePrefix)))

	tdb = triedb.NewDatabase(disk, ubtDiskConfig())
	flatDB, err := tdb.StateReader(root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newUBTFlatReader(flatDB).Account(addr); err == nil {
		t.Fatal("flat state of a database that was not created empty served a read")
	}
	reader, err := NewUBTDatabase(tdb, nil).StateReader(root)
	if err != nil {
		t.Fatal(err)
	}
	if acct, err := reader.Account(addr); err != nil || acct == nil || acct.Balance.Uint64() != 1 {
		t.Fatalf("state reader: %v, %v", acct, err)
	}
}

// BenchmarkUBTStateReader reads random storage slots of a flushed binary-trie
// state of 20,000 slots through the state reader, with the flat state (a
// database created empty) and without it (the same database with the
// generator marker removed, as before the flat state was adopted), each
// iteration through a fresh reader as a block gets one.
func BenchmarkUBTStateReader(b *testing.B) {
	for _, flat := range []bool{true, false} {
		name := "trie"
		if flat {
			name = "flat"
		}
		b.Run(name, func(b *testing.B) {
			disk := rawdb.NewMemoryDatabase()
			tdb := triedb.NewDatabase(disk, ubtDiskConfig())
			state, _ := New(types.EmptyBinaryHash, NewDatabase(tdb, nil))
			addr := testrand.Address()
			keys := make([]common.Hash, 20000)
			for i := range keys {
				keys[i] = testrand.Hash()
				state.SetState(addr, keys[i], testrand.Hash())
			}
			state.SetNonce(addr, 1, tracing.NonceChangeUnspecified)
			root, err := state.Commit(params.Rules{IsEIP158: true}, 0)
			if err != nil {
				b.Fatal(err)
			}
			if err := tdb.Commit(root, false); err != nil {
				b.Fatal(err)
			}
			tdb.Close()
			if !flat {
				rawdb.DeleteSnapshotGenerator(rawdb.NewTable(disk, string(rawdb.VerklePrefix)))
			}
			tdb = triedb.NewDatabase(disk, ubtDiskConfig())
			sdb := NewUBTDatabase(tdb, nil)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				reader, err := sdb.StateReader(root)
				if err != nil {
					b.Fatal(err)
				}
				for j := 0; j < 100; j++ {
					if _, err := reader.Storage(addr, keys[(i*100+j)%len(keys)]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
