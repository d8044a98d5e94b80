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
)

// The contracts of a dump are hand-assembled programs placed in the genesis
// allocation at fixed addresses. They only use Shanghai opcodes (PUSH0 at
// most), because on a UBT chain geth runs the Shanghai instruction set
// extended by EIP-4762 whatever other forks are configured.
var (
	// tokenAddress holds tokenCode, the ERC20 of erc20.go.
	tokenAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/token")))

	// slotsAddress holds slotsCode, the sequential slot contract.
	slotsAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/slots")))

	// driverAddress holds driverCode, which loops token calls.
	driverAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/driver")))
)

// Operations of the sequential slot contract.
const (
	slotsOpWrite = 0 // sstore(k, keccak256(salt || k))
	slotsOpRead  = 1 // sload(k)
	slotsOpClear = 2 // sstore(k, 0)

	// slotsOpWriteList writes the slots listed in the calldata; see
	// slotsListCalldata.
	slotsOpWriteList = 3

	// slotsListOffset is the calldata offset of slotsOpWriteList's list.
	slotsListOffset = 64
)

// slotsCode works on sequential storage slots. The calldata is five words
// (op, salt, start, count, modulus); for j in [start, start+count) the code
// applies op to slot k = j mod modulus. count and modulus must be nonzero.
// With op slotsOpWriteList the calldata is two words (op, salt) and a
// nonempty list of 8-byte big endian slot numbers k, each written as by
// slotsOpWrite.
var slotsCode = buildSlotsCode()

func buildSlotsCode() []byte {
	a := newAssembler()
	a.push(32).op(vm.CALLDATALOAD, vm.PUSH0, vm.MSTORE) // mem[0] = salt
	a.push(128).op(vm.CALLDATALOAD)                     // [m]
	a.push(64).op(vm.CALLDATALOAD, vm.DUP1)             // [m j j]
	a.push(96).op(vm.CALLDATALOAD, vm.ADD, vm.SWAP1)    // [m end j]
	a.op(vm.PUSH0, vm.CALLDATALOAD)                     // [m end j op]
	a.op(vm.DUP1).push(slotsOpWrite).op(vm.EQ).jumpi("write")
	a.op(vm.DUP1).push(slotsOpRead).op(vm.EQ).jumpi("read")
	a.op(vm.DUP1).push(slotsOpClear).op(vm.EQ).jumpi("clear")
	a.op(vm.DUP1).push(slotsOpWriteList).op(vm.EQ).jumpi("writeList")
	a.op(vm.PUSH0, vm.PUSH0, vm.REVERT)

	a.label("write").op(vm.POP)
	a.label("writeLoop")
	a.op(vm.DUP3, vm.DUP2, vm.MOD)        // [m end j k]
	a.op(vm.DUP1).push(32).op(vm.MSTORE)  // mem[32] = k
	a.push(64).op(vm.PUSH0, vm.KECCAK256) // [m end j k v]
	a.op(vm.SWAP1, vm.SSTORE)             // [m end j]
	slotsNext(a, "writeLoop")

	a.label("read").op(vm.POP)
	a.label("readLoop")
	a.op(vm.DUP3, vm.DUP2, vm.MOD, vm.SLOAD, vm.POP) // [m end j]
	slotsNext(a, "readLoop")

	a.label("clear").op(vm.POP)
	a.label("clearLoop")
	a.op(vm.PUSH0, vm.DUP4, vm.DUP3, vm.MOD, vm.SSTORE) // [m end j]
	slotsNext(a, "clearLoop")

	a.label("writeList").op(vm.POP, vm.POP, vm.POP, vm.POP) // []
	a.op(vm.CALLDATASIZE).push(slotsListOffset)             // [end p]
	a.label("writeListLoop")
	a.op(vm.DUP1, vm.CALLDATALOAD).push(192).op(vm.SHR) // [end p k]
	a.op(vm.DUP1).push(32).op(vm.MSTORE)                // mem[32] = k
	a.push(64).op(vm.PUSH0, vm.KECCAK256)               // [end p k v]
	a.op(vm.SWAP1, vm.SSTORE)                           // [end p]
	a.push(8).op(vm.ADD)                                // [end p+8]
	a.op(vm.DUP2, vm.DUP2, vm.LT).jumpi("writeListLoop")
	a.op(vm.STOP)
	return a.assemble()
}

// slotsNext advances [m end j] and loops while j < end.
func slotsNext(a *assembler, loop string) {
	a.push(1).op(vm.ADD)                      // [m end j+1]
	a.op(vm.DUP2, vm.DUP2, vm.LT).jumpi(loop) // j+1 < end
	a.op(vm.STOP)
}

// slotsSalt returns the salt of the population's sequential slot values.
func slotsSalt(seed uint64) common.Hash {
	return derive(domainSalt, seed, 0)
}

// slotsCall encodes a call of the sequential slot contract.
func slotsCall(op uint64, salt common.Hash, start, count uint64, modulus *big.Int) []byte {
	data := make([]byte, 160)
	new(big.Int).SetUint64(op).FillBytes(data[0:32])
	copy(data[32:64], salt.Bytes())
	new(big.Int).SetUint64(start).FillBytes(data[64:96])
	new(big.Int).SetUint64(count).FillBytes(data[96:128])
	modulus.FillBytes(data[128:160])
	return data
}

// slotsCalldata encodes the population call filling the slots of the given
// numbers, in their order.
func slotsCalldata(seed uint64, slots entryOrder) []byte {
	data := make([]byte, slotsListOffset+8*len(slots))
	data[31] = slotsOpWriteList
	salt := slotsSalt(seed)
	copy(data[32:64], salt.Bytes())
	for j, k := range slots {
		binary.BigEndian.PutUint64(data[slotsListOffset+8*j:], uint64(k))
	}
	return data
}

// slotKey returns the storage key of sequential slot i.
func slotKey(i uint64) common.Hash {
	return common.BigToHash(new(big.Int).SetUint64(i))
}

// slotValueSalted returns the value a write with salt stores at slot i.
func slotValueSalted(salt common.Hash, i uint64) common.Hash {
	return crypto.Keccak256Hash(salt.Bytes(), slotKey(i).Bytes())
}

// slotValue returns the value the population stores at slot i.
func slotValue(seed, i uint64) common.Hash {
	return slotValueSalted(slotsSalt(seed), i)
}
