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
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"

	"statelab/tools/internal/statekind"
)

// airdropEnv runs airdropCode in a real EVM, on the Shanghai (UBT) or the
// Prague (MPT) instruction set.
type airdropEnv struct {
	config  *params.ChainConfig
	statedb *state.StateDB
	origin  common.Address
}

func newAirdropEnv(t *testing.T, config *params.ChainConfig) *airdropEnv {
	statedb, err := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	if err != nil {
		t.Fatal(err)
	}
	statedb.SetCode(airdropAddress, airdropCode, 0)
	origin := common.Address{0xa1}
	statedb.AddBalance(origin, uint256.MustFromBig(senderBalance), tracing.BalanceChangeUnspecified)
	return &airdropEnv{config: config, statedb: statedb, origin: origin}
}

// call sends value with calldata to the airdrop contract.
func (e *airdropEnv) call(input []byte, value *big.Int) error {
	_, _, err := runtime.Call(airdropAddress, input, &runtime.Config{
		ChainConfig: e.config,
		Origin:      e.origin,
		GasLimit:    forkDefault.gas().batchGas(maxBatchItems),
		Value:       value,
		BlockNumber: big.NewInt(1),
		Random:      &common.Hash{},
		State:       e.statedb,
	})
	return err
}

// TestAirdrop checks that a batch creates exactly the plain accounts of
// its index list, out of order and with gaps, each with its accountValue
// balance, and that the contract keeps nothing.
func TestAirdrop(t *testing.T) {
	for name, config := range map[string]*params.ChainConfig{"shanghai": shanghaiConfig(), "prague": chainConfig(statekind.MPT, forkDefault)} {
		t.Run(name, func(t *testing.T) {
			const seed = 11
			indices := entryOrder{40, 5, 6, 17, 255, 256, 1 << 31, 9}
			listed := make(map[uint64]bool)
			for _, i := range indices {
				listed[uint64(i)] = true
			}
			e := newAirdropEnv(t, config)
			if err := e.call(airdropCalldata(seed, indices), airdropValue(seed, indices)); err != nil {
				t.Fatalf("airdrop call: %v", err)
			}
			for _, i := range append(indexRange(0, 300), 1<<31, 1<<31+1) {
				i := uint64(i)
				addr := deriveAddress(domainAccount, seed, i)
				want := new(big.Int)
				if listed[i] {
					want = accountValue(seed, i)
				}
				if have := e.statedb.GetBalance(addr); have.ToBig().Cmp(want) != 0 {
					t.Errorf("account %d (%x): balance %v, want %v", i, addr, have, want)
				}
				if exists := e.statedb.Exist(addr); exists != (want.Sign() > 0) {
					t.Errorf("account %d (%x): exists %v", i, addr, exists)
				}
			}
			if b := e.statedb.GetBalance(airdropAddress); !b.IsZero() {
				t.Errorf("airdrop contract kept %v wei", b)
			}
		})
	}
}

// TestAirdropUnderpaid checks that a batch paid too little reverts
// without creating any account.
func TestAirdropUnderpaid(t *testing.T) {
	const seed = 3
	indices := indexRange(0, 8)
	e := newAirdropEnv(t, chainConfig(statekind.MPT, forkDefault))
	value := new(big.Int).Sub(airdropValue(seed, indices), common.Big1)
	if err := e.call(airdropCalldata(seed, indices), value); err == nil {
		t.Fatal("underpaid airdrop succeeded")
	}
	for _, i := range indices {
		if addr := deriveAddress(domainAccount, seed, uint64(i)); e.statedb.Exist(addr) {
			t.Errorf("account %d (%x) created by a reverted batch", i, addr)
		}
	}
}

// TestAirdropValue checks the batch value against the per-account values.
func TestAirdropValue(t *testing.T) {
	sum := new(big.Int)
	for i := uint64(7); i < 17; i++ {
		v := accountValue(1, i)
		if v.Sign() <= 0 || v.Cmp(big.NewInt(1_000_000*params.GWei)) > 0 {
			t.Fatalf("account %d value %v out of range", i, v)
		}
		sum.Add(sum, v)
	}
	if have := airdropValue(1, indexRange(7, 10)); have.Cmp(sum) != 0 {
		t.Fatalf("batch value %v, want %v", have, sum)
	}
}
