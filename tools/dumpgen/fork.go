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
	"fmt"

	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/version"

	"statelab/tools/internal/statekind"
)

// forkKind names the fork rules a dump is generated under, beyond those its
// trie kind implies.
type forkKind string

const (
	// forkDefault is the trie kind's own rules: Prague on MPT, Shanghai with
	// EIP-7864 on the binary trie (chainconfig.New).
	forkDefault forkKind = ""

	// forkAmsterdam activates every fork up to Amsterdam at genesis: every
	// block carries its EIP-7928 access list and commits to it in its header,
	// and transactions pay EIP-8037 state gas for the state they create.
	forkAmsterdam forkKind = "amsterdam"
)

// parseForkKind validates a --fork value.
func parseForkKind(s string) (forkKind, error) {
	switch k := forkKind(s); k {
	case forkDefault, forkAmsterdam:
		return k, nil
	}
	return "", fmt.Errorf("invalid --fork %q: must be %q (or unset for the trie's default rules)", s, forkAmsterdam)
}

// checkForkFits fails for a fork the trie kind cannot run under.
//
// Amsterdam is refused on the binary trie: geth v1.17.10 accepts such a
// genesis, but its EVM takes Amsterdam's instruction set over the binary
// trie's (vm.NewEVM checks IsAmsterdam before IsUBT) while still applying
// EIP-4762 in the call frames, so a value call to a new account is charged
// the witness gas of its code hash leaf in the callee, which the caller's
// gas function never reserved: the population's first transfer with the
// call stipend runs out of gas (TestAmsterdamBinaryTrie shows it).
func checkForkFits(f forkKind, trie statekind.Trie) error {
	if f == forkAmsterdam && trie != statekind.MPT {
		return fmt.Errorf("invalid --fork %s with --trie %s: Amsterdam needs --trie %s (geth %d.%d.%d runs a binary-trie chain under Amsterdam's instruction set, "+
			"without the EIP-4762 gas its calls need)", f, trie, statekind.MPT, version.Major, version.Minor, version.Patch)
	}
	return nil
}

// String returns the fork's name as the --fork flag spells it, "default" for
// the trie's own rules.
func (f forkKind) String() string {
	if f == forkDefault {
		return "default"
	}
	return string(f)
}

// gasSchedule bounds the gas of what dumpgen's transactions do, under the
// rules of a fork. The bounds reserve a transaction's gas limit: a bound too
// low lets a transaction run out of gas (generation fails, see
// checkReceipts), one too high only costs block space, since unused gas is
// refunded and blocks are filled by the gas transactions use.
type gasSchedule struct {
	// batchItem is the gas limit a population call reserves per record,
	// beside batchBaseGas; see batchItemGas.
	batchItem uint64

	// Worst cases of one workload operation with every slot cold, see
	// worstReadOpGas.
	read, write, clear, sampleRead, sampleWrite uint64
}

// Amsterdam's EIP-8037 state gas for the state an operation creates: a new
// account, a storage slot set from zero.
const (
	newAccountStateGas = params.AccountCreationSize * params.CostPerStateByte
	newSlotStateGas    = params.StorageCreationSize * params.CostPerStateByte
)

// gasSchedules holds the schedule of each fork.
var gasSchedules = map[forkKind]gasSchedule{
	forkDefault: {
		batchItem:   batchItemGas,
		read:        worstReadOpGas,
		write:       worstWriteOpGas,
		clear:       worstClearOpGas,
		sampleRead:  worstSampleRead,
		sampleWrite: worstSampleWrite,
	},
	// Amsterdam (EIP-8038) prices execution no higher than before, except
	// the write of a storage slot (10000 beside the cold access's 2100), and
	// adds state gas: a record of the population creates an account or a
	// slot, a workload write may set a slot from zero (approve's fresh
	// allowances, sstore_variants' fresh and cleared slots). Sampler writes
	// change existing nonzero entries only.
	forkAmsterdam: {
		batchItem:   batchItemGas + newAccountStateGas,
		read:        worstReadOpGas,
		write:       worstWriteOpGas + newSlotStateGas,
		clear:       20_000, // SSTORE of a cold nonzero slot to zero: 2100 + 10000
		sampleRead:  worstSampleRead,
		sampleWrite: worstSampleWrite,
	},
}

// gas returns the gas schedule of the fork.
func (f forkKind) gas() gasSchedule {
	s, ok := gasSchedules[f]
	if !ok {
		panic(fmt.Sprintf("no gas schedule for fork %q", f))
	}
	return s
}

// maxWorstOp is the largest worst case of any workload operation.
func (s gasSchedule) maxWorstOp() uint64 {
	return max(s.read, s.write, s.clear, s.sampleRead, s.sampleWrite)
}

// minWorkloadTxGas is the smallest gas limit a workload transaction of one
// operation needs, whatever its variant.
func (s gasSchedule) minWorkloadTxGas() uint64 {
	return workloadBaseGas + s.maxWorstOp()
}

// minGasTarget is the smallest accepted --gas-target: a one-record
// population call must fit in a block, and so must a one-operation workload
// transaction (the schedules' test checks the second follows from the first).
func (s gasSchedule) minGasTarget() uint64 {
	return batchBaseGas + s.batchItem
}

// batchGas is the gas limit of a population call writing n records.
func (s gasSchedule) batchGas(n uint64) uint64 {
	return batchBaseGas + n*s.batchItem
}
