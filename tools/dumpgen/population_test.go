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
	"testing"

	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/statekind"
)

func TestSplitEntries(t *testing.T) {
	for _, n := range []uint64{1, 2, 3, 4, 5, 999, 1000, 1 << 32} {
		split := splitEntries(n)
		if sum := split[kindAccount] + split[kindHolder] + split[kindSlot]; sum != n {
			t.Errorf("splitEntries(%d) = %v, sums to %d", n, split, sum)
		}
	}
}

// TestNextKindInterleaves checks that the kinds progress together.
func TestNextKindInterleaves(t *testing.T) {
	p, err := newPopulation(chainConfig(statekind.MPT, forkDefault), statekind.MPT, 1, 1000, defaultGasTarget)
	if err != nil {
		t.Fatal(err)
	}
	for !p.finished() {
		k := p.nextKind()
		n := min(p.targets[k]-p.done[k], 10)
		p.done[k] += n
		for j := entryKind(0); j < numKinds; j++ {
			// No kind may fall more than one step (10 entries) behind its share.
			share := p.created() * p.targets[j] / 1000
			if p.done[j]+20 < share {
				t.Fatalf("kind %s starved: %d done, share %d", kindNames[j], p.done[j], share)
			}
		}
	}
	if p.nextKind() != numKinds {
		t.Fatal("finished population still has a next kind")
	}
}

// TestItems checks the batch sizing bounds under each fork's gas schedule.
func TestItems(t *testing.T) {
	for fork, gas := range gasSchedules {
		p, err := newPopulation(chainConfig(statekind.UBT, fork), statekind.UBT, 1, 100_000, gas.minGasTarget())
		if err != nil {
			t.Fatal(err)
		}
		if p.gas != gas {
			t.Errorf("fork %s: population plans with %+v, want %+v", fork, p.gas, gas)
		}
		if n := p.items(kindAccount, params.TxGas); n != 0 {
			t.Errorf("fork %s: %d accounts fit in %d gas", fork, n, params.TxGas)
		}
		// At the minimum gas target a batch holds exactly one record.
		if n := p.items(kindHolder, 1<<30); n != 1 {
			t.Errorf("fork %s: batch of %d records at the minimum gas target", fork, n)
		}
		p.gasTarget = 1 << 40
		for k := entryKind(0); k < numKinds; k++ {
			if n := p.items(k, 1<<40); n != maxBatchItems {
				t.Errorf("fork %s: batch of %d %s, cap is %d", fork, n, kindNames[k], maxBatchItems)
			}
		}
	}
	// Before Amsterdam a transaction's gas limit is capped (EIP-7825 from
	// Osaka); Amsterdam caps its execution gas only (EIP-8037), and a full
	// batch's state gas comes from the reservoir above the cap.
	if full := forkDefault.gas().batchGas(maxBatchItems); full > params.MaxTxGas {
		t.Errorf("full batch gas %d above the EIP-7825 cap %d", full, params.MaxTxGas)
	}
	if full := forkAmsterdam.gas().batchGas(maxBatchItems); full > params.MaxTxTotalGas {
		t.Errorf("Amsterdam: full batch gas %d above the EIP-8037 cap %d", full, params.MaxTxTotalGas)
	}
}
