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
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
)

// The token of a dump is an ERC20 (EIP-20) with the storage layout solc gives
//
//	mapping(address => uint256) balances;                      // slot 0
//	mapping(address => mapping(address => uint256)) allowances; // slot 1
//	uint256 totalSupply;                                         // slot 2
//
// so that a holder's balance lives at keccak256(pad32(holder) || pad32(0))
// and an allowance at keccak256(pad32(spender) || keccak256(pad32(owner) ||
// pad32(1))). Besides the standard functions it has dumpgenMint, with which
// the population credits its holders.
const (
	tokenBalanceSlot   = 0
	tokenAllowanceSlot = 1
	tokenSupplySlot    = 2

	// tokenRecordSize is the size of one dumpgenMint record:
	// holder address (20 bytes) || amount (12 bytes, big endian).
	tokenRecordSize = 32

	// tokenAmountBytes is the width of the amount field of a record.
	tokenAmountBytes = 12
)

// Function selectors and event topics of the token.
var (
	selBalanceOf    = selector("balanceOf(address)")
	selTotalSupply  = selector("totalSupply()")
	selTransfer     = selector("transfer(address,uint256)")
	selTransferFrom = selector("transferFrom(address,address,uint256)")
	selApprove      = selector("approve(address,uint256)")
	selAllowance    = selector("allowance(address,address)")

	// selMint is followed by packed 32-byte records, not by ABI-encoded
	// arguments: dumpgenMint() || (holder || uint96 amount)*.
	selMint = selector("dumpgenMint()")

	topicTransfer = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	topicApproval = crypto.Keccak256Hash([]byte("Approval(address,address,uint256)"))
)

// selector returns the 4-byte ABI function selector of a signature.
func selector(signature string) []byte {
	return crypto.Keccak256([]byte(signature))[:4]
}

// tokenCode is the runtime code of the token, hand-assembled for the
// Shanghai instruction set (PUSH0 is the newest opcode it uses), which is
// what geth runs on UBT chains. Like solc output it rejects call value,
// unknown selectors and address arguments with dirty upper bits, and
// returns true from transfer, transferFrom and approve. transferFrom does
// not decrease an allowance of 2^256-1. Reverts carry no data.
var tokenCode = buildTokenCode()

