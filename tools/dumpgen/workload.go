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
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// Workload names, as in execution-specs' stateful benchmarks.
const (
	wlBalanceOf = "erc20_balanceof"
	wlApprove   = "erc20_approve"
	wlMixed     = "mixed_sload_sstore"
	wlSload     = "sload_benchmark"
	wlSstore    = "sstore_variants"

	// Uniform workloads draw every entry they touch uniformly from the
	// whole population (samplerCode), so that their key space is the whole
	// state: what a node whose state does not fit in memory reads.
	wlUniformRead  = "uniform_read"
	wlUniformWrite = "uniform_write"
)

// workloadNames lists every workload in manifest order.
var workloadNames = []string{wlBalanceOf, wlApprove, wlMixed, wlSload, wlSstore, wlUniformRead, wlUniformWrite}

const (
	// maxTxGas caps the gas limit of a workload transaction below the
	// EIP-7825 transaction gas cap of 2^24.
	maxTxGas = 16_000_000

	// workloadBaseGas is the gas limit a workload transaction reserves
	// besides its operations: intrinsic gas, calldata, cold contract and
	// code access (EIP-4762 code chunks on UBT).
	workloadBaseGas = 100_000

	// opGasGuess is the gas per operation assumed before a variant's first
	// transaction; later ones use the gas their predecessor used.
	opGasGuess = 40_000
)

// Upper bounds of the gas one operation of a variant can cost when every
// slot it touches is cold (MPT: EIP-2929 cold access; UBT: EIP-4762 witness
// charges of a fresh stem), including the loop and call overhead, under the
// trie's default rules (Amsterdam's are in gasSchedules). The gas
// an operation really costs depends on how many of the transaction's
// operations touch the same slots: a transaction looping over more
// operations than there are holders or slots hits warm slots, so its
// average per operation may be far below what a shorter one pays. A
// transaction's gas limit reserves at least these per operation.
const (
	worstReadOpGas   = 6_000  // balanceOf or SLOAD of a cold slot: 2100 (MPT), 2200 (UBT)
	worstWriteOpGas  = 30_000 // SSTORE of a cold zero slot, plus LOG3 for approve: 22100+1756 (MPT)
	worstClearOpGas  = 10_000 // SSTORE of a cold nonzero slot to zero: 5000 (MPT), 5700 (UBT)
	worstSampleRead  = 12_000 // a sampler read: a cold account, or a call and a cold slot
	worstSampleWrite = 40_000 // a sampler write: a value call to a cold account (9000+2600, UBT witness writes), or a mint
)

// variant is one kind of transaction of a workload. A workload rotates
// through its variants, one transaction each.
type variant struct {
	name string
	to   common.Address
	// call encodes a transaction doing count operations, the first being
	// the variant's done'th.
	call func(done, count uint64) []byte
	// counts returns the SLOADs and SSTOREs of those operations.
	counts func(done, count uint64) (reads, writes uint64)
	// worstOpGas bounds the gas of one operation with cold slots, see
	// worstReadOpGas; at most the gas schedule's maxWorstOp.
	worstOpGas uint64
}

// workload is a planned benchmark: blocks of transactions of its variants
// on top of the population, each block filled up to the gas target.
type workload struct {
	name     string
	variants []variant
}

// workloadsOf lists the workloads of a population in manifest order:
// dumpgen's, and on a mainnet shape wlMainnetRead.
func workloadsOf(mainnet bool) []string {
	names := append([]string(nil), workloadNames...)
	if mainnet {
		names = append(names, wlMainnetRead)
	}
	return names
}

// parseWorkloads validates a --workloads value: a comma separated list of
// workload names, "all" or "none", for a population of mainnet's shape or
// dumpgen's.
func parseWorkloads(s string, mainnet bool) ([]string, error) {
	known := workloadsOf(mainnet)
	switch s {
	case "all":
		return known, nil
	case "none", "":
		return nil, nil
	}
	var names []string
	seen := make(map[string]bool)
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == wlMainnetRead && !mainnet {
			return nil, fmt.Errorf("invalid --workloads %q: %s reads a mainnet-shaped population: it needs --shape %s", s, name, shapeMainnet)
		}
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("invalid --workloads %q: unknown workload %q (known: %s, all, none)", s, name, strings.Join(known, ", "))
		}
		if seen[name] {
			return nil, fmt.Errorf("invalid --workloads %q: %s listed twice", s, name)
		}
		seen[name] = true
	}
	for _, name := range known { // manifest order, whatever the flag order
		if seen[name] {
			names = append(names, name)
		}
	}
	return names, nil
}

