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

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/statekind"
)

// entryKind is one of the kinds of state entry a population creates.
type entryKind int

const (
	kindAccount entryKind = iota // plain funded account, created in batches by airdropCode
	kindHolder                   // token balance slot, Solidity mapping layout
	kindSlot                     // sequential storage slot of slotsAddress
	numKinds
)

var kindNames = [numKinds]string{"accounts", "erc20_holders", "sequential_slots"}

const (
	// maxBatchItems caps the records written by one contract call.
	maxBatchItems = 128

	// batchBaseGas and batchItemGas give the gas limit of a contract call
	// writing n records: batchBaseGas + n*batchItemGas. Both are upper
	// bounds for MPT (about 22.7k per new slot, 35k per new account) and
	// UBT (EIP-4762 witness charges: about 6.2k per slot in a fresh stem,
	// under 1k per slot in a stem already touched by the transaction, 30k
	// per new account with its value transfer); unused gas is refunded.
	// Amsterdam adds state gas per record (gasSchedules).
	batchBaseGas = 100_000
	batchItemGas = 60_000
)

// splitEntries divides n entries among the kinds: half plain accounts, a
// quarter token holders and the rest sequential slots.
func splitEntries(n uint64) [numKinds]uint64 {
	accounts, holders := n/2, n/4
	return [numKinds]uint64{accounts, holders, n - accounts - holders}
}

// population plans and signs the transactions that create the state
// entries of a dump. It is driven block by block from the generator.s
// callback, which runs sequentially, so it needs no locking; it must not be
// shared between generators.
//
// Per block it adds transactions, interleaving the kinds so that all of them
// progress at the same rate, until the block's gas used reaches the gas
// target. Gas use per record is learnt from the transactions already added,
// which keeps the plan a pure function of the flags.
type population struct {
	seed      uint64
	gasTarget uint64
	gasLimit  uint64 // block gas limit, constant over the chain
	gas       gasSchedule
	coinbase  common.Address
	*senders

	targets [numKinds]uint64     // entries to create per kind
	done    [numKinds]uint64     // entries created per kind
	perItem [numKinds]uint64     // learnt gas per record above the 21000 intrinsic
	order   [numKinds]entryOrder // creation order of each kind's entries

	txCount uint64
	gasUsed uint64
	reads   uint64 // SLOADs executed, derived from the records
	writes  uint64 // SSTOREs executed, derived from the records
	err     error  // first failure inside a generator callback
}

// newPopulation derives the senders of seed and plans entries entries, each
// kind in the order of its keys in the given trie, with the gas schedule of
// the fork config runs.
func newPopulation(config *params.ChainConfig, trie statekind.Trie, seed, entries, gasTarget uint64) (*population, error) {
	p, err := newPopulationPlan(config, seed, splitEntries(entries), gasTarget)
	if err != nil {
		return nil, err
	}
	p.order = populationOrder(trie, seed, p.targets)
	return p, nil
}

// newPopulationPlan is a population without its creation order: the entries'
// targets, the senders, the coinbase and the gas schedule, which the
// workloads of a population placed in the genesis need, and no blocks.
func newPopulationPlan(config *params.ChainConfig, seed uint64, targets [numKinds]uint64, gasTarget uint64) (*population, error) {
	p := &population{
		seed:      seed,
		gasTarget: gasTarget,
		gasLimit:  2 * gasTarget,
		gas:       forkOf(config).gas(),
		coinbase:  deriveAddress(domainMiner, seed, 0),
		targets:   targets,
		perItem:   [numKinds]uint64{40_000, 25_000, 23_000}, // initial guesses, refined by observe
	}
	var err error
	if p.senders, err = newSenders(config, seed); err != nil {
		return nil, err
	}
	return p, nil
}

// finished reports whether every planned entry has been created.
func (p *population) finished() bool {
	return p.done == p.targets
}

// created returns the number of entries created so far.
func (p *population) created() uint64 {
	var n uint64
	for _, d := range p.done {
		n += d
	}
	return n
}

// remainingGas estimates the gas the unfinished entries still need.
func (p *population) remainingGas() uint64 {
	var gas uint64
	for k := entryKind(0); k < numKinds; k++ {
		left := p.targets[k] - p.done[k]
		if left == 0 {
			continue
		}
		gas += left*p.perItem[k] + (left+maxBatchItems-1)/maxBatchItems*params.TxGas
	}
	return gas
}

// nextKind returns the unfinished kind that is furthest behind, relative to
// its target. Ties go to the lower kind.
func (p *population) nextKind() entryKind {
	best := numKinds
	for k := entryKind(0); k < numKinds; k++ {
		if p.done[k] == p.targets[k] {
			continue
		}
		// done[k]/targets[k] < done[best]/targets[best], without division.
		// Entries are bounded by maxEntries, so the products fit in 64 bits.
		if best == numKinds || p.done[k]*p.targets[best] < p.done[best]*p.targets[k] {
			best = k
		}
	}
	return best
}

