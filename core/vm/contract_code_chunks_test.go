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
	"math/big"
	"math/rand"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// TestCodeChunkChargesMatchAccessEvents drives the per-instruction and PUSH
// code-chunk charges of a frame with random programs counters, push sizes
// and gas budgets, and checks every step against CodeChunksRangeGas called
// directly on a second, identical access-event set: the frame's cache must
// never change the gas charged or an out-of-gas outcome.
func TestCodeChunkChargesMatchAccessEvents(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	addr := common.HexToAddress("0xc0de")
	for round := 0; round < 200; round++ {
		code := make([]byte, 1+rng.Intn(3*256*codeChunkSize))
		evm := &EVM{TxContext: TxContext{AccessEvents: state.NewAccessEvents()}}
		ref := state.NewAccessEvents()
		gas := uint64(rng.Intn(20)) * params.WitnessChunkReadCost
		if rng.Intn(2) == 0 {
			gas = 1 << 40
		}
		contract := NewContract(common.Address{}, addr, new(uint256.Int), NewGasBudget(gas, 0), nil)
		contract.Code = code
		refGas := gas
		arena := newArena()

		pc := uint64(0)
		for step := 0; step < 400; step++ {
			// Mostly sequential execution, sometimes a jump, sometimes past the end.
			switch r := rng.Intn(20); {
			case r == 0:
				pc = uint64(rng.Intn(len(code) + 2))
			case r == 1:
				pc = uint64(len(code))
			default:
				pc += uint64(1 + rng.Intn(3))
			}
			var err error
			refGas, err = chargeCodeChunkStep(t, rng, evm, arena, contract, ref, pc, refGas, fmt.Sprintf("round %d step %d", round, step))
			if err != nil {
				break
			}
		}
	}
}

// chargeCodeChunkStep charges one step of a frame at pc as the interpreter
// would: a PUSHn whose data starts at pc+1 (one step in four, n at random)
// or the instruction at pc. It charges the same range directly on ref, whose
// frame has refGas left, and fails t, naming the step with where, if the gas
// left or the out-of-gas outcome differ. It returns the reference's gas left
// and the frame's error.
func chargeCodeChunkStep(t *testing.T, rng *rand.Rand, evm *EVM, arena *stackArena, contract *Contract, ref *state.AccessEvents, pc, refGas uint64, where string) (uint64, error) {
	t.Helper()
	code := contract.Code
	var (
		start, size uint64
		err         error
	)
	if rng.Intn(4) == 0 {
		n := 1 + rng.Intn(32)
		start, size = min(uint64(len(code)), pc+1), uint64(n)
		scope := &ScopeContext{Stack: arena.stack(), Contract: contract}
		p := pc
		_, err = makePushEIP4762(uint64(n), n)(&p, evm, scope)
	} else {
		start, size = pc, 1
		err = contract.chargeVerkleCodeChunkGas(evm, pc, true)
	}
	consumed, wanted := ref.CodeChunksRangeGas(contract.Address(), start, size, uint64(len(code)), false, refGas)
	refGas -= consumed
	if refOOG := consumed < wanted; refOOG != (err == ErrOutOfGas) {
		t.Fatalf("%s (start %d size %d, code %d): out of gas %v, reference %v", where, start, size, len(code), err, refOOG)
	}
	if contract.Gas.ExecutionGas != refGas {
		t.Fatalf("%s (start %d size %d, code %d): gas left %d, reference %d", where, start, size, len(code), contract.Gas.ExecutionGas, refGas)
	}
	return refGas, err
}

// codeChunkLoop returns code that counts n down to zero in a loop whose body
// spans three code chunks, the shape of a contract's inner loop.
func codeChunkLoop(n uint16) []byte {
	code := []byte{byte(PUSH2), byte(n >> 8), byte(n)} // counter
	loop := len(code)
	code = append(code, byte(JUMPDEST))
	for i := 0; i < 30; i++ { // 60 bytes of body: two more chunks
		code = append(code, byte(PUSH0), byte(POP))
	}
	code = append(code, byte(PUSH1), 1, byte(SWAP1), byte(SUB), byte(DUP1),
		byte(PUSH2), byte(loop>>8), byte(loop), byte(JUMPI), byte(STOP))
	return code
}

func newCodeChunkEVM(tb testing.TB, code []byte, tracer *tracing.Hooks) (*EVM, common.Address) {
	tb.Helper()
	cfg := *params.MergedTestChainConfig
	cfg.UBTTime = new(uint64)
	statedb, _ := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	addr := common.HexToAddress("0xc0de")
	statedb.CreateAccount(addr)
	statedb.SetCode(addr, code, tracing.CodeChangeUnspecified)
	statedb.Finalise(params.Rules{IsEIP158: true})
	ctx := BlockContext{
		CanTransfer: func(StateDB, common.Address, *uint256.Int) bool { return true },
		Transfer:    func(StateDB, common.Address, common.Address, *uint256.Int, *params.Rules) {},
		BlockNumber: big.NewInt(0),
		Random:      &common.Hash{},
	}
	evm := NewEVM(ctx, statedb, &cfg, Config{Tracer: tracer})
	if !evm.chainRules.IsEIP4762 {
		tb.Fatal("EIP-4762 not active")
	}
	return evm, addr
}

// TestCodeChunkLoopGas runs a loop across three chunks under EIP-4762 with a
// gas tracer: the tracer sees one witness code-chunk event per executed
// instruction, cached or not, and the call costs the loop's opcodes plus
// the three chunks' witness gas once.
func TestCodeChunkLoopGas(t *testing.T) {
	var events, charged int
	tracer := &tracing.Hooks{OnGasChange: func(old, new uint64, reason tracing.GasChangeReason) {
		if reason == tracing.GasChangeWitnessCodeChunk {
			events++
			charged += int(old - new)
		}
	}}
	const n = 50
	code := codeChunkLoop(n)
	evm, addr := newCodeChunkEVM(t, code, tracer)
	evm.SetTxContext(TxContext{})
	if _, _, err := evm.Call(common.Address{}, addr, nil, NewGasBudget(10_000_000, 0), new(uint256.Int)); err != nil {
		t.Fatal(err)
	}
	// PUSH2 before the loop, JUMPDEST, 60 body and 6 counter instructions per
	// iteration, STOP at the end.
	if want := 1 + n*67 + 1; events != want {
		t.Errorf("witness code-chunk events: %d, want %d", events, want)
	}
	chunks := (len(code) + codeChunkSize - 1) / codeChunkSize
	if want := int(params.WitnessBranchReadCost) + chunks*int(params.WitnessChunkReadCost); charged != want {
		t.Errorf("witness code-chunk gas: %d, want %d (%d chunks)", charged, want, chunks)
	}
}

// BenchmarkCodeChunkCharging measures a call that runs a 1,000-iteration loop
// under EIP-4762, a fresh transaction (and access-event set) per call.
func BenchmarkCodeChunkCharging(b *testing.B) {
	evm, addr := newCodeChunkEVM(b, codeChunkLoop(1000), nil)
	b.ReportAllocs()
	for b.Loop() {
		evm.SetTxContext(TxContext{})
		if _, _, err := evm.Call(common.Address{}, addr, nil, NewGasBudget(100_000_000, 0), new(uint256.Int)); err != nil {
			b.Fatal(err)
		}
	}
}