// checkWorkloadFits fails if the population lacks the entries a workload
// reads: ERC20 workloads need a holder, slot workloads a sequential slot.
func checkWorkloadFits(name string, split [numKinds]uint64) error {
	switch name {
	case wlBalanceOf, wlMixed:
		if split[kindHolder] == 0 {
			return fmt.Errorf("invalid --entries: workload %s needs at least one erc20 holder (--entries >= 4), or leave it out with --workloads", name)
		}
	case wlUniformRead, wlUniformWrite:
		if split[kindAccount]+split[kindHolder]+split[kindSlot] == 0 {
			return fmt.Errorf("invalid --entries: workload %s needs entries", name)
		}
	case wlSload, wlSstore:
		if split[kindSlot] == 0 {
			return fmt.Errorf("invalid --entries: workload %s needs at least one sequential slot, or leave it out with --workloads", name)
		}
	}
	return nil
}

// newWorkload plans the named workload on a population of split entries,
// bounding its operations' gas with the given schedule.
func newWorkload(name string, seed uint64, split [numKinds]uint64, gas gasSchedule) *workload {
	salt := derive(domainWorkload+"/"+name, seed, 0)
	holders, slots := split[kindHolder], split[kindSlot]
	driver := func(op uint64, worst uint64, counts func(done, count uint64) (uint64, uint64)) variant {
		return variant{name: name, to: driverAddress, counts: counts, worstOpGas: worst, call: func(done, count uint64) []byte {
			return driverCall(op, salt, done, count, max(holders, 1), seed)
		}}
	}
	slotOp := func(vname string, op uint64, offset uint64, modulus *big.Int, reads bool) variant {
		worst := gas.write
		switch op {
		case slotsOpRead:
			worst = gas.read
		case slotsOpClear:
			worst = gas.clear
		}
		return variant{
			name: vname, to: slotsAddress, worstOpGas: worst,
			call: func(done, count uint64) []byte {
				return slotsCall(op, salt, offset+done, count, modulus)
			},
			counts: func(_, count uint64) (uint64, uint64) {
				if reads {
					return count, 0
				}
				return 0, count
			},
		}
	}
	n := new(big.Int).SetUint64(max(slots, 1))
	w := &workload{name: name}
	switch name {
	case wlBalanceOf:
		w.variants = []variant{driver(driverOpBalanceOf, gas.read, func(_, c uint64) (uint64, uint64) { return c, 0 })}
	case wlApprove:
		w.variants = []variant{driver(driverOpApprove, gas.write, func(_, c uint64) (uint64, uint64) { return 0, c })}
	case wlMixed:
		w.variants = []variant{driver(driverOpMixed, gas.write, func(done, c uint64) (uint64, uint64) {
			writes := (done+c)/2 - done/2 // odd j in [done, done+c)
			return c - writes, writes
		})}
	case wlSload:
		w.variants = []variant{slotOp(name, slotsOpRead, 0, n, true)}
	case wlSstore:
		w.variants = []variant{
			// nonzero -> nonzero: existing slots from 0 up, wrapping; may
			// hit slots cleared before (zero -> nonzero), hence a fresh
			// write's worst case
			slotOp("update", slotsOpWrite, 0, n, false),
			// zero -> nonzero: fresh slots after the population's
			slotOp("create", slotsOpWrite, slots, new(big.Int).Lsh(common.Big1, 64), false),
			// nonzero -> zero: existing slots from the middle up, wrapping
			slotOp("clear", slotsOpClear, slots/2, n, false),
		}
	case wlUniformRead, wlUniformWrite:
		op, worst, write := uint64(samplerOpRead), gas.sampleRead, name == wlUniformWrite
		if write {
			op, worst = samplerOpWrite, gas.sampleWrite
		}
		w.variants = []variant{{
			name: name, to: samplerAddress, worstOpGas: worst,
			call: func(done, count uint64) []byte { return samplerCall(op, salt, done, count, seed, split) },
			// One state entry (an account or a slot) per operation.
			counts: func(_, c uint64) (uint64, uint64) {
				if write {
					return 0, c
				}
				return c, 0
			},
		}}
	default:
		panic("unknown workload " + name)
	}
	return w
}

// newMainnetReadWorkload plans wlMainnetRead on a mainnet shape: reads
// through the reader contract, one slot each.
func newMainnetReadWorkload(seed uint64, shape *mainnetShape, gas gasSchedule) *workload {
	r := &mainnetReads{seed: seed, shape: shape, salt: slotsSalt(seed), slotsN: new(big.Int).Lsh(common.Big1, 64)}
	return &workload{name: wlMainnetRead, variants: []variant{{
		name: wlMainnetRead, to: mainnetReaderAddress, worstOpGas: gas.sampleRead + mainnetReadCalldataGas,
		call:   r.call,
		counts: func(_, c uint64) (uint64, uint64) { return c, 0 },
	}}}
}

