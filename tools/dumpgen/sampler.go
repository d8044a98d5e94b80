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
	"encoding/binary"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
)

// samplerAddress holds samplerCode, which reads or writes state entries
// drawn uniformly from the whole population.
var samplerAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/sampler")))

// samplerBalance is the sampler's genesis balance: it pays one wei per
// account write, far fewer than this.
var samplerBalance = new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(params.Ether))

// Operations of the sampler.
const (
	samplerOpRead  = 0
	samplerOpWrite = 1
)

// samplerCode touches population entries drawn uniformly from all of them,
// so that a workload's key space is the whole state, not one contract's
// slots. The calldata is nine words
//
//	(op, salt, start, count, accounts, holders, slots, accountPrefix, holderPrefix)
//
// and for every j in [start, start+count), with idx = keccak256(salt || j)
// mod (accounts + holders + slots), the entry idx of the population's
// layout (plain accounts, then token holders, then sequential slots) is:
//
//   - a plain account, deriveAddress(domainAccount, seed, idx): read with
//     BALANCE, or written by sending it one wei;
//   - a token holder, deriveAddress(domainHolder, seed, idx-accounts):
//     read with token.balanceOf, or written by minting it one token unit;
//   - a sequential slot k = idx-accounts-holders of the slot contract:
//     read with its read op, or set to keccak256(salt || k) with its write
//     op.
//
// Addresses are derived in the EVM from the preimage prefixes domain ||
// seed (airdropPrefix) as the population derived them. A failing call
// reverts the transaction. Memory: [0,32) call output, [32,96) salt || j,
// [96,128) address preimage, [128,288) call input.
var samplerCode = buildSamplerCode()

