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

package pbt

import (
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

func memTrie(t *testing.T) *Trie {
	t.Helper()
	return openTrie(t, &recordDB{records: make(map[string][]byte)}, common.Hash{}, 4)
}

func account(nonce, balance uint64, code []byte) *types.StateAccount {
	return &types.StateAccount{Nonce: nonce, Balance: uint256.NewInt(balance), CodeHash: crypto.Keccak256(code)}
}

func TestTrieAccounts(t *testing.T) {
	tr := memTrie(t)
	a, b := common.Address{1}, common.Address{2}
	code := bytes.Repeat([]byte{0x60, 0x01}, 5000) // 10,000 bytes: 323 chunks, two code groups
	if err := tr.UpdateAccount(a, account(3, 1000, code), len(code)); err != nil {
		t.Fatal(err)
	}
	if err := tr.UpdateContractCode(a, crypto.Keccak256Hash(code), code); err != nil {
		t.Fatal(err)
	}
	if err := tr.UpdateAccount(b, account(0, 0, nil), 0); err != nil {
		t.Fatal(err)
	}
	got, err := tr.GetAccount(a)
	if err != nil || got.Nonce != 3 || got.Balance.Uint64() != 1000 || !bytes.Equal(got.CodeHash, crypto.Keccak256(code)) {
		t.Fatalf("account a: %+v, %v", got, err)
	}
	// An account with nothing but its code hash exists, with no basic data leaf.
	if got, err := tr.GetAccount(b); err != nil || got == nil || got.Nonce != 0 || !bytes.Equal(got.CodeHash, types.EmptyCodeHash[:]) {
		t.Fatalf("account b: %+v, %v", got, err)
	}
	if v, _ := tr.tree.Get(BasicDataKey(b)); v != nil {
		t.Fatalf("zero basic data is stored: %x", v)
	}
	if got, err := tr.GetAccount(common.Address{3}); got != nil || err != nil {
		t.Fatalf("absent account: %+v, %v", got, err)
	}
	// A balance change of a contract whose code the state did not load
	// (code length 0) keeps the code size.
	rootBefore := tr.Hash()
	tr.UpdateAccount(a, account(3, 1001, code), 0)
	tr.UpdateAccount(a, account(3, 1000, code), 0)
	if tr.Hash() != rootBefore {
		t.Fatal("an update without the code loaded lost the code size")
	}
	chunks := 0
	for i := uint64(0); i < 400; i++ {
		if v, _ := tr.tree.Get(CodeChunkKey(crypto.Keccak256Hash(code), i)); v != nil {
			chunks++
		}
	}
	if chunks != (len(code)+30)/31 {
		t.Fatalf("%d code chunks stored, want %d", chunks, (len(code)+30)/31)
	}
}

func TestTrieStorage(t *testing.T) {
	tr := memTrie(t)
	a := common.Address{1}
	before := tr.Hash()
	for _, slot := range []uint64{0, 63, 64, 1000} {
		key := common.BigToHash(new(uint256.Int).SetUint64(slot).ToBig())
		if err := tr.UpdateStorage(a, key[:], []byte{0x12, 0x34}); err != nil {
			t.Fatal(err)
		}
		v, err := tr.GetStorage(a, key[:])
		if err != nil || !bytes.Equal(v, common.LeftPadBytes([]byte{0x12, 0x34}, 32)) {
			t.Fatalf("slot %d: %x, %v", slot, v, err)
		}
		// Zero is absent, as in the EIP's state_write.
		if err := tr.UpdateStorage(a, key[:], make([]byte, 32)); err != nil {
			t.Fatal(err)
		}
		if v, _ := tr.GetStorage(a, key[:]); v != nil {
			t.Fatalf("slot %d: zero is stored as %x", slot, v)
		}
	}
	if tr.Hash() != before {
		t.Fatal("zeroed slots change the root")
	}
}

// TestTrieDelegation checks that an EIP-7702 delegation lives in the header
// leaf of its own, in whichever order the state writes the account and its
// code, and that clearing it gives the root of an account that never had
// one.
func TestTrieDelegation(t *testing.T) {
	a := common.Address{0xaa}
	indicator := append([]byte{0xef, 0x01, 0x00}, bytes.Repeat([]byte{0xcc}, 20)...)
	delegated := account(1, 5, indicator)

	codeFirst, accountFirst := memTrie(t), memTrie(t)
	codeFirst.UpdateContractCode(a, crypto.Keccak256Hash(indicator), indicator)
	codeFirst.UpdateAccount(a, delegated, len(indicator))
	accountFirst.UpdateAccount(a, delegated, len(indicator))
	accountFirst.UpdateContractCode(a, crypto.Keccak256Hash(indicator), indicator)
	if codeFirst.Hash() != accountFirst.Hash() {
		t.Fatal("the order of the account and code writes changes the root")
	}
	for _, tr := range []*Trie{codeFirst, accountFirst} {
		if v, _ := tr.tree.Get(CodeHashKey(a)); v != nil {
			t.Fatal("a delegated account holds a code hash leaf")
		}
		want := DelegationValue(indicator)
		if v, _ := tr.tree.Get(DelegationKey(a)); !bytes.Equal(v, want[:]) {
			t.Fatalf("delegation leaf %x, want %x", v, want)
		}
		got, err := tr.GetAccount(a)
		if err != nil || !bytes.Equal(got.CodeHash, delegated.CodeHash) || got.Nonce != 1 {
			t.Fatalf("delegated account reads %+v, %v", got, err)
		}
		// A balance change keeps the delegation.
		tr.UpdateAccount(a, account(1, 7, indicator), len(indicator))
		if v, _ := tr.tree.Get(DelegationKey(a)); v == nil {
			t.Fatal("a balance change dropped the delegation")
		}
	}
	// Clearing: an authorization to the zero address leaves empty code.
	tr := codeFirst
	tr.UpdateContractCode(a, types.EmptyCodeHash, nil)
	tr.UpdateAccount(a, account(2, 7, nil), 0)
	never := memTrie(t)
	never.UpdateAccount(a, account(2, 7, nil), 0)
	if tr.Hash() != never.Hash() {
		t.Fatal("a cleared delegation leaves a different root than an account that never had one")
	}
}

// TestTrieDeleteAccount checks that deleting an account removes its header
// and storage and keeps its code, which other accounts may share.
func TestTrieDeleteAccount(t *testing.T) {
	a, b := common.Address{1}, common.Address{2}
	code := bytes.Repeat([]byte{0x5b}, 100)
	write := func(tr *Trie, addr common.Address) {
		tr.UpdateAccount(addr, account(1, 1, code), len(code))
		tr.UpdateContractCode(addr, crypto.Keccak256Hash(code), code)
		for _, slot := range []byte{1, 70, 200} {
			tr.UpdateStorage(addr, []byte{slot}, []byte{slot})
			tr.UpdateStorage(addr, []byte{1, slot}, []byte{slot}) // another storage group
		}
	}
	tr := memTrie(t)
	write(tr, a)
	write(tr, b)
	root, set := tr.Commit(false)
	db := &recordDB{records: make(map[string][]byte)}
	db.apply(t, set)

	reopened := openTrie(t, db, root, 4)
	if err := reopened.DeleteAccount(a); err != nil {
		t.Fatal(err)
	}
	onlyB := memTrie(t)
	write(onlyB, b)
	if reopened.Hash() != onlyB.Hash() {
		t.Fatal("deleting an account leaves a different root than never writing it (its code is shared)")
	}
	if got, _ := reopened.GetAccount(a); got != nil {
		t.Fatalf("deleted account reads %+v", got)
	}
	if v, _ := reopened.GetStorage(a, []byte{1, 70}); v != nil {
		t.Fatal("deleted account keeps a slot")
	}
	// The deletion commits: the records on disk give the new root.
	newRoot, set := reopened.Commit(false)
	db.apply(t, set)
	if got := openTrie(t, db, newRoot, 4); got.Hash() != newRoot {
		t.Fatal("reopened after the deletion, the root differs")
	}
	if v, _ := openTrie(t, db, newRoot, 4).GetStorage(b, []byte{1, 200}); !bytes.Equal(v, common.LeftPadBytes([]byte{200}, 32)) {
		t.Fatalf("the other account's slot reads %x", v)
	}
}

// TestTrieCopy checks that a copy and the original change independently.
func TestTrieCopy(t *testing.T) {
	tr := memTrie(t)
	tr.UpdateAccount(common.Address{1}, account(1, 1, nil), 0)
	cp := tr.Copy()
	cp.UpdateAccount(common.Address{2}, account(1, 1, nil), 0)
	if got, _ := tr.GetAccount(common.Address{2}); got != nil {
		t.Fatal("a write to the copy shows in the original")
	}
	if tr.Hash() == cp.Hash() {
		t.Fatal("copy and original share a root after diverging")
	}
}

func TestTrieRefusals(t *testing.T) {
	if _, err := New(common.Hash{}, &recordDB{}, 0); err == nil {
		t.Fatal("group depth 0 accepted")
	}
	if _, err := New(common.Hash{}, &recordDB{}, MaxGroupDepth+1); err == nil {
		t.Fatal("group depth above the maximum accepted")
	}
	tr := memTrie(t)
	big := new(uint256.Int).Lsh(uint256.NewInt(1), 130)
	if err := tr.UpdateAccount(common.Address{1}, &types.StateAccount{Balance: big, CodeHash: types.EmptyCodeHash[:]}, 0); err == nil {
		t.Fatal("a balance over 128 bits is accepted")
	}
}
