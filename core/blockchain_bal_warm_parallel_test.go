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
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestBALWarmWriteSet imports Amsterdam blocks, executed in parallel from
// their access lists, whose one transaction writes 100 slots of a contract
// (a batch above the warming's minimum of 64): with BALWarmWorkers the
// prefetcher's workers resolve the written slots' trie nodes, without it
// nothing is warmed, and both reach the head root of the generated chain.
func TestBALWarmWriteSet(t *testing.T) {
	contract := common.HexToAddress("0xc0de")
	var code []byte
	for i := 0; i < 100; i++ {
		code = append(code, byte(vm.NUMBER), byte(vm.PUSH1), byte(i), byte(vm.SSTORE))
	}
	env := newBALTestEnv(types.GenesisAlloc{contract: {Code: code, Balance: common.Big0}})
	env.gspec.GasLimit = 60_000_000
	engine := beacon.New(ethash.NewFaker())
	_, blocks, receipts := GenerateChainWithGenesis(env.gspec, engine, 3, func(i int, b *BlockGen) {
		tx, err := types.SignTx(types.NewTransaction(b.TxNonce(env.from), contract, common.Big0, 20_000_000, b.BaseFee(), nil), env.signer, env.key)
		if err != nil {
			t.Fatal(err)
		}
		b.AddTx(tx)
	})
	for i, r := range receipts {
		if r[0].Status != types.ReceiptStatusSuccessful {
			t.Fatalf("block %d: the transaction failed", i+1)
		}
	}
	importWith := func(workers int) (common.Hash, int64) {
		cfg := DefaultConfig()
		cfg.BALWarmWorkers = workers
		chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), env.gspec, engine, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer chain.Stop()
		before := balWarmNodesMeter.Snapshot().Count()
		if _, err := chain.InsertChain(blocks); err != nil {
			t.Fatalf("%d warm workers: %v", workers, err)
		}
		return chain.CurrentBlock().Root, balWarmNodesMeter.Snapshot().Count() - before
	}
	want := blocks[len(blocks)-1].Root()
	if root, warmed := importWith(0); root != want || warmed != 0 {
		t.Errorf("no warming: head root %x, %d nodes warmed; want %x, 0", root, warmed, want)
	}
	if root, warmed := importWith(8); root != want || warmed == 0 {
		t.Errorf("8 warm workers: head root %x, %d nodes warmed; want %x and some", root, warmed, want)
	}
}
