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
package vm

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// newAccessEventsEVM returns an EVM with EIP-4762 (binary trie) rules.
func newAccessEventsEVM(tb testing.TB) *EVM {
	tb.Helper()
	cfg := *params.MergedTestChainConfig
	cfg.UBTTime = new(uint64)
	statedb, _ := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	ctx := BlockContext{BlockNumber: big.NewInt(0), Random: &common.Hash{}}
	evm := NewEVM(ctx, statedb, &cfg, Config{})
	if !evm.chainRules.IsEIP4762 {
		tb.Fatal("EIP-4762 not active")
	}
	return evm
}

func accessEventsSlot(tx, i int) common.Hash {
	var h common.Hash
	binary.BigEndian.PutUint64(h[8:], uint64(tx))
	binary.BigEndian.PutUint64(h[24:], uint64(i)*0x9e3779b97f4a7c15)
	return h
}

// runAccessEventsTx starts a transaction on evm, reads and writes slots of
// contract, merges its events into block and returns the witness gas charged.
func runAccessEventsTx(evm *EVM, block *state.AccessEvents, contract common.Address, tx, slots int) uint64 {
	evm.SetTxContext(TxContext{Origin: common.Address{byte(tx)}})
	evm.AccessEvents.AddTxOrigin(evm.Origin)
	var gas uint64
	for i := 0; i < slots; i++ {
		gas += evm.AccessEvents.SlotGas(contract, accessEventsSlot(tx, i), false, math.MaxUint64, true)
		gas += evm.AccessEvents.SlotGas(contract, accessEventsSlot(tx, i), i%2 == 0, math.MaxUint64, true)
	}
	block.Merge(evm.AccessEvents)
	return gas
}

// TestSetTxContextAccessEvents checks that every transaction starts with no
// access events, so that the slots of the previous one are cold again, and
// that the block-level events keep every transaction's accesses.
func TestSetTxContextAccessEvents(t *testing.T) {
	evm := newAccessEventsEVM(t)
	contract := common.HexToAddress("0xc0de")
	block := state.NewAccessEvents()

	// Every transaction touches the same slots: tx 0's.
	first := runAccessEventsTx(evm, block, contract, 0, 40)
	if first == 0 {
		t.Fatal("first transaction charged no witness gas")
	}
	keys := len(block.Keys())
	for tx := 1; tx < 4; tx++ {
		evm.SetTxContext(TxContext{})
		var gas uint64
		for i := 0; i < 40; i++ {
			gas += evm.AccessEvents.SlotGas(contract, accessEventsSlot(0, i), false, math.MaxUint64, true)
			gas += evm.AccessEvents.SlotGas(contract, accessEventsSlot(0, i), i%2 == 0, math.MaxUint64, true)
		}
		// The origin of tx 0 is not touched here, so less gas than tx 0.
		fresh := state.NewAccessEvents()
		var want uint64
		for i := 0; i < 40; i++ {
			want += fresh.SlotGas(contract, accessEventsSlot(0, i), false, math.MaxUint64, true)
			want += fresh.SlotGas(contract, accessEventsSlot(0, i), i%2 == 0, math.MaxUint64, true)
		}
		if gas != want {
			t.Fatalf("tx %d: charged %d for tx 0's slots, a fresh transaction is charged %d", tx, gas, want)
		}
		block.Merge(evm.AccessEvents)
	}
	if got := len(block.Keys()); got != keys {
		t.Fatalf("block-level events: %d keys, want %d", got, keys)
	}
	// New slots in a later transaction add to the block's keys.
	runAccessEventsTx(evm, block, contract, 9, 40)
	if got := len(block.Keys()); got <= keys {
		t.Fatalf("block-level events: %d keys after a transaction with new slots, want more than %d", got, keys)
	}
}

// BenchmarkBlockAccessEvents measures the EIP-4762 access-event accounting of
// one block: per transaction SetTxContext, the origin, a read of every slot
// and a write of half of them, then a merge into the block's events. Shapes:
// many transactions of a few slots (token transfers, balance reads) and few
// of many (storage benchmarks, batch contracts).
func BenchmarkBlockAccessEvents(b *testing.B) {
	for _, shape := range []struct{ txs, slots int }{{1000, 4}, {100, 40}, {10, 1000}} {
		b.Run(fmt.Sprintf("txs=%d/slots=%d", shape.txs, shape.slots), func(b *testing.B) {
			evm := newAccessEventsEVM(b)
			contract := common.HexToAddress("0xc0de")
			b.ReportAllocs()
			for b.Loop() {
				block := state.NewAccessEvents()
				for tx := 0; tx < shape.txs; tx++ {
					runAccessEventsTx(evm, block, contract, tx, shape.slots)
				}
			}
		})
	}
}
