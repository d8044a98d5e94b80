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
package core

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/params"
)

// countSlowBlockLogs inserts blocks into a fresh chain, in one batch or one at a
// time, and counts the slow-block JSON entries logged.
func countSlowBlockLogs(t *testing.T, gspec *Genesis, blocks []*types.Block, inBatches, oneByOne bool) int {
	t.Helper()
	var buf bytes.Buffer
	old := log.Root()
	log.SetDefault(log.NewLogger(log.JSONHandler(&buf)))
	defer log.SetDefault(old)

	options := DefaultConfig()
	options.SlowBlockThreshold = 0
	options.SlowBlockInBatches = inBatches
	chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), options)
	if err != nil {
		t.Fatal(err)
	}
	defer chain.Stop()
	if oneByOne {
		for _, block := range blocks {
			if _, err := chain.InsertChain(types.Blocks{block}); err != nil {
				t.Fatal(err)
			}
		}
	} else if _, err := chain.InsertChain(blocks); err != nil {
		t.Fatal(err)
	}
	return strings.Count(buf.String(), `\"msg\":\"Slow block\"`)
}

// TestSlowBlockLogInBatches checks that with SlowBlockInBatches every block of a
// batch insert is logged, and that without it only single-block inserts are.
func TestSlowBlockLogInBatches(t *testing.T) {
	gspec := &Genesis{Config: params.TestChainConfig, Alloc: types.GenesisAlloc{}}
	_, blocks, _ := GenerateChainWithGenesis(gspec, ethash.NewFaker(), 5, nil)
	if n := countSlowBlockLogs(t, gspec, blocks, true, false); n != len(blocks) {
		t.Errorf("batch insert with SlowBlockInBatches: %d slow-block logs, want %d", n, len(blocks))
	}
	if n := countSlowBlockLogs(t, gspec, blocks, false, false); n != 0 {
		t.Errorf("batch insert without SlowBlockInBatches: %d slow-block logs, want 0", n)
	}
	if n := countSlowBlockLogs(t, gspec, blocks, false, true); n != len(blocks) {
		t.Errorf("single-block inserts: %d slow-block logs, want %d", n, len(blocks))
	}
}
