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
	"math"
	"sort"
)

// Mainnet's state at block 22,284,325 (2025-04-16), as the Stateless
// Consensus team's tree-shape analysis reports it (stateless.fyi,
// "Mainnet analysis: Tree shape"): 240,876,329 EOAs, 47,994,700 contracts
// and 1,287,949,062 storage slots, the slots per contract with mean 26,
// median 0, 99th percentile 47 and maximum 68,794,129; code length mean
// 676 bytes, median 45, 99th percentile 11,293.
const (
	mainnetEOAs      = 240_876_329
	mainnetContracts = 47_994_700
	mainnetSlots     = 1_287_949_062
	mainnetEntries   = mainnetEOAs + mainnetContracts + mainnetSlots
)

// The slots of mainnet's contract of rank r (1 the largest) fitted as
// S(r) = A (r + r0)^-b to the published maximum (S(1)), 99th percentile
// (S(C/100)) and total: 3.7348e8, 3.0264, 1.2146. The fit gives a median of
// 0.41 slots, which rounds to the published 0, and puts 42% of contracts at
// one slot or more, 5.3% of all slots in the largest and 53% in the top 100.
const (
	mainnetSlotsA  = 3.7347692e8
	mainnetSlotsR0 = 3.0264242
	mainnetSlotsB  = 1.2145622
)

// Shapes of a population.
const (
	shapeDumpgen = "dumpgen" // half plain accounts, a quarter holders, a quarter sequential slots
	shapeMainnet = "mainnet" // mainnet's proportions and slots per contract
)

// mainnetShape is a population of n entries with mainnet's proportions of
// EOAs, contracts and slots and its distribution of slots over contracts,
// scaled so that the contracts of rank r hold the share of all slots that
// mainnet's contracts of the same rank fraction hold: the Lorenz curve of
// slots over contracts is mainnet's at every scale, and the largest
// contracts stand for mainnet's largest together. Contract 0 is the
// largest: the ERC20 token, whose holders are its slots; contract 1 the
// sequential slots contract; the rest, the tail, are contracts of their
// own with mapping slots.
type mainnetShape struct {
	eoas      uint64
	contracts uint64   // the token, the slots contract and the tail
	slots     []uint64 // cumulative: contract j holds slots[j+1]-slots[j]
}

// newMainnetShape scales mainnet to n entries (at least 100: a smaller
// population has no tail to speak of).
func newMainnetShape(n uint64) (*mainnetShape, error) {
	if n < 100 {
		return nil, fmt.Errorf("a mainnet-shaped population needs at least 100 entries, have %d", n)
	}
	s := &mainnetShape{
		eoas:      uint64(math.Round(float64(n) * mainnetEOAs / mainnetEntries)),
		contracts: max(uint64(math.Round(float64(n)*mainnetContracts/mainnetEntries)), 3),
	}
	total := n - s.eoas - s.contracts
	// G(x) is the slots of mainnet's contracts of rank below x, up to a
	// constant; contract j of the scaled population stands for mainnet's
	// ranks j*k to (j+1)*k.
	g := func(x float64) float64 {
		return mainnetSlotsA * math.Pow(x+0.5+mainnetSlotsR0, 1-mainnetSlotsB) / (1 - mainnetSlotsB)
	}
	k := float64(mainnetContracts) / float64(s.contracts)
	g0, gEnd := g(0), g(mainnetContracts)
	s.slots = make([]uint64, s.contracts+1)
	for j := uint64(1); j <= s.contracts; j++ {
		share := (g(float64(j)*k) - g0) / (gEnd - g0)
		s.slots[j] = uint64(math.Round(share * float64(total)))
	}
	s.slots[s.contracts] = total
	return s, nil
}

// contractSlots returns the slots of contract j.
func (s *mainnetShape) contractSlots(j uint64) uint64 {
	return s.slots[j+1] - s.slots[j]
}

// tailSlots returns the slots of the tail: every contract but the first two.
func (s *mainnetShape) tailSlots() uint64 {
	return s.slots[s.contracts] - s.slots[2]
}

// tailSlot returns the tail contract and the index in it of the tail's
// slot g (0 is the first slot of contract 2).
func (s *mainnetShape) tailSlot(g uint64) (contract, slot uint64) {
	abs := g + s.slots[2]
	// The last contract whose first slot is at or before abs.
	j := uint64(sort.Search(int(s.contracts), func(j int) bool { return s.slots[j+1] > abs }))
	return j, abs - s.slots[j]
}

// targets returns the entries of dumpgen's kinds: the EOAs as plain
// accounts, the largest contract's slots as token holders and the second's
// as sequential slots.
func (s *mainnetShape) targets() [numKinds]uint64 {
	return [numKinds]uint64{s.eoas, s.contractSlots(0), s.contractSlots(1)}
}

// tailContracts is the number of contracts in the tail.
func (s *mainnetShape) tailContracts() uint64 {
	return s.contracts - 2
}
