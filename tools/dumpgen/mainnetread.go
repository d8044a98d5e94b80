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

// wlMainnetRead reads contract storage as mainnet's blocks do: each read
// draws a slot uniformly from every contract slot of a mainnet-shaped
// population, so a contract is read as often as it is large and the largest
// 1% of contracts take 95% of the reads (mainnet: the top 1% of read
// accounts take 96-98% of the reads since 2022, ethresear.ch "The anatomy
// of Ethereum's state access"), the long tail the rest.
const wlMainnetRead = "mainnet_read"

const domainMainnetRead = "dumpgen/mainnet-read"

// mainnetReaderAddress holds mainnetReaderCode in the genesis of a
// mainnet-shaped population.
var mainnetReaderAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/mainnet-reader")))

// mainnetReaderCode reads other contracts' storage through their getters.
// The calldata is a list of records: a 20-byte address, a 2-byte length L
// and L bytes of calldata for a static call of that address, whose result
// is dropped.
var mainnetReaderCode = buildMainnetReaderCode()

func buildMainnetReaderCode() []byte {
	a := newAssembler()
	a.op(vm.PUSH0) // [p]
	a.label("loop")
	a.op(vm.DUP1, vm.CALLDATASIZE, vm.GT).jumpi("record") // p < size
	a.op(vm.STOP)
	a.label("record")
	a.op(vm.DUP1).push(20).op(vm.ADD, vm.CALLDATALOAD).push(240).op(vm.SHR) // [p L]
	a.op(vm.DUP1).op(vm.DUP3).push(22).op(vm.ADD).op(vm.PUSH0)              // [p L L p+22 0]
	a.op(vm.CALLDATACOPY)                                                   // mem[0:L] = calldata[p+22:]; [p L]
	a.op(vm.PUSH0, vm.PUSH0)                                                // [p L 0 0]  out
	a.op(vm.DUP3, vm.PUSH0)                                                 // [p L 0 0 L 0]  in
	a.op(vm.DUP6, vm.CALLDATALOAD).push(96).op(vm.SHR)                      // [p L 0 0 L 0 addr]
	a.op(vm.GAS, vm.STATICCALL, vm.POP)                                     // [p L]
	a.push(22).op(vm.ADD, vm.ADD)                                           // [p+L+22]
	a.jump("loop")
	return a.assemble()
}

// mainnetReads plans the reads of wlMainnetRead on a mainnet shape.
type mainnetReads struct {
	seed   uint64
	shape  *mainnetShape
	salt   common.Hash
	slotsN *big.Int // modulus of the slots contract's read: 2^64, the slot itself
}

// record returns the reader's record of read j: the contract and the
// calldata of its getter for a slot drawn uniformly from every contract's
// slots (the token's holders, the slots contract's slots, the tail's).
func (r *mainnetReads) record(j uint64) []byte {
	h := derive(domainMainnetRead, r.seed, j)
	total := r.shape.slots[r.shape.contracts]
	pick := binary.BigEndian.Uint64(h[:8]) % total
	var to common.Address
	var call []byte
	switch {
	case pick < r.shape.slots[1]: // a holder's balance
		to = tokenAddress
		call = append(append([]byte{}, selBalanceOf...), common.LeftPadBytes(deriveAddress(domainHolder, r.seed, pick).Bytes(), 32)...)
	case pick < r.shape.slots[2]: // a sequential slot
		to = slotsAddress
		call = slotsCall(slotsOpRead, r.salt, pick-r.shape.slots[1], 1, r.slotsN)
	default:
		j, k := r.shape.tailSlot(pick - r.shape.slots[2])
		to = tailAddress(r.seed, j)
		key := tailSlotKey(r.seed, j, k)
		call = key[:]
	}
	rec := make([]byte, 22, 22+len(call))
	copy(rec, to[:])
	binary.BigEndian.PutUint16(rec[20:], uint16(len(call)))
	return append(rec, call...)
}

// call encodes the reader's calldata for reads done to done+count-1.
func (r *mainnetReads) call(done, count uint64) []byte {
	var data []byte
	for j := done; j < done+count; j++ {
		data = append(data, r.record(j)...)
	}
	return data
}

// mainnetReadCalldataGas bounds the calldata gas of one read: the largest
// record (a sequential slot's, 182 bytes) at EIP-7623's floor of 40 gas a
// nonzero byte.
const mainnetReadCalldataGas = 182 * 40
