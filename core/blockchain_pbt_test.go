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
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/holiman/uint256"
)

// pbtTestCode is a contract that stores calldata[32:64] at slot calldata[0:32].
var pbtTestCode = []byte{0x60, 0x20, 0x35, 0x60, 0x00, 0x35, 0x55, 0x00}

// deployCode returns init code that deploys code.
func deployCode(code []byte) []byte {
	n := len(code)
	return append([]byte{0x61, byte(n >> 8), byte(n), 0x60, 14, 0x60, 0, 0x39, 0x61, byte(n >> 8), byte(n), 0x60, 0, 0xf3}, code...)
}

// pbtTestChain generates a chain exercising what the tree stores: fresh
// accounts, contract creation (code of two code groups, deployed twice),
// storage in the header and in the bucket, slots set to zero, an EIP-7702
// delegation set and cleared, and a contract that self-destructs in its
// creation. pbt selects the partitioned tree; without it the chain is MPT.
func pbtTestChain(t *testing.T, pbt, amsterdam bool) (*Genesis, []*types.Block) {
	t.Helper()
	config := *params.MergedTestChainConfig
	config.EnablePBTAtGenesis = pbt
	if amsterdam {
		config.AmsterdamTime = new(uint64)
	}
	var (
		key, _  = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender  = crypto.PubkeyToAddress(key.PublicKey)
		eoaKey  = mustKey(t, "8a1f9a8f95be41cd7ccb6168179afb4504aefe388d1e14474d32c45c72ce7b7a")
		eoa     = crypto.PubkeyToAddress(eoaKey.PublicKey)
		signer  = types.LatestSigner(&config)
		bigCode = bytes.Repeat([]byte{0x5b}, 9000) // 291 chunks: two code groups
		gspec   = &Genesis{
			Config:   &config,
			GasLimit: 60_000_000,
			BaseFee:  big1(params.InitialBaseFee),
			Alloc: types.GenesisAlloc{
				sender:                           {Balance: new(big.Int).Lsh(common.Big1, 100)},
				eoa:                              {Balance: big.NewInt(1e18)},
				params.BeaconRootsAddress:        {Nonce: 1, Code: params.BeaconRootsCode},
				params.HistoryStorageAddress:     {Nonce: 1, Code: params.HistoryStorageCode},
				params.WithdrawalQueueAddress:    {Nonce: 1, Code: params.WithdrawalQueueCode},
				params.ConsolidationQueueAddress: {Nonce: 1, Code: params.ConsolidationQueueCode},
				params.BuilderDepositAddress:     {Nonce: 1, Code: params.BuilderDepositCode},
				params.BuilderExitAddress:        {Nonce: 1, Code: params.BuilderExitCode},
			},
		}
		nonce    uint64
		contract = crypto.CreateAddress(sender, 1)
	)
	tx := func(b *BlockGen, to *common.Address, value int64, data []byte) {
		inner := &types.DynamicFeeTx{ChainID: config.ChainID, Nonce: nonce, To: to, Value: big.NewInt(value),
			Gas: 16_000_000, GasFeeCap: b.header.BaseFee, Data: data}
		b.AddTx(types.MustSignNewTx(key, signer, inner))
		nonce++
	}
	store := func(b *BlockGen, to common.Address, slot *big.Int, value int64) {
		tx(b, &to, 0, append(common.BigToHash(slot).Bytes(), common.BigToHash(big.NewInt(value)).Bytes()...))
	}
	delegate := func(b *BlockGen, target common.Address, authNonce uint64) {
		auth, err := types.SignSetCode(eoaKey, types.SetCodeAuthorization{ChainID: *uint256.MustFromBig(config.ChainID), Address: target, Nonce: authNonce})
		if err != nil {
			t.Fatal(err)
		}
		inner := &types.SetCodeTx{ChainID: uint256.MustFromBig(config.ChainID), Nonce: nonce, To: sender, Gas: 500_000,
			GasFeeCap: uint256.MustFromBig(b.header.BaseFee), Value: new(uint256.Int), AuthList: []types.SetCodeAuthorization{auth}}
		b.AddTx(types.MustSignNewTx(key, signer, inner))
		nonce++
	}
	_, blocks, _ := GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), 5, func(i int, b *BlockGen) {
		switch i {
		case 0:
			tx(b, &common.Address{0xfe, 1}, 1000, nil) // a fresh account
			tx(b, nil, 0, deployCode(pbtTestCode))     // nonce 1: contract
			tx(b, nil, 0, deployCode(bigCode))         // two code groups
			tx(b, nil, 0, deployCode(bigCode))         // the same code again: shared chunks
		case 1:
			store(b, contract, big.NewInt(5), 7)                      // header slot
			store(b, contract, big.NewInt(1000), 8)                   // bucket, group 3
			store(b, contract, new(big.Int).Lsh(common.Big1, 200), 9) // bucket, far group
			store(b, contract, big.NewInt(64), 10)                    // bucket, group 0
			tx(b, &common.Address{0xfe, 2}, 1, nil)
		case 2:
			store(b, contract, big.NewInt(5), 0)  // zero: the leaf goes
			store(b, contract, big.NewInt(64), 0) // the bucket's group 0 goes
			delegate(b, contract, 0)              // the EOA delegates to the contract
		case 3:
			store(b, eoa, big.NewInt(3), 11) // runs the contract's code on the EOA's storage
			store(b, eoa, big.NewInt(300), 12)
			// a contract that self-destructs in its creation, to a fresh beneficiary
			tx(b, nil, 5, append([]byte{0x73}, append(common.Address{0xfe, 3}.Bytes(), 0xff)...))
		case 4:
			delegate(b, common.Address{}, 1) // clears the delegation
			tx(b, &common.Address{0xfe, 1}, 1, nil)
		}
	})
	return gspec, blocks
}

