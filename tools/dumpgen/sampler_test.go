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

package main

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm/runtime"
	"github.com/holiman/uint256"
)

// samplerEnv is a small population in a real EVM state: accounts, token
// holders and sequential slots made as the population makes them.
type samplerEnv struct {
	*tokenEnv
	seed  uint64
	split [numKinds]uint64
}

func newSamplerEnv(t *testing.T) *samplerEnv {
	e := &samplerEnv{tokenEnv: newTokenEnv(t, shanghaiConfig()), seed: 7, split: [numKinds]uint64{5, 4, 6}}
	db := e.statedb
	db.SetCode(slotsAddress, slotsCode, 0)
	db.SetCode(samplerAddress, samplerCode, 0)
	db.SetBalance(samplerAddress, uint256.MustFromBig(samplerBalance), tracing.BalanceChangeUnspecified)
	for i := uint64(0); i < e.split[kindAccount]; i++ {
		db.SetBalance(deriveAddress(domainAccount, e.seed, i), uint256.MustFromBig(accountValue(e.seed, i)), tracing.BalanceChangeUnspecified)
	}
	if _, err, _ := e.call(common.Address{1}, tokenCalldata(e.seed, indexRange(0, e.split[kindHolder]))); err != nil {
		t.Fatal(err)
	}
	for k := uint64(0); k < e.split[kindSlot]; k++ {
		db.SetState(slotsAddress, slotKey(k), slotValue(e.seed, k))
	}
	return e
}

// run calls the sampler; the access list then holds what it touched.
func (e *samplerEnv) run(op uint64, salt common.Hash, start, count uint64) {
	e.t.Helper()
	e.ntx++
	e.statedb.SetTxContext(common.BigToHash(big.NewInt(int64(e.ntx))), e.ntx, 0)
	_, _, err := runtime.Call(samplerAddress, samplerCall(op, salt, start, count, e.seed, e.split), &runtime.Config{
		ChainConfig: e.config, Origin: common.Address{1}, GasLimit: 10_000_000, BlockNumber: big.NewInt(1), Random: &common.Hash{}, State: e.statedb,
	})
	if err != nil {
		e.t.Fatalf("sampler op %d: %v", op, err)
	}
}

// TestSamplerDraws checks the Go mirror of the sampler's draw: every kind
// is drawn, in proportion to its entries.
func TestSamplerDraws(t *testing.T) {
	split := [numKinds]uint64{500, 250, 250}
	var seen [numKinds]int
	for j := uint64(0); j < 4000; j++ {
		k, idx := samplerEntry(common.Hash{3}, j, split)
		if idx >= split[k] {
			t.Fatalf("op %d: %s index %d of %d", j, kindNames[k], idx, split[k])
		}
		seen[k]++
	}
	for k, n := range seen {
		want := 4000 * float64(split[k]) / 1000
		if float64(n) < 0.9*want || float64(n) > 1.1*want {
			t.Errorf("%s drawn %d times, want about %.0f", kindNames[k], n, want)
		}
	}
}

// TestSamplerRead runs reads in a real EVM: every entry the Go mirror
// predicts is touched, and nothing changes.
func TestSamplerRead(t *testing.T) {
	e := newSamplerEnv(t)
	salt := common.Hash{0x11}
	root := e.statedb.IntermediateRoot(e.config.Rules(big.NewInt(1), true, 0))
	e.run(samplerOpRead, salt, 10, 30)
	for j := uint64(10); j < 40; j++ {
		k, idx := samplerEntry(salt, j, e.split)
		switch k {
		case kindAccount:
			if a := deriveAddress(domainAccount, e.seed, idx); !e.statedb.AddressInAccessList(a) {
				t.Errorf("op %d: account %d (%x) not read", j, idx, a)
			}
		case kindHolder:
			key := tokenBalanceKey(deriveAddress(domainHolder, e.seed, idx))
			if _, ok := e.statedb.SlotInAccessList(tokenAddress, key); !ok {
				t.Errorf("op %d: holder %d not read", j, idx)
			}
		case kindSlot:
			if _, ok := e.statedb.SlotInAccessList(slotsAddress, slotKey(idx)); !ok {
				t.Errorf("op %d: slot %d not read", j, idx)
			}
		}
	}
	if got := e.statedb.IntermediateRoot(e.config.Rules(big.NewInt(1), true, 0)); got != root {
		t.Errorf("reads changed the state root: %x -> %x", root, got)
	}
}

// TestSamplerWrite runs writes in a real EVM: each drawn account gains a
// wei per draw, each holder a token unit, each slot the salted value.
func TestSamplerWrite(t *testing.T) {
	e := newSamplerEnv(t)
	salt := common.Hash{0x22}
	var draws [numKinds]map[uint64]int64
	for k := range draws {
		draws[k] = map[uint64]int64{}
	}
	for j := uint64(0); j < 40; j++ {
		k, idx := samplerEntry(salt, j, e.split)
		draws[k][idx]++
	}
	e.run(samplerOpWrite, salt, 0, 40)
	for idx, n := range draws[kindAccount] {
		want := new(big.Int).Add(accountValue(e.seed, idx), big.NewInt(n))
		if got := e.statedb.GetBalance(deriveAddress(domainAccount, e.seed, idx)).ToBig(); got.Cmp(want) != 0 {
			t.Errorf("account %d: balance %v, want %v", idx, got, want)
		}
	}
	for idx, n := range draws[kindHolder] {
		holder := deriveAddress(domainHolder, e.seed, idx)
		want := new(big.Int).Add(new(big.Int).SetBytes(tokenAmount(e.seed, idx)), big.NewInt(n))
		if got := e.statedb.GetState(tokenAddress, tokenBalanceKey(holder)).Big(); got.Cmp(want) != 0 {
			t.Errorf("holder %d: balance %v, want %v", idx, got, want)
		}
	}
	for k := uint64(0); k < e.split[kindSlot]; k++ {
		want := slotValue(e.seed, k)
		if draws[kindSlot][k] > 0 {
			want = slotValueSalted(salt, k)
		}
		if got := e.statedb.GetState(slotsAddress, slotKey(k)); got != want {
			t.Errorf("slot %d: %x, want %x (drawn %d times)", k, got, want, draws[kindSlot][k])
		}
	}
	if len(draws[kindAccount]) == 0 || len(draws[kindHolder]) == 0 || len(draws[kindSlot]) == 0 {
		t.Fatalf("40 draws missed a kind: %v", draws)
	}
}
