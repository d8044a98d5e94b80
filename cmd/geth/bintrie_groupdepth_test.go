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
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
)

// ubtTestChain is a binary-trie (UBT) genesis and a chain built on it, written to
// files so that the geth binary can init and import them.
type ubtTestChain struct {
	genesis string         // path of genesis.json
	blocks  string         // path of the RLP block stream holding the whole chain
	chain   []*types.Block // the blocks of the stream
	head    *types.Block   // last block of the stream
}

// newUBTTestChain generates n blocks of value transfers to fresh accounts and
// storage writes on a UBT genesis and writes them to dir.
func newUBTTestChain(t *testing.T, dir string, n int) *ubtTestChain {
	t.Helper()
	var (
		key, _   = crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
		sender   = crypto.PubkeyToAddress(key.PublicKey)
		contract = common.HexToAddress("0x00000000000000000000000000000000c0de0001")
		config   = &params.ChainConfig{
			ChainID:                 big.NewInt(1337),
			HomesteadBlock:          big.NewInt(0),
			EIP150Block:             big.NewInt(0),
			EIP155Block:             big.NewInt(0),
			EIP158Block:             big.NewInt(0),
			ByzantiumBlock:          big.NewInt(0),
			ConstantinopleBlock:     big.NewInt(0),
			PetersburgBlock:         big.NewInt(0),
			IstanbulBlock:           big.NewInt(0),
			MuirGlacierBlock:        big.NewInt(0),
			BerlinBlock:             big.NewInt(0),
			LondonBlock:             big.NewInt(0),
			ShanghaiTime:            new(uint64),
			UBTTime:                 new(uint64),
			TerminalTotalDifficulty: common.Big0,
			EnableUBTAtGenesis:      true,
			Ethash:                  new(params.EthashConfig),
			BlobScheduleConfig:      &params.BlobScheduleConfig{Prague: params.DefaultPragueBlobConfig},
		}
		gspec = &core.Genesis{
			Config:     config,
			GasLimit:   30_000_000,
			Difficulty: common.Big0,
			BaseFee:    big.NewInt(params.InitialBaseFee),
			Alloc: types.GenesisAlloc{
				sender: {Balance: new(big.Int).Lsh(common.Big1, 100)},
				// PUSH1 1, CALLDATALOAD(0), SSTORE: stores 1 at the slot named by calldata.
				contract: {Code: []byte{0x60, 0x01, 0x60, 0x00, 0x35, 0x55, 0x00}, Balance: common.Big0},
			},
		}
		signer = types.LatestSigner(config)
	)
	_, blocks, _ := core.GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), n, func(i int, b *core.BlockGen) {
		b.SetPoS()
		for j := 0; j < 4; j++ {
			to := common.BigToAddress(big.NewInt(int64(0x1000 + 4*i + j)))
			tx, _ := types.SignNewTx(key, signer, &types.DynamicFeeTx{
				ChainID: config.ChainID, Nonce: b.TxNonce(sender), To: &to, Value: big.NewInt(1),
				Gas: 100_000, GasFeeCap: b.BaseFee(), GasTipCap: common.Big0,
			})
			b.AddTx(tx)
		}
		slot := crypto.Keccak256Hash(big.NewInt(int64(i)).Bytes())
		tx, _ := types.SignNewTx(key, signer, &types.DynamicFeeTx{
			ChainID: config.ChainID, Nonce: b.TxNonce(sender), To: &contract, Data: slot[:],
			Gas: 200_000, GasFeeCap: b.BaseFee(), GasTipCap: common.Big0,
		})
		b.AddTx(tx)
	})
	return writeTestChain(t, dir, gspec, blocks)
}