func mustKey(t *testing.T, hex string) *ecdsa.PrivateKey {
	k, err := crypto.HexToECDSA(hex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func big1(v int64) *big.Int { return big.NewInt(v) }

// TestPBTChainImport imports a partitioned-tree chain at several group
// depths: every block must reach the root the generator computed, and the
// state must read back. The chain's gas is the same as on MPT: the tree
// changes how state is committed, not what execution costs.
func TestPBTChainImport(t *testing.T) {
	t.Run("prague", func(t *testing.T) { testPBTChainImport(t, false) })
	t.Run("amsterdam", func(t *testing.T) { testPBTChainImport(t, true) })
}

func testPBTChainImport(t *testing.T, amsterdam bool) {
	gspec, blocks := pbtTestChain(t, true, amsterdam)
	_, mptBlocks := pbtTestChain(t, false, amsterdam)
	for i := range blocks {
		if blocks[i].GasUsed() != mptBlocks[i].GasUsed() {
			t.Fatalf("block %d: gas used %d on the partitioned tree, %d on MPT", i+1, blocks[i].GasUsed(), mptBlocks[i].GasUsed())
		}
		if blocks[i].Root() == mptBlocks[i].Root() {
			t.Fatalf("block %d: same root as on MPT", i+1)
		}
		if len(blocks[i].Transactions()) == 0 {
			t.Fatalf("block %d is empty", i+1)
		}
		if amsterdam && blocks[i].AccessList() == nil {
			t.Fatalf("Amsterdam block %d has no access list", i+1)
		}
	}
	for _, depth := range []int{1, 5, 6, 8} {
		t.Run(fmt.Sprintf("depth-%d", depth), func(t *testing.T) {
			db := rawdb.NewMemoryDatabase()
			options := DefaultConfig().WithStateScheme(rawdb.PathScheme)
			options.BinTrieGroupDepth = depth
			chain, err := NewBlockChain(db, gspec, beacon.New(ethash.NewFaker()), options)
			if err != nil {
				t.Fatal(err)
			}
			if !chain.TrieDB().IsPBT() || chain.TrieDB().BinTrieGroupDepth() != depth {
				t.Fatalf("trie database: partitioned %v, depth %d", chain.TrieDB().IsPBT(), chain.TrieDB().BinTrieGroupDepth())
			}
			if n, err := chain.InsertChain(blocks); err != nil {
				t.Fatalf("block %d: %v", n+1, err)
			}
			head := chain.CurrentBlock()
			if head.Root != blocks[len(blocks)-1].Root() {
				t.Fatalf("head root %x, want %x", head.Root, blocks[len(blocks)-1].Root())
			}
			checkPBTState(t, chain)
			chain.Stop()

			// Reopened without a genesis, the database says which tree it holds.
			chain, err = NewBlockChain(db, nil, beacon.New(ethash.NewFaker()), options)
			if err != nil {
				t.Fatal(err)
			}
			checkPBTState(t, chain)
			chain.Stop()

			// Opened as another binary tree, it is refused.
			ubt := *gspec
			ubtConfig := *gspec.Config
			ubtConfig.EnablePBTAtGenesis, ubtConfig.EnableUBTAtGenesis = false, true
			ubt.Config = &ubtConfig
			var kindErr *triedb.BinaryTreeKindError
			if _, err := NewBlockChain(db, &ubt, beacon.New(ethash.NewFaker()), options); !errors.As(err, &kindErr) {
				t.Fatalf("opened as EIP-7864's trie: %v", err)
			}
		})
	}
}

func checkPBTState(t *testing.T, chain *BlockChain) {
	t.Helper()
	key, _ := crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
	sender := crypto.PubkeyToAddress(key.PublicKey)
	contract := crypto.CreateAddress(sender, 1)
	eoa := crypto.PubkeyToAddress(mustKey(t, "8a1f9a8f95be41cd7ccb6168179afb4504aefe388d1e14474d32c45c72ce7b7a").PublicKey)
	statedb, err := chain.State()
	if err != nil {
		t.Fatal(err)
	}
	slot := func(addr common.Address, n *big.Int) int64 {
		return statedb.GetState(addr, common.BigToHash(n)).Big().Int64()
	}
	if got := slot(contract, big.NewInt(1000)); got != 8 {
		t.Errorf("slot 1000: %d", got)
	}
	if got := slot(contract, new(big.Int).Lsh(common.Big1, 200)); got != 9 {
		t.Errorf("slot 2^200: %d", got)
	}
	if got := slot(contract, big.NewInt(5)); got != 0 {
		t.Errorf("zeroed slot 5: %d", got)
	}
	if got := slot(eoa, big.NewInt(300)); got != 12 {
		t.Errorf("slot 300 of the delegated EOA: %d", got)
	}
	if !bytes.Equal(statedb.GetCode(contract), pbtTestCode) {
		t.Errorf("contract code %x", statedb.GetCode(contract))
	}
	if code := statedb.GetCode(eoa); len(code) != 0 {
		t.Errorf("cleared delegation leaves code %x", code)
	}
	if got := statedb.GetBalance(common.Address{0xfe, 3}); got.Uint64() != 5 {
		t.Errorf("beneficiary of the self-destruct: %v", got)
	}
	if statedb.Exist(crypto.CreateAddress(sender, 14)) {
		t.Error("the self-destructed contract exists")
	}
	if got := statedb.GetCodeSize(crypto.CreateAddress(sender, 3)); got != 9000 {
		t.Errorf("code size of the shared code: %d", got)
	}
}
