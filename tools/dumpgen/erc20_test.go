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
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm/runtime"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/statekind"
)

// tokenEnv runs calls against tokenCode in a real EVM.
type tokenEnv struct {
	t       *testing.T
	config  *params.ChainConfig
	statedb *state.StateDB
	ntx     int
}

// shanghaiConfig is the MPT chain config without Cancun and Prague: the
// instruction set UBT chains run (EIP-4762 changes gas, not semantics).
func shanghaiConfig() *params.ChainConfig {
	c := chainConfig(statekind.MPT, forkDefault)
	c.CancunTime, c.PragueTime, c.BlobScheduleConfig = nil, nil, nil
	return c
}

func newTokenEnv(t *testing.T, config *params.ChainConfig) *tokenEnv {
	statedb, err := state.New(types.EmptyRootHash, state.NewDatabaseForTesting())
	if err != nil {
		t.Fatal(err)
	}
	statedb.SetCode(tokenAddress, tokenCode, 0)
	return &tokenEnv{t: t, config: config, statedb: statedb}
}

// call executes input from caller and returns the output, an error for a
// revert, and the logs emitted.
//
//lint:ignore ST1008 the logs follow the result and the error, in the order the EVM produces them
func (e *tokenEnv) call(caller common.Address, input []byte) ([]byte, error, []*types.Log) {
	e.ntx++
	txHash := common.BigToHash(big.NewInt(int64(e.ntx)))
	e.statedb.SetTxContext(txHash, e.ntx, 0)
	ret, _, err := runtime.Call(tokenAddress, input, &runtime.Config{
		ChainConfig: e.config,
		Origin:      caller,
		GasLimit:    10_000_000,
		BlockNumber: big.NewInt(1),
		Random:      &common.Hash{},
		State:       e.statedb,
	})
	return ret, err, e.statedb.GetLogs(txHash, 1, common.Hash{}, 0)
}

// mustWord calls and returns the single word result.
func (e *tokenEnv) mustWord(caller common.Address, input []byte) *big.Int {
	e.t.Helper()
	ret, err, _ := e.call(caller, input)
	if err != nil {
		e.t.Fatalf("call %x: %v", input[:4], err)
	}
	if len(ret) != 32 {
		e.t.Fatalf("call %x returned %d bytes", input[:4], len(ret))
	}
	return new(big.Int).SetBytes(ret)
}

func abiCall(sel []byte, args ...any) []byte {
	data := append([]byte(nil), sel...)
	for _, arg := range args {
		switch v := arg.(type) {
		case common.Address:
			data = append(data, common.LeftPadBytes(v.Bytes(), 32)...)
		case *big.Int:
			data = append(data, common.BigToHash(v).Bytes()...)
		case int:
			data = append(data, common.BigToHash(big.NewInt(int64(v))).Bytes()...)
		}
	}
	return data
}

// checkEvent checks that logs hold exactly one event of topic from a to b
// with value v.
func checkEvent(t *testing.T, logs []*types.Log, topic common.Hash, a, b common.Address, v *big.Int) {
	t.Helper()
	if len(logs) != 1 {
		t.Fatalf("%d logs, want 1", len(logs))
	}
	l := logs[0]
	want := []common.Hash{topic, common.BytesToHash(a.Bytes()), common.BytesToHash(b.Bytes())}
	if l.Address != tokenAddress || len(l.Topics) != 3 || l.Topics[0] != want[0] || l.Topics[1] != want[1] || l.Topics[2] != want[2] {
		t.Fatalf("log %+v, want topics %x", l, want)
	}
	if new(big.Int).SetBytes(l.Data).Cmp(v) != 0 || len(l.Data) != 32 {
		t.Fatalf("log data %x, want %v", l.Data, v)
	}
}

// TestERC20 checks the token against EIP-20 on the Shanghai (UBT) and
// Prague (MPT) instruction sets.
func TestERC20(t *testing.T) {
	for name, config := range map[string]*params.ChainConfig{"shanghai": shanghaiConfig(), "prague": chainConfig(statekind.MPT, forkDefault)} {
		t.Run(name, func(t *testing.T) { testERC20(t, config) })
	}
}