// workloadFileName is the dump file of a workload.
func workloadFileName(name string) string {
	return "workload_" + name + ".rlp"
}

// workloadRun fills the blocks of one workload. It is driven from
// the generator's per-block callback, sequentially, and must not be shared.
type workloadRun struct {
	w         *workload
	blocks    uint64
	gasTarget uint64
	coinbase  common.Address
	*senders

	made   uint64   // blocks filled
	done   []uint64 // operations done per variant
	perOp  []uint64 // gas per operation per variant, learnt
	txs    uint64
	reads  uint64
	writes uint64
	err    error
}

// newWorkloadRun plans blocks blocks of w, signed by a copy of the
// population's senders (nonces continue from the population head).
func newWorkloadRun(w *workload, blocks, gasTarget uint64, coinbase common.Address, s *senders) *workloadRun {
	r := &workloadRun{
		w: w, blocks: blocks, gasTarget: gasTarget, coinbase: coinbase, senders: s.clone(),
		done: make([]uint64, len(w.variants)), perOp: make([]uint64, len(w.variants)),
	}
	for i := range r.perOp {
		r.perOp[i] = opGasGuess
	}
	return r
}

func (r *workloadRun) finished() bool           { return r.made == r.blocks }
func (r *workloadRun) blocksLeft() uint64       { return r.blocks - r.made }
func (r *workloadRun) exact() bool              { return true }
func (r *workloadRun) failure() error           { return r.err }
func (r *workloadRun) counts() (uint64, uint64) { return r.reads, r.writes }

func (r *workloadRun) status() string {
	return fmt.Sprintf("workload %s, %d txs, %d slot reads, %d slot writes", r.w.name, r.txs, r.reads, r.writes)
}

// opLimit is the gas limit reserved per operation of variant v: twice the
// gas the last transaction used per operation (refunds of clearing writes
// are at most a fifth), plus slack, and at least the variant's worst case.
func (r *workloadRun) opLimit(v int) uint64 {
	return max(2*r.perOp[v]+200, r.w.variants[v].worstOpGas)
}

// txPlan returns the operations and gas limit of the next transaction of
// variant v, given room gas up to the target and limitCap, the largest gas
// limit the transaction may have. The operations fill the room at the
// learnt gas per operation, but never exceed what limitCap covers at the
// variant's worst case, so the transaction cannot run out of gas however
// many of its slots are warm; the gas limit is opLimit per operation,
// capped at limitCap. limitCap must be at least the gas schedule's
// minWorkloadTxGas.
func (r *workloadRun) txPlan(v int, room, limitCap uint64) (n, gas uint64) {
	worst := max(r.w.variants[v].worstOpGas, 1)
	n = max(1, min((limitCap-workloadBaseGas)/r.opLimit(v), room/max(r.perOp[v], 1)))
	n = min(n, (limitCap-workloadBaseGas)/worst)
	return n, min(workloadBaseGas+n*r.opLimit(v), limitCap)
}

// fillBlock adds transactions until the block's gas used reaches the target.
func (r *workloadRun) fillBlock(_ int, gen blockBuilder) {
	gen.SetPoS()
	gen.SetCoinbase(r.coinbase)
	gasLimit := gen.Gas() // gas left of an empty block
	for r.err == nil {
		used := gasLimit - gen.Gas()
		if used >= r.gasTarget {
			break
		}
		v := int(r.txs % uint64(len(r.w.variants)))
		// The gas left of the block exceeds the gas target, which is at
		// least the schedule's minGasTarget >= minWorkloadTxGas (checked
		// by TestGasSchedules), so limitCap is too.
		n, limit := r.txPlan(v, r.gasTarget-used, min(maxTxGas, gen.Gas()))
		variant := r.w.variants[v]
		tx, err := r.sign(&types.DynamicFeeTx{
			To:    &variant.to,
			Gas:   limit,
			Value: new(big.Int),
			Data:  variant.call(r.done[v], n),
		})
		if err != nil {
			r.err = err
			break
		}
		before := gen.Gas()
		gen.AddTx(tx)
		gas := before - gen.Gas()
		reads, writes := variant.counts(r.done[v], n)
		r.reads += reads
		r.writes += writes
		r.done[v] += n
		r.txs++
		if gas > params.TxGas {
			r.perOp[v] = max((gas-params.TxGas+n-1)/n, 1)
		}
	}
	r.made++
}
