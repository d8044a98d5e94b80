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
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm/runtime"

	"statelab/tools/internal/statekind"
)

// TestMainnetReader runs the reader contract on records of every kind (a
// holder's balance through the token, a sequential slot through the slots
// contract, tail slots through their getters) and checks that it read
// exactly the slots the records name.
func TestMainnetReader(t *testing.T) {
	shape, err := newMainnetShape(5000)
	if err != nil {
		t.Fatal(err)
	}
	const seed = 3
	r := &mainnetReads{seed: seed, shape: shape, salt: slotsSalt(seed), slotsN: new(big.Int).Lsh(common.Big1, 64)}
	sdb, err := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	if err != nil {
		t.Fatal(err)
	}
	sdb.SetCode(mainnetReaderAddress, mainnetReaderCode, tracing.CodeChangeUnspecified)
	sdb.SetCode(tokenAddress, tokenCode, tracing.CodeChangeUnspecified)
	sdb.SetCode(slotsAddress, slotsCode, tracing.CodeChangeUnspecified)
	for j := uint64(2); j < shape.contracts; j++ {
		sdb.SetCode(tailAddress(seed, j), tailCode(seed, j), tracing.CodeChangeUnspecified)
	}
	// Reads until every kind is drawn.
	want := map[common.Address]map[common.Hash]bool{}
	kinds := map[string]bool{}
	var n uint64
	for ; n < 2000 && len(kinds) < 3; n++ {
		h := derive(domainMainnetRead, seed, n)
		pick := new(big.Int).SetBytes(h[:8]).Uint64() % shape.slots[shape.contracts]
		var addr common.Address
		var key common.Hash
		switch {
		case pick < shape.slots[1]:
			addr, key, kinds["holder"] = tokenAddress, tokenBalanceKey(deriveAddress(domainHolder, seed, pick)), true
		case pick < shape.slots[2]:
			addr, key, kinds["slot"] = slotsAddress, slotKey(pick-shape.slots[1]), true
		default:
			j, k := shape.tailSlot(pick - shape.slots[2])
			addr, key, kinds["tail"] = tailAddress(seed, j), tailSlotKey(seed, j, k), true
		}
		if want[addr] == nil {
			want[addr] = map[common.Hash]bool{}
		}
		want[addr][key] = true
	}
	if len(kinds) < 3 {
		t.Fatalf("%d reads drew only %v", n, kinds)
	}
	cfg := &runtime.Config{State: sdb, GasLimit: 100_000_000, ChainConfig: chainConfig(statekind.MPT, forkDefault), Value: new(big.Int)}
	if _, _, err := runtime.Call(mainnetReaderAddress, r.call(0, n), cfg); err != nil {
		t.Fatal(err)
	}
	for addr, keys := range want {
		for key := range keys {
			if _, ok := sdb.SlotInAccessList(addr, key); !ok {
				t.Errorf("slot %x of %x was not read", key, addr)
			}
		}
	}
}