func buildTokenCode() []byte {
	a := newAssembler()
	a.op(vm.CALLVALUE).jumpi("revert")
	a.op(vm.PUSH0, vm.CALLDATALOAD).push(0xe0).op(vm.SHR) // [sel]
	for _, fn := range []struct {
		sel   []byte
		label string
	}{
		{selBalanceOf, "balanceOf"}, {selTransfer, "transfer"}, {selApprove, "approve"},
		{selAllowance, "allowance"}, {selTransferFrom, "transferFrom"},
		{selTotalSupply, "totalSupply"}, {selMint, "mint"},
	} {
		a.op(vm.DUP1).pushBytes(fn.sel).op(vm.EQ).jumpi(fn.label)
	}
	a.label("revert").op(vm.PUSH0, vm.PUSH0, vm.REVERT)

	// balanceOf(owner) returns (uint256)
	a.label("balanceOf").op(vm.POP)
	argAddress(a, 0)
	balanceKey(a)
	a.op(vm.SLOAD)
	returnWord(a)

	// totalSupply() returns (uint256)
	a.label("totalSupply").op(vm.POP).push(tokenSupplySlot).op(vm.SLOAD)
	returnWord(a)

	// allowance(owner, spender) returns (uint256)
	a.label("allowance").op(vm.POP)
	argAddress(a, 1) // [spender]
	argAddress(a, 0) // [spender owner]
	allowanceKey(a)
	a.op(vm.SLOAD)
	returnWord(a)

	// approve(spender, value) returns (bool)
	a.label("approve").op(vm.POP)
	argAddress(a, 0)           // [s]
	a.op(vm.DUP1, vm.CALLER)   // [s s caller]
	allowanceKey(a)            // [s key]
	argWord(a, 1)              // [s key v]
	a.op(vm.SWAP1, vm.DUP2)    // [s v key v]
	a.op(vm.SWAP1, vm.SSTORE)  // [s v]
	a.op(vm.PUSH0, vm.MSTORE)  // [s]       mem[0] = v
	a.op(vm.CALLER)            // [s caller]
	logTopic(a, topicApproval) // Approval(caller, s, v)
	returnTrue(a)

	// transfer(to, value) returns (bool)
	a.label("transfer").op(vm.POP)
	argWord(a, 1)    // [v]
	argAddress(a, 0) // [v to]
	a.op(vm.CALLER)  // [v to from]
	moveBalance(a)
	returnTrue(a)

	// transferFrom(from, to, value) returns (bool)
	a.label("transferFrom").op(vm.POP)
	a.op(vm.CALLER)                  // [spender]
	argAddress(a, 0)                 // [spender from]
	allowanceKey(a)                  // [ka]
	a.op(vm.DUP1, vm.SLOAD)          // [ka a]
	argWord(a, 2)                    // [ka a v]
	a.op(vm.DUP1, vm.DUP3, vm.LT)    // [ka a v a<v]
	a.jumpi("revert")                // [ka a v]
	a.op(vm.DUP2, vm.NOT, vm.ISZERO) // [ka a v a==max]
	a.jumpi("unlimited")             // [ka a v]
	a.op(vm.SWAP1, vm.SUB, vm.SWAP1) // [a-v ka]
	a.op(vm.SSTORE).jump("spent")    // []
	a.label("unlimited").op(vm.POP, vm.POP, vm.POP)
	a.label("spent")
	argWord(a, 2)    // [v]
	argAddress(a, 1) // [v to]
	argAddress(a, 0) // [v to from]
	moveBalance(a)
	returnTrue(a)

	// dumpgenMint() || records: credits every record's holder with its
	// amount, logs Transfer(0, holder, amount) and adds the sum to the
	// total supply. It must be called with at least one record.
	a.label("mint").op(vm.POP)
	a.op(vm.PUSH0).push(4) // [sum i]
	a.label("mintLoop")
	a.op(vm.DUP1, vm.CALLDATALOAD)                          // [sum i w]
	a.op(vm.DUP1).push(96).op(vm.SHR)                       // [sum i w holder]
	a.op(vm.SWAP1).pushBytes(amountMask()).op(vm.AND)       // [sum i holder amt]
	a.op(vm.DUP2)                                           // [sum i holder amt holder]
	balanceKey(a)                                           // [sum i holder amt k]
	a.op(vm.DUP1, vm.SLOAD, vm.DUP3, vm.ADD)                // [sum i holder amt k b+amt]
	a.op(vm.SWAP1, vm.SSTORE)                               // [sum i holder amt]
	a.op(vm.DUP1, vm.PUSH0, vm.MSTORE)                      // mem[0] = amt
	a.op(vm.SWAP1, vm.PUSH0)                                // [sum i amt holder 0]
	logTopic(a, topicTransfer)                              // Transfer(0, holder, amt) [sum i amt]
	a.op(vm.SWAP1, vm.SWAP2, vm.ADD, vm.SWAP1)              // [sum' i]
	a.push(tokenRecordSize).op(vm.ADD)                      // [sum' i']
	a.op(vm.DUP1, vm.CALLDATASIZE, vm.GT).jumpi("mintLoop") // [sum' i']
	a.op(vm.POP).push(tokenSupplySlot).op(vm.SLOAD, vm.ADD) // [supply']
	a.push(tokenSupplySlot).op(vm.SSTORE, vm.STOP)
	return a.assemble()
}

// argAddress pushes ABI argument i as an address, reverting on dirty bits.
func argAddress(a *assembler, i uint64) {
	argWord(a, i)
	a.op(vm.DUP1).push(160).op(vm.SHR).jumpi("revert")
}

// argWord pushes ABI argument i.
func argWord(a *assembler, i uint64) {
	a.push(4 + 32*i).op(vm.CALLDATALOAD)
}

// balanceKey replaces [holder] by the storage key of its balance. It uses
// memory [0, 64).
func balanceKey(a *assembler) {
	a.op(vm.PUSH0, vm.MSTORE)             // mem[0] = holder
	a.op(vm.PUSH0).push(32).op(vm.MSTORE) // mem[32] = 0 (balances slot)
	a.push(64).op(vm.PUSH0, vm.KECCAK256)
}

