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

// airdropAddress holds airdropCode, which creates the population's plain
// accounts in batches.
var airdropAddress = common.BytesToAddress(crypto.Keccak256([]byte("dumpgen/contract/airdrop")))

// airdropCode is the plain account creator. Its calldata is two words and
// a list of 8-byte big endian indices:
//
//	(accountPrefix, valuePrefix, index...)
//
// For every index i of the list it sends accountValue(seed, i) wei to
// deriveAddress(domainAccount, seed, i), computing both in the EVM from the
// derivation preimages domain || seed || i, whose first bytes are given by
// the prefix words (see airdropPrefix). The call's value must pay for the
// batch, so the contract keeps no balance; a failed transfer reverts the
// whole batch. The indices are listed, not given as a range, because the
// population creates accounts in the order of their trie keys (entryOrder).
//
// One transaction per batch instead of one signed transfer per account cuts
// the generator's signing and sender recovery, its per-transaction work and
// the dump's size, at a higher gas cost per account.
var airdropCode = buildAirdropCode()

// airdropIndexShift returns the left shift that places an 8-byte index
// right after a preimage prefix of the given length in a 32-byte word.
func airdropIndexShift(prefixLen int) uint64 {
	return uint64(8 * (32 - prefixLen - 8))
}

// airdropListOffset is the calldata offset of the index list.
const airdropListOffset = 64

// buildAirdropCode assembles airdropCode. The loop body runs at least once,
// so a call must create at least one account.
func buildAirdropCode() []byte {
	var (
		accountLen = len(domainAccount) + 8 // domain || seed
		valueLen   = len(domainValue) + 8
	)
	a := newAssembler()
	a.op(vm.CALLDATASIZE).push(airdropListOffset) // [end p]
	a.label("loop")
	a.op(vm.PUSH0, vm.PUSH0, vm.PUSH0, vm.PUSH0)        // [end p 0 0 0 0], no arguments or return data
	a.op(vm.DUP5, vm.CALLDATALOAD).push(192).op(vm.SHR) // [end p 0 0 0 0 i]
	// value = (uint64(keccak(valuePrefix || i)[:8]) % 1e6 + 1) * 1 gwei
	a.op(vm.DUP1).push(airdropIndexShift(valueLen)).op(vm.SHL) // [end p 0 0 0 0 i i<<s]
	a.push(32).op(vm.CALLDATALOAD, vm.OR, vm.PUSH0, vm.MSTORE) // mem[0] = preimage
	a.push(uint64(valueLen+8)).op(vm.PUSH0, vm.KECCAK256)      // [end p 0 0 0 0 i hv]
	a.push(192).op(vm.SHR).push(1_000_000).op(vm.SWAP1, vm.MOD)
	a.push(1).op(vm.ADD).push(params.GWei).op(vm.MUL) // [end p 0 0 0 0 i value]
	// to = low20(keccak(accountPrefix || i))
	a.op(vm.SWAP1).push(airdropIndexShift(accountLen)).op(vm.SHL) // [end p 0 0 0 0 value i<<s]
	a.op(vm.PUSH0, vm.CALLDATALOAD, vm.OR, vm.PUSH0, vm.MSTORE)   // mem[0] = preimage
	a.push(uint64(accountLen+8)).op(vm.PUSH0, vm.KECCAK256)       // [end p 0 0 0 0 value ha]
	lowAddress(a)                                                 // [end p 0 0 0 0 value to]
	a.op(vm.PUSH0, vm.CALL, vm.ISZERO).jumpi("revert")            // gas 0: the stipend, [end p]
	a.push(8).op(vm.ADD)                                          // [end p+8]
	a.op(vm.DUP2, vm.DUP2, vm.LT).jumpi("loop")
	a.op(vm.STOP)
	a.label("revert").op(vm.PUSH0, vm.PUSH0, vm.REVERT)
	return a.assemble()
}

// airdropPrefix returns the word holding domain || seed, left aligned: the
// first bytes of a derive preimage.
func airdropPrefix(domain string, seed uint64) common.Hash {
	var w common.Hash
	n := copy(w[:], domain)
	binary.BigEndian.PutUint64(w[n:], seed)
	return w
}

// airdropCalldata returns the calldata creating the plain accounts of the
// given indices of seed.
func airdropCalldata(seed uint64, indices entryOrder) []byte {
	data := make([]byte, airdropListOffset+8*len(indices))
	accounts, values := airdropPrefix(domainAccount, seed), airdropPrefix(domainValue, seed)
	copy(data[0:32], accounts[:])
	copy(data[32:64], values[:])
	for j, i := range indices {
		binary.BigEndian.PutUint64(data[airdropListOffset+8*j:], uint64(i))
	}
	return data
}

// airdropValue returns the wei a batch of plain accounts receives: the
// value of the transaction creating it.
func airdropValue(seed uint64, indices entryOrder) *big.Int {
	sum := new(big.Int)
	for _, i := range indices {
		sum.Add(sum, accountValue(seed, uint64(i)))
	}
	return sum
}
