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
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
)

// prestate returns the state the chain's last block (the benchmark block)
// runs on, as a genesis alloc: the genesis alloc itself when that block
// follows the genesis, else the state after the setup blocks. Those are
// inserted into an in-memory chain that keeps the preimages of the state's
// keys, and the state is read back from it; the alloc is checked by
// computing its root, which must be the last setup block's.
//
// dumpgen merges this state into a large population (--fixture), so that
// the benchmark block runs on a big state.
func (c *chain) prestate() (types.GenesisAlloc, error) {
	setup := c.blocks[:len(c.blocks)-1]
	if len(setup) == 0 {
		return c.genesis.Alloc, nil
	}
	cfg := core.DefaultConfig().WithStateScheme(rawdb.HashScheme)
	cfg.Preimages = true
	bc, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), c.genesis, beacon.New(ethash.NewFaker()), cfg)
	if err != nil {
		return nil, err
	}
	defer bc.Stop()
	if n, err := bc.InsertChain(setup); err != nil {
		return nil, fmt.Errorf("setup block %d: %v", n+1, err)
	}
	root := setup[len(setup)-1].Root()
	last := setup[len(setup)-1]
	statedb, err := bc.StateAt(root, last.Number(), last.Time())
	if err != nil {
		return nil, err
	}
	collector := &allocCollector{alloc: make(types.GenesisAlloc)}
	if _, err := statedb.DumpToCollector(collector, nil); err != nil {
		return nil, err
	}
	if collector.err != nil {
		return nil, collector.err
	}
	check := *c.genesis
	check.Alloc = collector.alloc
	if got := check.ToBlock().Root(); got != root {
		return nil, fmt.Errorf("the state after the setup blocks read back with root %x, want %x (keys without preimages)", got, root)
	}
	return collector.alloc, nil
}

// allocCollector gathers a state dump into a genesis alloc.
type allocCollector struct {
	alloc types.GenesisAlloc
	err   error
}

func (c *allocCollector) OnRoot(common.Hash) {}

func (c *allocCollector) OnAccount(addr *common.Address, acc state.DumpAccount) {
	if addr == nil {
		c.err = errors.Join(c.err, fmt.Errorf("account %x has no preimage", acc.AddressHash))
		return
	}
	balance, ok := new(big.Int).SetString(acc.Balance, 10)
	if !ok {
		c.err = errors.Join(c.err, fmt.Errorf("account %x: balance %q", *addr, acc.Balance))
		return
	}
	account := types.Account{Balance: balance, Nonce: acc.Nonce, Code: acc.Code}
	if len(acc.Storage) > 0 {
		account.Storage = make(map[common.Hash]common.Hash, len(acc.Storage))
		for k, v := range acc.Storage {
			account.Storage[k] = common.HexToHash(v)
		}
	}
	c.alloc[*addr] = account
}