// allowanceKey replaces [spender owner] by the storage key of the allowance
// owner gave spender. It uses memory [0, 64).
func allowanceKey(a *assembler) {
	a.op(vm.PUSH0, vm.MSTORE)                         // mem[0] = owner
	a.push(tokenAllowanceSlot).push(32).op(vm.MSTORE) // mem[32] = 1
	a.push(64).op(vm.PUSH0, vm.KECCAK256)             // [spender inner]
	a.push(32).op(vm.MSTORE)                          // mem[32] = inner
	a.op(vm.PUSH0, vm.MSTORE)                         // mem[0] = spender
	a.push(64).op(vm.PUSH0, vm.KECCAK256)
}

// moveBalance moves value from one holder to another and logs Transfer:
// [v to from] -> []. It reverts if from's balance is below v.
func moveBalance(a *assembler) {
	a.op(vm.DUP1)                 // [v to from from]
	balanceKey(a)                 // [v to from kf]
	a.op(vm.DUP1, vm.SLOAD)       // [v to from kf bf]
	a.op(vm.DUP5, vm.DUP2, vm.LT) // [v to from kf bf bf<v]
	a.jumpi("revert")
	a.op(vm.DUP5, vm.SWAP1, vm.SUB)          // [v to from kf bf-v]
	a.op(vm.SWAP1, vm.SSTORE)                // [v to from]
	a.op(vm.DUP2)                            // [v to from to]
	balanceKey(a)                            // [v to from kt]
	a.op(vm.DUP1, vm.SLOAD, vm.DUP5, vm.ADD) // [v to from kt bt+v]
	a.op(vm.DUP1, vm.DUP6, vm.GT)            // [v to from kt sum v>sum]
	a.jumpi("revert")
	a.op(vm.SWAP1, vm.SSTORE)          // [v to from]
	a.op(vm.DUP3, vm.PUSH0, vm.MSTORE) // mem[0] = v
	logTopic(a, topicTransfer)         // Transfer(from, to, v) [v]
	a.op(vm.POP)
}

// logTopic emits LOG3(mem[0:32], topic, t1, t2) for a stack ending in
// [t2 t1], consuming both.
func logTopic(a *assembler, topic common.Hash) {
	a.pushBytes(topic.Bytes()).push(32).op(vm.PUSH0, vm.LOG3)
}

// returnWord returns the word on top of the stack.
func returnWord(a *assembler) {
	a.op(vm.PUSH0, vm.MSTORE).push(32).op(vm.PUSH0, vm.RETURN)
}

// returnTrue returns the ABI encoding of true.
func returnTrue(a *assembler) {
	a.push(1)
	returnWord(a)
}

// amountMask masks the amount field of a mint record.
func amountMask() []byte {
	mask := make([]byte, tokenAmountBytes)
	for i := range mask {
		mask[i] = 0xff
	}
	return mask
}

// tokenBalanceKey returns the storage key of holder's balance.
func tokenBalanceKey(holder common.Address) common.Hash {
	return crypto.Keccak256Hash(common.LeftPadBytes(holder.Bytes(), 32), common.LeftPadBytes([]byte{tokenBalanceSlot}, 32))
}

// tokenAllowanceKey returns the storage key of the allowance owner gave
// spender.
func tokenAllowanceKey(owner, spender common.Address) common.Hash {
	inner := crypto.Keccak256(common.LeftPadBytes(owner.Bytes(), 32), common.LeftPadBytes([]byte{tokenAllowanceSlot}, 32))
	return crypto.Keccak256Hash(common.LeftPadBytes(spender.Bytes(), 32), inner)
}

// tokenAmount returns the nonzero amount minted to the index'th holder.
func tokenAmount(seed, index uint64) []byte {
	h := derive(domainAmount, seed, index)
	amount := h[32-tokenAmountBytes:]
	amount[len(amount)-1] |= 1 // never zero: a zero store would not create an entry
	return amount
}

// tokenCalldata encodes the dumpgenMint call for the holders of the given
// indices, in their order.
func tokenCalldata(seed uint64, indices entryOrder) []byte {
	data := make([]byte, 0, len(selMint)+len(indices)*tokenRecordSize)
	data = append(data, selMint...)
	for _, i := range indices {
		data = append(data, deriveAddress(domainHolder, seed, uint64(i)).Bytes()...)
		data = append(data, tokenAmount(seed, uint64(i))...)
	}
	return data
}
