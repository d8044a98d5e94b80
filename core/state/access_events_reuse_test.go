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
package state

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func resetTestSlot(i int) common.Hash {
	var h common.Hash
	binary.BigEndian.PutUint64(h[24:], uint64(i)*0x9e3779b97f4a7c15)
	h[0] = 0x80 // beyond the account header's 64 slots
	return h
}

// touchSlots charges a read and a write of n slots and returns the gas.
func touchSlots(ae *AccessEvents, n int) uint64 {
	var gas uint64
	for i := 0; i < n; i++ {
		gas += ae.SlotGas(testAddr, resetTestSlot(i), false, math.MaxUint64, false)
		gas += ae.SlotGas(testAddr, resetTestSlot(i), true, math.MaxUint64, false)
	}
	gas += ae.BasicDataGas(testAddr2, true, math.MaxUint64, false)
	return gas
}

// TestAccessEventsReset checks that reset events charge exactly what fresh ones
// do, and that events merged before the reset keep their entries.
func TestAccessEventsReset(t *testing.T) {
	for _, n := range []int{1, 300, maxRetainedAccessEvents + 1} {
		fresh := touchSlots(NewAccessEvents(), n)
		block := NewAccessEvents()
		ae := NewAccessEvents()
		for tx := 0; tx < 3; tx++ {
			if gas := touchSlots(ae, n); gas != fresh {
				t.Fatalf("%d slots, tx %d: charged %d, fresh events charge %d", n, tx, gas, fresh)
			}
			block.Merge(ae)
			ae.Reset()
			if len(ae.branches) != 0 {
				t.Fatalf("%d slots: %d stems left after reset", n, len(ae.branches))
			}
		}
		if keys, want := len(block.Keys()), len(touchKeys(n)); keys != want {
			t.Fatalf("%d slots: block-level events hold %d keys after the resets, want %d", n, keys, want)
		}
	}
}

func touchKeys(n int) [][]byte {
	ae := NewAccessEvents()
	touchSlots(ae, n)
	return ae.Keys()
}

// TestAccessEventsResetBound checks that a reset keeps the map of a small set
// and drops one that grew past maxRetainedAccessEvents.
func TestAccessEventsResetBound(t *testing.T) {
	same := func(a, b any) bool {
		return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
	}
	ae := NewAccessEvents()
	touchSlots(ae, 10)
	branches := ae.branches
	ae.Reset()
	if !same(branches, ae.branches) {
		t.Error("reset replaced the stem map of a small set")
	}
	touchSlots(ae, maxRetainedAccessEvents+1)
	branches = ae.branches
	if len(branches) <= maxRetainedAccessEvents {
		t.Fatalf("%d slots touched only %d stems", maxRetainedAccessEvents+1, len(branches))
	}
	ae.Reset()
	if same(branches, ae.branches) {
		t.Errorf("reset kept a stem map of %d entries", len(branches))
	}
}