// items returns how many records of kind k fit into room gas, at most the
// records left and maxBatchItems. Zero means none fits.
func (p *population) items(k entryKind, room uint64) uint64 {
	left := p.targets[k] - p.done[k]
	if room <= params.TxGas {
		return 0
	}
	n := (room - params.TxGas) / max(p.perItem[k], 1)
	return min(n, left, maxBatchItems, (p.gasTarget-batchBaseGas)/p.gas.batchItem)
}

// fillBlock is the generator's per-block callback: it adds transactions to the
// block until its gas used reaches the gas target or the population is done.
// Errors are recorded in p.err and stop all further filling.
func (p *population) fillBlock(_ int, gen blockBuilder) {
	gen.SetPoS()
	gen.SetCoinbase(p.coinbase)

	added := 0
	for p.err == nil && !p.finished() {
		used := p.gasLimit - gen.Gas()
		if used >= p.gasTarget {
			return
		}
		k := p.nextKind()
		n := p.items(k, p.gasTarget-used)
		if n == 0 {
			if added > 0 {
				return
			}
			n = 1 // always make progress; the gas schedule's minGasTarget guarantees it fits
		}
		tx, err := p.makeTx(k, n, gen.BaseFee())
		if err != nil {
			p.err = err
			return
		}
		before := gen.Gas()
		gen.AddTx(tx)
		p.observe(k, n, before-gen.Gas())
		added++
	}
}

// observe books a transaction of n records of kind k that used gas.
func (p *population) observe(k entryKind, n, gas uint64) {
	p.done[k] += n
	p.txCount++
	switch k {
	case kindHolder: // per record a balance read and write, per batch the supply's
		p.reads += n + 1
		p.writes += n + 1
	case kindSlot:
		p.writes += n
	}
	p.gasUsed += gas
	if gas > params.TxGas {
		p.perItem[k] = (gas - params.TxGas + n - 1) / n
	}
}

// makeTx signs the transaction creating the next n records of kind k.
func (p *population) makeTx(k entryKind, n uint64, baseFee *big.Int) (*types.Transaction, error) {
	if baseFee != nil && baseFee.Cmp(gasFeeCap) > 0 {
		return nil, fmt.Errorf("base fee %v above fee cap %v", baseFee, gasFeeCap)
	}
	inner := new(types.DynamicFeeTx)
	indices := p.order[k][p.done[k] : p.done[k]+n]
	switch k {
	case kindAccount:
		inner.To, inner.Gas, inner.Value = &airdropAddress, p.gas.batchGas(n), airdropValue(p.seed, indices)
		inner.Data = airdropCalldata(p.seed, indices)
	case kindHolder:
		inner.To, inner.Gas, inner.Value = &tokenAddress, p.gas.batchGas(n), new(big.Int)
		inner.Data = tokenCalldata(p.seed, indices)
	case kindSlot:
		inner.To, inner.Gas, inner.Value = &slotsAddress, p.gas.batchGas(n), new(big.Int)
		inner.Data = slotsCalldata(p.seed, indices)
	default:
		return nil, fmt.Errorf("unknown entry kind %d", k)
	}
	return p.sign(inner)
}

// accountValue returns the wei sent to the index'th plain account: between
// 1 and 1e6 gwei, never zero so the account survives EIP-158.
func accountValue(seed, index uint64) *big.Int {
	h := derive(domainValue, seed, index)
	v := new(big.Int).SetBytes(h[:8])
	v.Mod(v, big.NewInt(1_000_000))
	v.Add(v, common.Big1)
	return v.Mul(v, big.NewInt(params.GWei))
}

// blocksLeft estimates the blocks the unfinished entries still need.
func (p *population) blocksLeft() uint64 {
	return (p.remainingGas() + p.gasTarget - 1) / p.gasTarget
}

// exact reports that blocksLeft is an estimate.
func (p *population) exact() bool { return false }

// failure returns the first error met while filling blocks.
func (p *population) failure() error { return p.err }

// counts returns the SLOADs and SSTOREs executed so far.
func (p *population) counts() (reads, writes uint64) { return p.reads, p.writes }

// status describes the progress for the progress log.
func (p *population) status() string {
	return fmt.Sprintf("population, entries %d/%d (%.1f%%)", p.created(), p.entriesTotal(),
		100*float64(p.created())/float64(max(p.entriesTotal(), 1)))
}

// entriesTotal returns the number of entries planned.
func (p *population) entriesTotal() uint64 {
	var n uint64
	for _, t := range p.targets {
		n += t
	}
	return n
}
