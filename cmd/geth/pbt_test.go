// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package main

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
)

// newPBTTestChain writes the genesis and blocks of a chain whose state is
// committed to EIP-8297's partitioned binary tree: transfers to fresh
// accounts and storage writes, n blocks.
func newPBTTestChain(t *testing.T, dir string, n int) *ubtTestChain {
	t.Helper()
	var (
		key, _   = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender   = crypto.PubkeyToAddress(key.PublicKey)
		contract = common.HexToAddress("0x00000000000000000000000000000000c0de0001")
		config   = *params.MergedTestChainConfig
	)
	config.EnablePBTAtGenesis = true
	gspec := &core.Genesis{
		Config:     &config,
		GasLimit:   30_000_000,
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Difficulty: common.Big0,
		Alloc: types.GenesisAlloc{
			sender: {Balance: new(big.Int).Lsh(common.Big1, 100)},
			// PUSH1 1, CALLDATALOAD(0), SSTORE: stores 1 at the slot named by calldata.
			contract:                         {Code: []byte{0x60, 0x01, 0x60, 0x00, 0x35, 0x55, 0x00}, Balance: common.Big0},
			params.BeaconRootsAddress:        {Nonce: 1, Code: params.BeaconRootsCode, Balance: common.Big0},
			params.HistoryStorageAddress:     {Nonce: 1, Code: params.HistoryStorageCode, Balance: common.Big0},
			params.WithdrawalQueueAddress:    {Nonce: 1, Code: params.WithdrawalQueueCode, Balance: common.Big0},
			params.ConsolidationQueueAddress: {Nonce: 1, Code: params.ConsolidationQueueCode, Balance: common.Big0},
		},
	}
	signer := types.LatestSigner(&config)
	_, blocks, _ := core.GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), n, func(i int, b *core.BlockGen) {
		for j := 0; j < 4; j++ {
			to := common.BigToAddress(big.NewInt(int64(0x1000 + 4*i + j)))
			b.AddTx(types.MustSignNewTx(key, signer, &types.DynamicFeeTx{
				ChainID: config.ChainID, Nonce: b.TxNonce(sender), To: &to, Value: big.NewInt(1),
				Gas: 100_000, GasFeeCap: b.BaseFee(),
			}))
		}
		for _, slot := range []int64{int64(i), 1000 + int64(i)} { // in the header, in the bucket
			b.AddTx(types.MustSignNewTx(key, signer, &types.DynamicFeeTx{
				ChainID: config.ChainID, Nonce: b.TxNonce(sender), To: &contract, Data: common.BigToHash(big.NewInt(slot)).Bytes(),
				Gas: 200_000, GasFeeCap: b.BaseFee(),
			}))
		}
	})
	return writeTestChain(t, dir, gspec, blocks)
}

func readBinaryTreeKind(t *testing.T, datadir string) string {
	t.Helper()
	var kind string
	withChainDB(t, datadir, func(db ethdb.Database) { kind, _ = rawdb.ReadBinaryTreeKind(db) })
	return kind
}

// TestPBTInitImport runs init and import of a partitioned-tree chain at
// group depths 5 and 6: init records the tree and its depth, and import
// reaches the chain's head with its state root.
func TestPBTInitImport(t *testing.T) {
	t.Parallel()
	chain := newPBTTestChain(t, t.TempDir(), 6)
	for _, depth := range []string{"5", "6"} {
		datadir := t.TempDir()
		runGethOK(t, "--datadir", datadir, "--bintrie.groupdepth="+depth, "init", chain.genesis)
		if kind := readBinaryTreeKind(t, datadir); kind != triedb.BinaryTreeEIP8297 {
			t.Fatalf("depth %s: recorded kind %q", depth, kind)
		}
		if got := readRecordedGroupDepth(t, datadir); got != int(depth[0]-'0') {
			t.Fatalf("recorded group depth %d, want %s", got, depth)
		}
		runGethOK(t, "--datadir", datadir, "import", "--nocompaction", chain.blocks)
		if head := readChainHead(t, datadir); head.Hash() != chain.head.Hash() || head.Root != chain.head.Root() {
			t.Fatalf("depth %s: head %d %x, want %d %x", depth, head.Number, head.Root, chain.head.Number(), chain.head.Root())
		}
	}
}

// TestPBTDatadirRefusals checks that a datadir of one binary tree is not
// opened as the other, and that the partitioned tree is not asked of the
// hash scheme: each refusal names the problem, exits non-zero and leaves the
// datadir as it was.
func TestPBTDatadirRefusals(t *testing.T) {
	t.Parallel()
	var (
		pbtChain = newPBTTestChain(t, t.TempDir(), 2)
		ubtChain = newUBTTestChain(t, t.TempDir(), 2)
		pbtDir   = t.TempDir()
		ubtDir   = t.TempDir()
	)
	runGethOK(t, "--datadir", pbtDir, "init", pbtChain.genesis)
	runGethOK(t, "--datadir", ubtDir, "init", ubtChain.genesis)

	expectGethRefusal(t, []string{pbtDir, "holds the partitioned binary tree of EIP-8297", "binary trie of EIP-7864"},
		"--datadir", pbtDir, "init", ubtChain.genesis)
	expectGethRefusal(t, []string{ubtDir, "holds the binary trie of EIP-7864", "partitioned binary tree of EIP-8297"},
		"--datadir", ubtDir, "init", pbtChain.genesis)
	expectGethRefusal(t, []string{"partitioned binary tree", "--state.scheme=path"},
		"--datadir", t.TempDir(), "--state.scheme=hash", "init", pbtChain.genesis)

	if kind := readBinaryTreeKind(t, pbtDir); kind != triedb.BinaryTreeEIP8297 {
		t.Fatalf("refused init changed the recorded kind to %q", kind)
	}
	if kind := readBinaryTreeKind(t, ubtDir); kind != triedb.BinaryTrieEIP7864 {
		t.Fatalf("refused init changed the recorded kind to %q", kind)
	}
	runGethOK(t, "--datadir", pbtDir, "import", "--nocompaction", pbtChain.blocks)
	if head := readChainHead(t, pbtDir); head.Root != pbtChain.head.Root() {
		t.Fatalf("head root %x, want %x", head.Root, pbtChain.head.Root())
	}
}