func testERC20(t *testing.T, config *params.ChainConfig) {
	e := newTokenEnv(t, config)
	alice, bob, carol := common.Address{0xa1}, common.Address{0xb0}, common.Address{0xc0}
	one := func(v int64) *big.Int { return big.NewInt(v) }

	// Mint through the population's entry point: balances land in the
	// Solidity mapping, Transfer(0, holder) is logged, supply adds up.
	mint := append(append([]byte(nil), selMint...), common.LeftPadBytes(alice.Bytes(), 20)...)
	mint = append(mint, common.LeftPadBytes([]byte{0x03, 0xe8}, tokenAmountBytes)...) // 1000
	mint = append(mint, bob.Bytes()...)
	mint = append(mint, common.LeftPadBytes([]byte{0x05}, tokenAmountBytes)...)
	if _, err, logs := e.call(carol, mint); err != nil || len(logs) != 2 {
		t.Fatalf("mint: %v, %d logs", err, len(logs))
	} else {
		checkEvent(t, logs[:1], topicTransfer, common.Address{}, alice, one(1000))
	}
	if v := e.statedb.GetState(tokenAddress, tokenBalanceKey(alice)); v.Big().Cmp(one(1000)) != 0 {
		t.Fatalf("alice's balance slot %x", v)
	}
	if v := e.mustWord(carol, abiCall(selTotalSupply)); v.Cmp(one(1005)) != 0 {
		t.Fatalf("totalSupply %v", v)
	}
	if v := e.mustWord(carol, abiCall(selBalanceOf, alice)); v.Cmp(one(1000)) != 0 {
		t.Fatalf("balanceOf(alice) %v", v)
	}
	if v := e.mustWord(carol, abiCall(selBalanceOf, carol)); v.Sign() != 0 {
		t.Fatalf("balanceOf(carol) %v", v)
	}

	// transfer moves balances, logs Transfer, returns true.
	ret, err, logs := e.call(alice, abiCall(selTransfer, bob, 300))
	if err != nil || new(big.Int).SetBytes(ret).Cmp(one(1)) != 0 {
		t.Fatalf("transfer: %v, ret %x", err, ret)
	}
	checkEvent(t, logs, topicTransfer, alice, bob, one(300))
	if a, b := e.mustWord(carol, abiCall(selBalanceOf, alice)), e.mustWord(carol, abiCall(selBalanceOf, bob)); a.Cmp(one(700)) != 0 || b.Cmp(one(305)) != 0 {
		t.Fatalf("after transfer: alice %v, bob %v", a, b)
	}
	// Insufficient balance reverts and changes nothing.
	if _, err, _ := e.call(bob, abiCall(selTransfer, carol, 306)); err == nil {
		t.Fatal("transfer above balance succeeded")
	}
	if b := e.mustWord(carol, abiCall(selBalanceOf, bob)); b.Cmp(one(305)) != 0 {
		t.Fatalf("failed transfer changed bob's balance to %v", b)
	}
	// A self transfer keeps the balance.
	if _, err, _ := e.call(bob, abiCall(selTransfer, bob, 305)); err != nil {
		t.Fatal(err)
	}
	if b := e.mustWord(carol, abiCall(selBalanceOf, bob)); b.Cmp(one(305)) != 0 {
		t.Fatalf("self transfer changed bob's balance to %v", b)
	}

	// approve sets the allowance at the Solidity key and logs Approval.
	ret, err, logs = e.call(alice, abiCall(selApprove, carol, 500))
	if err != nil || new(big.Int).SetBytes(ret).Cmp(one(1)) != 0 {
		t.Fatalf("approve: %v, ret %x", err, ret)
	}
	checkEvent(t, logs, topicApproval, alice, carol, one(500))
	if v := e.statedb.GetState(tokenAddress, tokenAllowanceKey(alice, carol)); v.Big().Cmp(one(500)) != 0 {
		t.Fatalf("allowance slot %x", v)
	}
	if v := e.mustWord(bob, abiCall(selAllowance, alice, carol)); v.Cmp(one(500)) != 0 {
		t.Fatalf("allowance %v", v)
	}
	if v := e.mustWord(bob, abiCall(selAllowance, carol, alice)); v.Sign() != 0 {
		t.Fatalf("reverse allowance %v", v)
	}

	// transferFrom spends the allowance and moves the owner's tokens.
	ret, err, logs = e.call(carol, abiCall(selTransferFrom, alice, bob, 200))
	if err != nil || new(big.Int).SetBytes(ret).Cmp(one(1)) != 0 {
		t.Fatalf("transferFrom: %v, ret %x", err, ret)
	}
	checkEvent(t, logs, topicTransfer, alice, bob, one(200))
	if v := e.mustWord(bob, abiCall(selAllowance, alice, carol)); v.Cmp(one(300)) != 0 {
		t.Fatalf("allowance after transferFrom %v", v)
	}
	if a, b := e.mustWord(carol, abiCall(selBalanceOf, alice)), e.mustWord(carol, abiCall(selBalanceOf, bob)); a.Cmp(one(500)) != 0 || b.Cmp(one(505)) != 0 {
		t.Fatalf("after transferFrom: alice %v, bob %v", a, b)
	}
	// Above the allowance, by a non-spender, or above the balance: revert.
	if _, err, _ := e.call(carol, abiCall(selTransferFrom, alice, bob, 301)); err == nil {
		t.Fatal("transferFrom above allowance succeeded")
	}
	if _, err, _ := e.call(bob, abiCall(selTransferFrom, alice, bob, 1)); err == nil {
		t.Fatal("transferFrom without allowance succeeded")
	}
	if _, err, _ := e.call(alice, abiCall(selApprove, carol, 10_000)); err != nil {
		t.Fatal(err)
	}
	if _, err, _ := e.call(carol, abiCall(selTransferFrom, alice, carol, 501)); err == nil {
		t.Fatal("transferFrom above balance succeeded")
	}
	// An unlimited allowance is not spent.
	max := new(big.Int).Sub(new(big.Int).Lsh(common.Big1, 256), common.Big1)
	if _, err, _ := e.call(bob, abiCall(selApprove, carol, max)); err != nil {
		t.Fatal(err)
	}
	if _, err, _ := e.call(carol, abiCall(selTransferFrom, bob, carol, 5)); err != nil {
		t.Fatal(err)
	}
	if v := e.mustWord(alice, abiCall(selAllowance, bob, carol)); v.Cmp(max) != 0 {
		t.Fatalf("unlimited allowance became %v", v)
	}
	if v := e.mustWord(carol, abiCall(selTotalSupply)); v.Cmp(one(1005)) != 0 {
		t.Fatalf("transfers changed totalSupply to %v", v)
	}

	// Unknown selectors, short selectors and dirty address bits revert.
	dirty := abiCall(selBalanceOf, alice)
	dirty[4] = 1
	for _, input := range [][]byte{{0xde, 0xad, 0xbe, 0xef}, nil, {0x70}, dirty} {
		if _, err, _ := e.call(alice, input); err == nil {
			t.Errorf("call %x succeeded", input)
		}
	}
	if !bytes.Contains(tokenCode, selApprove) {
		t.Error("approve selector missing from the code")
	}
}