func buildSamplerCode() []byte {
	accountLen := len(domainAccount) + 8 // domain || seed
	holderLen := len(domainHolder) + 8
	a := newAssembler()
	a.push(32).op(vm.CALLDATALOAD).push(32).op(vm.MSTORE)                        // mem[32] = salt
	a.push(128).op(vm.CALLDATALOAD).push(160).op(vm.CALLDATALOAD, vm.ADD)        // [A+H]
	a.push(192).op(vm.CALLDATALOAD, vm.ADD)                                      // [N]
	a.push(64).op(vm.CALLDATALOAD, vm.DUP1).push(96).op(vm.CALLDATALOAD, vm.ADD) // [N j end]
	a.op(vm.SWAP1)                                                               // [N end j]
	a.label("loop")
	a.op(vm.DUP1).push(64).op(vm.MSTORE)              // mem[64] = j
	a.push(64).push(32).op(vm.KECCAK256)              // [N end j h]
	a.op(vm.DUP4, vm.SWAP1, vm.MOD)                   // [N end j idx]
	a.push(128).op(vm.CALLDATALOAD, vm.DUP2, vm.LT)   // [N end j idx idx<A]
	a.jumpi("account")                                // [N end j idx]
	a.push(128).op(vm.CALLDATALOAD, vm.SWAP1, vm.SUB) // [N end j i]
	a.push(160).op(vm.CALLDATALOAD, vm.DUP2, vm.LT)   // [N end j i i<H]
	a.jumpi("holder")                                 // [N end j i]
	a.push(160).op(vm.CALLDATALOAD, vm.SWAP1, vm.SUB) // [N end j k]

	// sequential slot k: slots(op, salt, k, 1, slots), the slot
	// contract's read op for a read and its write op for a write
	a.op(vm.PUSH0, vm.CALLDATALOAD, vm.ISZERO).push(128).op(vm.MSTORE) // slotsOpRead = 1, slotsOpWrite = 0
	a.push(32).op(vm.CALLDATALOAD).push(160).op(vm.MSTORE)             // salt
	a.push(192).op(vm.MSTORE)                                          // start = k, [N end j]
	a.push(1).push(224).op(vm.MSTORE)                                  // count
	a.push(192).op(vm.CALLDATALOAD).push(256).op(vm.MSTORE)            // modulus
	a.op(vm.PUSH0, vm.CALLDATALOAD).jumpi("slotWrite")
	a.op(vm.PUSH0, vm.PUSH0).push(160).push(128)
	a.pushBytes(slotsAddress.Bytes()).op(vm.GAS, vm.STATICCALL, vm.ISZERO).jumpi("revert")
	a.jump("next")
	a.label("slotWrite")
	a.op(vm.PUSH0, vm.PUSH0).push(160).push(128).op(vm.PUSH0)
	a.pushBytes(slotsAddress.Bytes()).op(vm.GAS, vm.CALL, vm.ISZERO).jumpi("revert")
	a.jump("next")

	// token holder i
	a.label("holder")                                                      // [N end j i]
	a.push(airdropIndexShift(holderLen)).op(vm.SHL)                        // [N end j i<<s]
	a.push(256).op(vm.CALLDATALOAD, vm.OR).push(96).op(vm.MSTORE)          // mem[96] = preimage
	a.push(uint64(holderLen + 8)).push(96).op(vm.KECCAK256)                // [N end j hh]
	lowAddress(a)                                                          // [N end j holder]
	a.op(vm.PUSH0, vm.CALLDATALOAD).jumpi("holderWrite")                   //
	a.pushBytes(selBalanceOf).push(224).op(vm.SHL).push(128).op(vm.MSTORE) // balanceOf(holder)
	a.push(132).op(vm.MSTORE)                                              // [N end j]
	a.push(32).op(vm.PUSH0).push(36).push(128)                             //
	a.pushBytes(tokenAddress.Bytes()).op(vm.GAS, vm.STATICCALL, vm.ISZERO) //
	a.jumpi("revert")                                                      //
	a.jump("next")                                                         //
	a.label("holderWrite")                                                 // [N end j holder]
	a.pushBytes(selMint).push(224).op(vm.SHL).push(128).op(vm.MSTORE)      // dumpgenMint()
	a.push(96).op(vm.SHL).push(1).op(vm.OR).push(132).op(vm.MSTORE)        // record holder || 1, [N end j]
	a.op(vm.PUSH0, vm.PUSH0).push(36).push(128).op(vm.PUSH0)               //
	a.pushBytes(tokenAddress.Bytes()).op(vm.GAS, vm.CALL, vm.ISZERO)       //
	a.jumpi("revert")                                                      //
	a.jump("next")                                                         //

	// plain account idx
	a.label("account")                                            // [N end j idx]
	a.push(airdropIndexShift(accountLen)).op(vm.SHL)              // [N end j idx<<s]
	a.push(224).op(vm.CALLDATALOAD, vm.OR).push(96).op(vm.MSTORE) // mem[96] = preimage
	a.push(uint64(accountLen + 8)).push(96).op(vm.KECCAK256)      // [N end j ha]
	lowAddress(a)                                                 // [N end j account]
	a.op(vm.PUSH0, vm.CALLDATALOAD).jumpi("accountWrite")
	a.op(vm.BALANCE, vm.POP) // [N end j]
	a.jump("next")
	a.label("accountWrite")
	a.op(vm.PUSH0, vm.PUSH0, vm.PUSH0, vm.PUSH0).push(1) // [N end j account 0 0 0 0 1]
	a.op(vm.DUP6, vm.PUSH0, vm.CALL, vm.ISZERO)          // gas 0: the stipend
	a.jumpi("revert")
	a.op(vm.POP) // [N end j]

	a.label("next")
	a.push(1).op(vm.ADD)                        // [N end j+1]
	a.op(vm.DUP2, vm.DUP2, vm.LT).jumpi("loop") // j+1 < end
	a.op(vm.STOP)
	a.label("revert").op(vm.PUSH0, vm.PUSH0, vm.REVERT)
	return a.assemble()
}

// samplerCall encodes a sampler call over a population of split entries.
func samplerCall(op uint64, salt common.Hash, start, count, seed uint64, split [numKinds]uint64) []byte {
	data := make([]byte, 9*32)
	binary.BigEndian.PutUint64(data[24:32], op)
	copy(data[32:64], salt.Bytes())
	binary.BigEndian.PutUint64(data[88:96], start)
	binary.BigEndian.PutUint64(data[120:128], count)
	binary.BigEndian.PutUint64(data[152:160], split[kindAccount])
	binary.BigEndian.PutUint64(data[184:192], split[kindHolder])
	binary.BigEndian.PutUint64(data[216:224], split[kindSlot])
	accounts, holders := airdropPrefix(domainAccount, seed), airdropPrefix(domainHolder, seed)
	copy(data[224:256], accounts[:])
	copy(data[256:288], holders[:])
	return data
}

// samplerEntry returns the kind and index within it of the entry op j of
// a sampler call with salt touches.
func samplerEntry(salt common.Hash, j uint64, split [numKinds]uint64) (entryKind, uint64) {
	n := new(big.Int).SetUint64(split[kindAccount] + split[kindHolder] + split[kindSlot])
	idx := new(big.Int).Mod(driverHash(salt, j).Big(), n).Uint64()
	for k := entryKind(0); k < numKinds; k++ {
		if idx < split[k] {
			return k, idx
		}
		idx -= split[k]
	}
	panic("unreachable")
}
