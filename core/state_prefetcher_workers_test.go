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
	"math/big"
	"runtime"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
)

// TestStatePrefetcherConcurrency checks the transactions the state
// prefetcher executes at once: 4/5 of the CPUs (at least one) by default,
// the configured count when set.
func TestStatePrefetcherConcurrency(t *testing.T) {
	if got, want := newStatePrefetcher(nil, nil, 0).concurrency(), max(1, 4*runtime.NumCPU()/5); got != want {
		t.Errorf("default: %d transactions at once, want %d", got, want)
	}
	if got := newStatePrefetcher(nil, nil, 16).concurrency(); got != 16 {
		t.Errorf("configured 16: %d transactions at once", got)
	}
}

// TestStatePrefetcherConfig checks that a chain's state prefetcher executes
// BlockChainConfig.PrefetchWorkers transactions at once, and that a chain
// prefetching 8 at once reaches the head state of one with the default.
func TestStatePrefetcherConfig(t *testing.T) {
	var (
		key, _ = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender = crypto.PubkeyToAddress(key.PublicKey)
		gspec  = &Genesis{Config: params.TestChainConfig, Alloc: types.GenesisAlloc{sender: {Balance: big.NewInt(1e18)}}}
		signer = types.LatestSigner(gspec.Config)
	)
	_, blocks, _ := GenerateChainWithGenesis(gspec, ethash.NewFaker(), 4, func(i int, b *BlockGen) {
		for j := 0; j < 10; j++ {
			tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(sender), common.Address{byte(i), byte(j), 0xee}, big.NewInt(1000), 21000, b.BaseFee(), nil), signer, key)
			b.AddTx(tx)
		}
	})
	var roots []common.Hash
	for _, workers := range []int{0, 8} {
		cfg := DefaultConfig()
		cfg.PrefetchWorkers = workers
		chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), gspec, ethash.NewFaker(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer chain.Stop()
		if want := newStatePrefetcher(nil, nil, workers).concurrency(); chain.prefetcher.(*statePrefetcher).concurrency() != want {
			t.Errorf("PrefetchWorkers %d: the chain's prefetcher executes %d transactions at once, want %d", workers, chain.prefetcher.(*statePrefetcher).concurrency(), want)
		}
		if _, err := chain.InsertChain(blocks); err != nil {
			t.Fatalf("PrefetchWorkers %d: %v", workers, err)
		}
		roots = append(roots, chain.CurrentBlock().Root)
	}
	if roots[0] != roots[1] {
		t.Errorf("head root %x prefetching 8 transactions at once, %x with the default", roots[1], roots[0])
	}
}
