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
)

// Operations of the driver contract.
const (
	driverOpBalanceOf = 0 // token.balanceOf(random existing holder)
	driverOpApprove   = 1 // token.approve(random fresh spender, nonzero value)
	driverOpMixed     = 2 // balanceOf for even j, approve for odd j
)

// driverCode loops calls into the token. The calldata is six words
//
//	(op, salt, start, count, holders, holderPrefix)
//
// and for every j in [start, start+count), with h = keccak256(salt || j):
//
//   - balanceOf: staticcall token.balanceOf(holder(h mod holders)), where
//     holder(i) = low 20 bytes of keccak256(holderPrefix[0:22] || uint64(i)),
//     the derivation of deriveAddress(domainHolder, seed, i) whose first 22
//     bytes (domain || seed) the caller passes as holderPrefix;
//   - approve: call token.approve(low 20 bytes of h, (h >> 160) | 1), so the
//     driver is the owner of every allowance it writes.
//
// A failing token call reverts the whole transaction. count and holders must
// be nonzero. Memory: [0,32) call output, [32,96) salt || j, [96,128) holder
// preimage, [128,196) call input.
var driverCode = buildDriverCode()

func buildDriverCode() []byte {
	a := newAssembler()
	a.push(32).op(vm.CALLDATALOAD).push(32).op(vm.MSTORE) // mem[32] = salt
	a.push(64).op(vm.CALLDATALOAD, vm.DUP1)               // [j j]
	a.push(96).op(vm.CALLDATALOAD, vm.ADD, vm.SWAP1)      // [end j]
	a.label("loop")
	a.op(vm.DUP1).push(64).op(vm.MSTORE) // mem[64] = j
	a.push(64).push(32).op(vm.KECCAK256) // [end j h]
	// approve if op == approve, or op == mixed and j is odd
	a.op(vm.PUSH0, vm.CALLDATALOAD, vm.DUP1).push(driverOpApprove).op(vm.EQ) // [end j h op isApprove]
	a.op(vm.SWAP1).push(driverOpMixed).op(vm.EQ)                             // [end j h isApprove isMixed]
	a.op(vm.DUP4).push(1).op(vm.AND, vm.AND, vm.OR)                          // [end j h approve?]
	a.jumpi("approve")

	// balanceOf(holder(h mod holders))
	a.pushBytes(selBalanceOf).push(224).op(vm.SHL).push(128).op(vm.MSTORE)
	a.push(128).op(vm.CALLDATALOAD, vm.SWAP1, vm.MOD)          // [end j idx]
	a.push(16).op(vm.SHL).push(160).op(vm.CALLDATALOAD, vm.OR) // [end j prefix||idx]
	a.push(96).op(vm.MSTORE)                                   // mem[96:126] = preimage
	a.push(30).push(96).op(vm.KECCAK256)                       // [end j hh]
	lowAddress(a)                                              // [end j holder]
	a.push(132).op(vm.MSTORE)                                  // arg 0
	a.push(32).op(vm.PUSH0).push(36).push(128)
	a.pushBytes(tokenAddress.Bytes()).op(vm.GAS, vm.STATICCALL) // [end j ok]
	a.op(vm.ISZERO).jumpi("revert")
	a.jump("next")

	// approve(low20(h), (h >> 160) | 1)
	a.label("approve")
	a.pushBytes(selApprove).push(224).op(vm.SHL).push(128).op(vm.MSTORE)
	a.op(vm.DUP1)                                                    // [end j h h]
	lowAddress(a)                                                    // [end j h spender]
	a.push(132).op(vm.MSTORE)                                        // arg 0
	a.push(160).op(vm.SHR).push(1).op(vm.OR).push(164).op(vm.MSTORE) // arg 1, [end j]
	a.push(32).op(vm.PUSH0).push(68).push(128).op(vm.PUSH0)
	a.pushBytes(tokenAddress.Bytes()).op(vm.GAS, vm.CALL) // [end j ok]
	a.op(vm.ISZERO).jumpi("revert")

	a.label("next")
	a.push(1).op(vm.ADD) // [end j+1]
	a.op(vm.DUP2, vm.DUP2, vm.LT).jumpi("loop")
	a.op(vm.STOP)
	a.label("revert").op(vm.PUSH0, vm.PUSH0, vm.REVERT)
	return a.assemble()
}

// lowAddress keeps the low 20 bytes of the word on top of the stack.
func lowAddress(a *assembler) {
	a.push(96).op(vm.SHL).push(96).op(vm.SHR)
}

// holderPrefix returns the word whose first 22 bytes are the part of the
// holder derivation preimage that precedes the index: domain || seed.
func holderPrefix(seed uint64) common.Hash {
	var w common.Hash
	n := copy(w[:], domainHolder)
	binary.BigEndian.PutUint64(w[n:], seed)
	return w
}

// driverCall encodes a driver call.
func driverCall(op uint64, salt common.Hash, start, count, holders, seed uint64) []byte {
	data := make([]byte, 192)
	new(big.Int).SetUint64(op).FillBytes(data[0:32])
	copy(data[32:64], salt.Bytes())
	binary.BigEndian.PutUint64(data[88:96], start)
	binary.BigEndian.PutUint64(data[120:128], count)
	binary.BigEndian.PutUint64(data[152:160], holders)
	prefix := holderPrefix(seed)
	copy(data[160:192], prefix[:])
	return data
}

// driverHash returns h for op j of a driver call with salt.
func driverHash(salt common.Hash, j uint64) common.Hash {
	return slotValueSalted(salt, j)
}

// driverHolderIndex returns the holder index balanceOf reads for h.
func driverHolderIndex(h common.Hash, holders uint64) uint64 {
	return new(big.Int).Mod(h.Big(), new(big.Int).SetUint64(holders)).Uint64()
}

// driverSpender returns the spender and value approve writes for h.
func driverSpender(h common.Hash) (common.Address, common.Hash) {
	v := new(big.Int).Rsh(h.Big(), 160)
	v.SetBit(v, 0, 1)
	return common.BytesToAddress(h[12:]), common.BigToHash(v)
}