// writeTestChain writes the genesis and blocks of a generated chain to dir,
// as geth init and geth import read them.
func writeTestChain(t *testing.T, dir string, gspec *core.Genesis, blocks []*types.Block) *ubtTestChain {
	t.Helper()
	chain := &ubtTestChain{
		genesis: filepath.Join(dir, "genesis.json"),
		blocks:  filepath.Join(dir, "chain.rlp"),
		chain:   blocks,
		head:    blocks[len(blocks)-1],
	}
	blob, err := json.Marshal(gspec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(chain.genesis, blob, 0o644); err != nil {
		t.Fatal(err)
	}
	writeBlockStream(t, chain.blocks, blocks)
	return chain
}

// writeBlockStream writes blocks in the RLP stream format that geth import reads.
func writeBlockStream(t *testing.T, path string, blocks []*types.Block) {
	t.Helper()
	var stream []byte
	for _, block := range blocks {
		enc, err := rlp.EncodeToBytes(block)
		if err != nil {
			t.Fatal(err)
		}
		stream = append(stream, enc...)
	}
	if err := os.WriteFile(path, stream, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runGethOK runs geth to completion and fails the test if it exits non-zero.
func runGethOK(t *testing.T, args ...string) {
	t.Helper()
	geth := runGeth(t, args...)
	geth.WaitExit()
	if status := geth.ExitStatus(); status != 0 {
		t.Fatalf("geth %s: exit status %d\n%s", strings.Join(args, " "), status, geth.StderrText())
	}
}

// withChainDB opens the chain database of a stopped geth read-only, calls fn and
// closes the database again, so that geth can run on the datadir afterwards.
func withChainDB(t *testing.T, datadir string, fn func(db ethdb.Database)) {
	t.Helper()
	stack, err := node.New(&node.Config{DataDir: datadir, Name: "geth"})
	if err != nil {
		t.Fatal(err)
	}
	defer stack.Close()
	db, err := stack.OpenDatabaseWithOptions("chaindata", node.DatabaseOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fn(db)
}

// readChainHead returns the head header of a stopped geth's datadir.
func readChainHead(t *testing.T, datadir string) *types.Header {
	t.Helper()
	var head *types.Header
	withChainDB(t, datadir, func(db ethdb.Database) { head = rawdb.ReadHeadHeader(db) })
	if head == nil {
		t.Fatal("no head header in", datadir)
	}
	return head
}

// TestBinTrieGroupDepthInitImport runs init and import of a binary-trie chain at
// several group depths: each must reach the chain's head with its state root.
func TestBinTrieGroupDepthInitImport(t *testing.T) {
	t.Parallel()
	chain := newUBTTestChain(t, t.TempDir(), 8)
	for _, depth := range []int{1, 6, 8} {
		t.Run(fmt.Sprintf("gd-%d", depth), func(t *testing.T) {
			t.Parallel()
			var (
				datadir = t.TempDir()
				flag    = fmt.Sprintf("--bintrie.groupdepth=%d", depth)
			)
			runGethOK(t, "--datadir", datadir, flag, "init", chain.genesis)
			runGethOK(t, "--datadir", datadir, flag, "import", "--nocompaction", chain.blocks)
			head := readChainHead(t, datadir)
			if head.Hash() != chain.head.Hash() || head.Root != chain.head.Root() {
				t.Fatalf("head %d %x (root %x), want %d %x (root %x)", head.Number, head.Hash(), head.Root,
					chain.head.Number(), chain.head.Hash(), chain.head.Root())
			}
		})
	}
}

// TestBinTrieGroupDepthInvalid checks that a group depth the binary trie cannot
// serialize is refused cleanly, before the datadir is created.
func TestBinTrieGroupDepthInvalid(t *testing.T) {
	t.Parallel()
	chain := newUBTTestChain(t, t.TempDir(), 1)
	for _, value := range []string{"0", "9", "-1", "x"} {
		t.Run(value, func(t *testing.T) {
			t.Parallel()
			datadir := filepath.Join(t.TempDir(), "datadir")
			geth := runGeth(t, "--datadir", datadir, "--bintrie.groupdepth="+value, "init", chain.genesis)
			geth.WaitExit()
			stderr := geth.StderrText()
			if geth.ExitStatus() == 0 {
				t.Fatalf("geth accepted --bintrie.groupdepth=%s", value)
			}
			if !strings.Contains(stderr, "bintrie.groupdepth") {
				t.Errorf("error does not name the flag:\n%s", stderr)
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
				t.Errorf("panic trace for a bad flag value:\n%s", stderr)
			}
			if _, err := os.Stat(datadir); !os.IsNotExist(err) {
				t.Errorf("datadir was created for a refused flag value (stat: %v)", err)
			}
		})
	}
}
