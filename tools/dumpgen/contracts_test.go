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
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm/runtime"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/statekind"
)

// TestSlotsWriteList checks that the population's list call writes exactly
// the listed slots, out of order and with gaps, with the population's
// values, on the Shanghai (UBT) and the Prague (MPT) instruction set.
func TestSlotsWriteList(t *testing.T) {
	for name, config := range map[string]*params.ChainConfig{"shanghai": shanghaiConfig(), "prague": chainConfig(statekind.MPT, forkDefault)} {
		t.Run(name, func(t *testing.T) {
			const seed = 4
			slots := entryOrder{300, 2, 3, 70, 1 << 31, 0, 255}
			listed := make(map[uint64]bool)
			for _, k := range slots {
				listed[uint64(k)] = true
			}
			statedb, err := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
			if err != nil {
				t.Fatal(err)
			}
			statedb.SetCode(slotsAddress, slotsCode, 0)
			_, _, err = runtime.Call(slotsAddress, slotsCalldata(seed, slots), &runtime.Config{
				ChainConfig: config, Origin: common.Address{1}, GasLimit: forkDefault.gas().batchGas(uint64(len(slots))),
				BlockNumber: big.NewInt(1), Random: &common.Hash{}, State: statedb,
			})
			if err != nil {
				t.Fatalf("list call: %v", err)
			}
			for _, k := range append(indexRange(0, 400), 1<<31, 1<<31+1) {
				k := uint64(k)
				want := common.Hash{}
				if listed[k] {
					want = slotValue(seed, k)
				}
				if have := statedb.GetState(slotsAddress, slotKey(k)); have != want {
					t.Errorf("slot %d: %x, want %x", k, have, want)
				}
			}
		})
	}
}
