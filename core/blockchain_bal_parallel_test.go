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
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/balsidecar"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/holiman/uint256"
)

// TestBALSidecarParallel imports Amsterdam blocks, executed in parallel from
// their own access lists, with a Type-4 sidecar of their senders' and
// recipients' pre-block state: the entries are used, the chain is the one
// generated, and a wrong injected balance fails its block, which shows that
// the values reach the parallel execution.
func TestBALSidecarParallel(t *testing.T) {
	env := newBALTestEnv(nil)
	engine := beacon.New(ethash.NewFaker())
	to := common.HexToAddress("0x7e57")
	_, blocks, _ := GenerateChainWithGenesis(env.gspec, engine, 3, func(i int, b *BlockGen) {
		tx, _ := types.SignTx(types.NewTransaction(b.TxNonce(env.from), to, big.NewInt(1000), 21000, b.BaseFee(), nil), env.signer, env.key)
		b.AddTx(tx)
	})
	ref, err := NewBlockChain(rawdb.NewMemoryDatabase(), env.gspec, engine, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Stop()
	if _, err := ref.InsertChain(blocks); err != nil {
		t.Fatal(err)
	}
	file := &balsidecar.File{Type: balsidecar.TypeFullPrestate}
	for _, block := range blocks {
		parent := ref.GetHeaderByHash(block.ParentHash())
		statedb, err := ref.StateAt(parent.Root, parent.Number, parent.Time)
		if err != nil {
			t.Fatal(err)
		}
		entry := &balsidecar.Block{Number: block.NumberU64(), Hash: block.Hash()}
		for _, addr := range []common.Address{env.from, to} {
			a := &balsidecar.Account{Address: addr, Absent: !statedb.Exist(addr)}
			if !a.Absent {
				a.Nonce, a.Balance = statedb.GetNonce(addr), statedb.GetBalance(addr).Clone()
				a.CodeHash, a.StorageRoot = statedb.GetCodeHash(addr), statedb.GetStorageRoot(addr)
			}
			entry.Accounts = append(entry.Accounts, a)
		}
		file.Blocks = append(file.Blocks, entry)
	}
	importWith := func(file *balsidecar.File) (*BlockChain, *BALSidecar, error) {
		s, err := NewBALSidecar(file, "test.bal", BALSidecarConfig{Workers: DefaultBALWorkers, Fetch: BALFetchTrie})
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultConfig()
		cfg.BALSidecar = s
		chain, err := NewBlockChain(rawdb.NewMemoryDatabase(), env.gspec, engine, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(chain.Stop)
		_, err = chain.InsertChain(blocks)
		return chain, s, err
	}
	chain, s, err := importWith(file)
	if err != nil {
		t.Fatal(err)
	}
	if head := chain.CurrentBlock(); head.Root != ref.CurrentBlock().Root {
		t.Fatalf("head root %x, want %x", head.Root, ref.CurrentBlock().Root)
	}
	if used, missing, ignored := s.Counts(); used != 3 || missing != 0 || ignored != 0 {
		t.Errorf("%d used, %d missing, %d ignored; want 3, 0, 0", used, missing, ignored)
	}
	// A wrong balance of the sender before block 2 fails block 2.
	sender := file.Blocks[1].Accounts[0]
	sender.Balance = new(uint256.Int).AddUint64(sender.Balance, 1)
	chain, s, err = importWith(file)
	if err == nil {
		t.Fatal("a wrong injected balance was accepted")
	}
	if n := chain.CurrentBlock().Number.Uint64(); n != 1 {
		t.Errorf("head at block %d, want the last good block 1", n)
	}
	if msg := s.ExplainError(err).Error(); !strings.Contains(msg, "block 2 (") {
		t.Errorf("error %q does not name block 2", msg)
	}
}
