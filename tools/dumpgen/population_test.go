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
	p, err := newPopulation(chainConfig(trieMPT), trieMPT, 1, 1000, defaultGasTarget)
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

// TestItems checks the batch sizing bounds.
func TestItems(t *testing.T) {
	p, err := newPopulation(chainConfig(trieUBT), trieUBT, 1, 100_000, minGasTarget)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.items(kindAccount, params.TxGas); n != 0 {
		t.Errorf("%d accounts fit in %d gas", n, params.TxGas)
	}
	// At the minimum gas target a batch holds exactly one record.
	if n := p.items(kindHolder, 1<<30); n != 1 {
		t.Errorf("batch of %d records at the minimum gas target", n)
	}
	p.gasTarget = 1 << 40
	for k := entryKind(0); k < numKinds; k++ {
		if n := p.items(k, 1<<40); n != maxBatchItems {
			t.Errorf("batch of %d %s, cap is %d", n, kindNames[k], maxBatchItems)
		}
	}
	if batchGas(maxBatchItems) > params.MaxTxGas {
		t.Errorf("full batch gas %d above the EIP-7825 cap %d", batchGas(maxBatchItems), params.MaxTxGas)
	}
}
