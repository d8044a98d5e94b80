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
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/params"
	"github.com/holiman/uint256"
)

// eip4762DiffConfigs are the chain configurations the EIP-4762 lane is checked
// under: EIP-4762 on its own (the verkle table) and with Osaka (whose table
// the EVM selects before the verkle one, while the code-chunk charges stay).
var eip4762DiffConfigs = func() map[string]*params.ChainConfig {
	ubt := *params.MergedTestChainConfig
	ubt.ShanghaiTime, ubt.CancunTime, ubt.PragueTime, ubt.OsakaTime = new(uint64), nil, nil, nil
	ubt.BlobScheduleConfig = nil
	ubt.UBTTime = new(uint64)
	osaka := *params.MergedTestChainConfig
	osaka.UBTTime = new(uint64)
	return map[string]*params.ChainConfig{"UBT": &ubt, "UBT+Osaka": &osaka}
}()

// eip4762Result is what a diff run observes, plus the access events the
// execution recorded, which EIP-4762 charges by.
type eip4762Result struct {
	diffResult
	keys [][]byte
}

// runEIP4762 runs code at diffContractAddr under cfg in the table loop or the
// generated dispatch.
func runEIP4762(t testing.TB, cfg *params.ChainConfig, useTableLoop bool, code, input []byte, gas uint64) eip4762Result {
	t.Helper()
	statedb := newDiffState(t)
	statedb.SetCode(diffContractAddr, code, tracing.CodeChangeUnspecified)
	statedb.Finalise(params.Rules{IsEIP158: true})

	evm := NewEVM(diffBlockCtx(true), statedb, cfg, Config{})
	if !evm.chainRules.IsEIP4762 {
		t.Fatal("EIP-4762 is not active")
	}
	evm.SetTxContext(TxContext{Origin: diffCaller, GasPrice: uint256.NewInt(1)})
	evm.forceTableLoop = useTableLoop
	ret, left, err := evm.Call(diffCaller, diffContractAddr, input, NewGasBudget(gas, 0), new(uint256.Int))
	res := eip4762Result{diffResult: diffResult{ret: ret, gas: left, refund: statedb.GetRefund(),
		root: statedb.IntermediateRoot(params.Rules{IsEIP158: true}), logs: statedb.Logs()}}
	if err != nil {
		res.errStr = err.Error()
	}
	res.keys = evm.AccessEvents.Keys()
	slices.SortFunc(res.keys, bytes.Compare)
	return res
}

// checkEIP4762Diff runs code through both loops and fails on any divergence,
// access events included.
func checkEIP4762Diff(t *testing.T, name string, cfg *params.ChainConfig, code, input []byte, gas uint64) {
	t.Helper()
	table := runEIP4762(t, cfg, true, code, input, gas)
	gen := runEIP4762(t, cfg, false, code, input, gas)
	if where, ok := gen.equal(table.diffResult); !ok {
		t.Fatalf("%s: divergence in %s: code=%x gas=%d\n  table: ret=%x %s err=%q\n  gen:   ret=%x %s err=%q",
			name, where, code, gas, table.ret, gasSummary(table.gas), table.errStr, gen.ret, gasSummary(gen.gas), gen.errStr)
	}
	if !slices.EqualFunc(gen.keys, table.keys, bytes.Equal) {
		t.Fatalf("%s: the generated lane recorded %d access events, the table loop %d: code=%x gas=%d", name, len(gen.keys), len(table.keys), code, gas)
	}
}

// TestInterpreterDiffEIP4762 checks the generated EIP-4762 lane against the
// table-walking loop: the diff programs at their own gas and at budgets that
// run out part way (where a code-chunk or access-event charge fails first),
// every opcode with a case at the edges of its stack bounds, and random code
// heavy in PUSHes across chunk boundaries.
func TestInterpreterDiffEIP4762(t *testing.T) {
	input := []byte{0xde, 0xad, 0xbe, 0xef}
	for name, cfg := range eip4762DiffConfigs {
		for _, prog := range diffPrograms {
			checkEIP4762Diff(t, name+"/"+prog.name, cfg, prog.code, input, prog.gas)
			for gas := uint64(0); gas < 6000; gas += 211 {
				checkEIP4762Diff(t, name+"/"+prog.name, cfg, prog.code, input, gas)
			}
		}
		for _, op := range generatedCaseOps(t) {
			for _, d := range []int{0, 1, 2, 3, 16, 17, int(params.StackLimit)} {
				code := append(bytes.Repeat([]byte{byte(PUSH1), 0x00}, d), byte(op))
				checkEIP4762Diff(t, name+"/"+op.String(), cfg, code, nil, 1_000_000)
			}
		}
		rng := rand.New(rand.NewPCG(4762, 1))
		ops := generatedCaseOps(t)
		for i := 0; i < 300; i++ {
			var code []byte
			for len(code) < 40+rng.IntN(200) {
				op := ops[rng.IntN(len(ops))]
				if op == JUMP || op == JUMPI || op == RETURN {
					continue // keep the program running through its chunks
				}
				code = append(code, byte(op))
				if op >= PUSH1 && op <= PUSH32 {
					code = append(code, bytes.Repeat([]byte{byte(rng.IntN(256))}, int(op-PUSH1)+1)...)
				}
			}
			checkEIP4762Diff(t, name+"/random", cfg, code, input, uint64(rng.IntN(20000)))
		}
	}
}

// FuzzInterpreterDiffEIP4762 fuzzes bytecode, calldata and gas through the
// EIP-4762 lane and the table loop.
func FuzzInterpreterDiffEIP4762(f *testing.F) {
	for _, prog := range diffPrograms {
		f.Add(prog.code, []byte{0x01}, uint64(100000))
	}
	f.Fuzz(func(t *testing.T, code, input []byte, gas uint64) {
		if len(code) > 24576 {
			return
		}
		gas = min(gas, 5_000_000)
		for name, cfg := range eip4762DiffConfigs {
			checkEIP4762Diff(t, name, cfg, code, input, gas)
		}
	})
}
