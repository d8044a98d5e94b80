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
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm/runtime"
)

// TestDriver runs the driver against the token in a real EVM: approve
// writes the allowances the Go mirror predicts, balanceOf reads holders
// and mixed does both.
func TestDriver(t *testing.T) {
	e := newTokenEnv(t, shanghaiConfig())
	e.statedb.SetCode(driverAddress, driverCode, 0)
	const seed = 5
	salt := common.Hash{0x5a}
	// Mint two holders so balanceOf has someone to read.
	if _, err, _ := e.call(common.Address{1}, tokenCalldata(seed, indexRange(0, 2))); err != nil {
		t.Fatal(err)
	}
	call := func(input []byte) {
		t.Helper()
		_, _, err := runtime.Call(driverAddress, input, &runtime.Config{
			ChainConfig: e.config, Origin: common.Address{1}, GasLimit: 10_000_000, State: e.statedb,
		})
		if err != nil {
			t.Fatalf("driver call: %v", err)
		}
	}
	call(driverCall(driverOpApprove, salt, 3, 4, 2, seed))
	for j := uint64(3); j < 7; j++ {
		spender, value := driverSpender(driverHash(salt, j))
		if have := e.statedb.GetState(tokenAddress, tokenAllowanceKey(driverAddress, spender)); have != value {
			t.Fatalf("op %d: allowance of %x is %x, want %x", j, spender, have, value)
		}
	}
	call(driverCall(driverOpBalanceOf, salt, 0, 10, 2, seed))
	call(driverCall(driverOpMixed, salt, 10, 4, 2, seed))
	for j := uint64(10); j < 14; j++ {
		spender, value := driverSpender(driverHash(salt, j))
		have := e.statedb.GetState(tokenAddress, tokenAllowanceKey(driverAddress, spender))
		if j%2 == 1 && have != value || j%2 == 0 && have != (common.Hash{}) {
			t.Fatalf("mixed op %d: allowance of %x is %x", j, spender, have)
		}
	}
	// balanceOf of a holder that is not one makes no difference: the
	// driver must only read holders that exist.
	for _, idx := range []uint64{driverHolderIndex(driverHash(salt, 0), 2)} {
		if idx >= 2 {
			t.Fatalf("holder index %d out of range", idx)
		}
	}
}
