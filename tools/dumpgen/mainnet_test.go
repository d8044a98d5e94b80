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
	"slices"
	"testing"
)

// TestMainnetShape checks the mainnet shape at several scales against the
// figures it is calibrated to: the entries add up, EOAs, contracts and slots
// keep mainnet's shares, the 99th percentile of slots per contract stays
// near mainnet's 47 and its median at 0, and the largest contracts hold the
// share of all slots that mainnet's contracts of the same rank fraction do.
func TestMainnetShape(t *testing.T) {
	for _, n := range []uint64{1_000, 100_000, 10_000_000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s, err := newMainnetShape(n)
			if err != nil {
				t.Fatal(err)
			}
			slots := s.slots[s.contracts]
			if s.eoas+s.contracts+slots != n {
				t.Fatalf("%d EOAs + %d contracts + %d slots != %d entries", s.eoas, s.contracts, slots, n)
			}
			share := func(part, whole float64) float64 { return part / whole }
			if got, want := share(float64(s.eoas), float64(n)), share(mainnetEOAs, mainnetEntries); math.Abs(got-want) > 0.01 {
				t.Errorf("EOA share %.3f, mainnet's %.3f", got, want)
			}
			if got, want := share(float64(slots), float64(n)), share(mainnetSlots, mainnetEntries); math.Abs(got-want) > 0.01 {
				t.Errorf("slot share %.3f, mainnet's %.3f", got, want)
			}
			per := make([]uint64, s.contracts)
			for j := range per {
				per[j] = s.contractSlots(uint64(j))
			}
			if per[0] < per[1] || per[1] < per[2] {
				t.Errorf("the largest contracts come first: %d, %d, %d slots", per[0], per[1], per[2])
			}
			sorted := slices.Clone(per)
			slices.Sort(sorted)
			if n >= 100_000 {
				if median := sorted[len(sorted)/2]; median > 1 {
					t.Errorf("median %d slots, mainnet's 0", median)
				}
				if p99 := sorted[len(sorted)*99/100]; p99 < 30 || p99 > 70 {
					t.Errorf("99th percentile %d slots, mainnet's 47", p99)
				}
			}
			// The top 0.1% of contracts hold the share of all slots
			// that mainnet's top 0.1% hold, by the fit, at every scale.
			top := max(s.contracts/1000, 1)
			want := mainnetTopShare(float64(top) / float64(s.contracts))
			if got := share(float64(s.slots[top]), float64(slots)); math.Abs(got-want) > 0.02 {
				t.Errorf("top %d contracts hold %.3f of the slots, mainnet's top 0.1%% %.3f", top, got, want)
			}
			for _, g := range []uint64{0, s.tailSlots() / 2, s.tailSlots() - 1} {
				if s.tailSlots() == 0 {
					break
				}
				j, k := s.tailSlot(g)
				if j < 2 || k >= s.contractSlots(j) || s.slots[j]+k != s.slots[2]+g {
					t.Errorf("tail slot %d is contract %d slot %d", g, j, k)
				}
			}
		})
	}
	if _, err := newMainnetShape(99); err == nil {
		t.Error("a mainnet shape of 99 entries")
	}
}

// mainnetTopShare is the share of mainnet's published slot count that its
// top fraction f of contracts hold by the fit, summed rank by rank.
func mainnetTopShare(f float64) float64 {
	var top float64
	for r := 1; r <= int(f*mainnetContracts); r++ {
		top += mainnetSlotsA * math.Pow(float64(r)+mainnetSlotsR0, -mainnetSlotsB)
	}
	return top / mainnetSlots
}
