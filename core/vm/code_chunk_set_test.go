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
	"fmt"
	"math/rand"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

func TestCodeChunkSet(t *testing.T) {
	var s codeChunkSet
	if s.hasRange(0, 0) || s.hasRange(200, 300) {
		t.Fatal("empty set has chunks")
	}
	s.addRange(62, 65)
	s.addRange(300, 300)
	for _, c := range []struct {
		first, last uint64
		want        bool
	}{
		{62, 65, true}, {63, 64, true}, {61, 62, false}, {65, 66, false},
		{300, 300, true}, {299, 300, false}, {301, 400, false}, {0, 0, false},
	} {
		if got := s.hasRange(c.first, c.last); got != c.want {
			t.Errorf("hasRange(%d, %d) = %v, want %v", c.first, c.last, got, c.want)
		}
	}
}

// codeChunkFrame is one call frame of TestCodeChunksAcrossFrames, with the
// gas the reference charges would leave it.
type codeChunkFrame struct {
	contract *Contract
	refGas   uint64
}

// TestCodeChunksAcrossFrames drives code-chunk charges of many call frames of
// a few accounts in a sequence of transactions, with random program counters,
// push sizes and gas budgets, and checks every step against
// CodeChunksRangeGas called directly on a second access-event set that is
// replaced with every transaction. Frames of one account share the chunks
// paid for in the transaction, including frames that run other code under
// the account's address (DELEGATECALL) and so have another code length; a new
// transaction must start with none paid for.
func TestCodeChunksAcrossFrames(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	addrs := []common.Address{common.HexToAddress("0xc0de"), common.HexToAddress("0xbeef")}
	codes := [][]byte{
		make([]byte, 5*codeChunkSize+7),
		make([]byte, 70*codeChunkSize),
		make([]byte, 3*256*codeChunkSize),
	}
	evm := &EVM{}
	var (
		ref    *state.AccessEvents
		frames []*codeChunkFrame
		arena  = newArena()
	)
	newTx := func() {
		evm.SetTxContext(TxContext{})
		evm.AccessEvents = state.NewAccessEvents()
		ref = state.NewAccessEvents()
		frames = frames[:0]
	}
	newTx()
	for step := 0; step < 20000; step++ {
		if rng.Intn(500) == 0 {
			newTx()
		}
		if len(frames) == 0 || rng.Intn(50) == 0 {
			gas := uint64(rng.Intn(40)) * params.WitnessChunkReadCost
			if rng.Intn(3) != 0 {
				gas = 1 << 40
			}
			c := NewContract(common.Address{}, addrs[rng.Intn(len(addrs))], new(uint256.Int), NewGasBudget(gas, 0), nil)
			c.Code = codes[rng.Intn(len(codes))]
			frames = append(frames, &codeChunkFrame{contract: c, refGas: gas})
		}
		i := rng.Intn(len(frames))
		f := frames[i]
		pc := uint64(rng.Intn(len(f.contract.Code) + 2))
		var err error
		f.refGas, err = chargeCodeChunkStep(t, rng, evm, arena, f.contract, ref, pc, f.refGas, fmt.Sprintf("step %d", step))
		if err != nil {
			frames = append(frames[:i], frames[i+1:]...)
		}
	}
}

// BenchmarkCodeChunkChargingCalls measures one transaction that calls the
// same contract 100 times, each call a new frame running a 10-iteration loop
// over three chunks under EIP-4762: the shape of a contract called in a loop
// (a token's balanceOf, a router's pool).
func BenchmarkCodeChunkChargingCalls(b *testing.B) {
	evm, addr := newCodeChunkEVM(b, codeChunkLoop(10), nil)
	b.ReportAllocs()
	for b.Loop() {
		evm.SetTxContext(TxContext{})
		for i := 0; i < 100; i++ {
			if _, _, err := evm.Call(common.Address{}, addr, nil, NewGasBudget(10_000_000, 0), new(uint256.Int)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
