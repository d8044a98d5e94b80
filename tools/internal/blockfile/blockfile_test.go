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

package blockfile

import (
	"bytes"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/holiman/uint256"
)

// testChain makes a short chain with geth's chain maker, a transfer in every
// block, and returns its genesis block and its blocks.
func testChain(t *testing.T, n int) (*types.Block, []*types.Block) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	genesis := &core.Genesis{
		Config:     params.TestChainConfig,
		GasLimit:   8_000_000,
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Difficulty: big.NewInt(0x20000),
		Alloc:      types.GenesisAlloc{from: {Balance: big.NewInt(params.Ether)}},
	}
	signer := types.LatestSigner(genesis.Config)
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, ethash.NewFaker(), n, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{0xc0, byte(i)})
		tx, err := types.SignTx(types.NewTransaction(b.TxNonce(from), common.Address{byte(i)}, big.NewInt(1), params.TxGas, b.BaseFee(), nil), signer, key)
		if err != nil {
			t.Fatal(err)
		}
		b.AddTx(tx)
	})
	return genesis.ToBlock(), blocks
}

// testBlocks makes a short chain with a transfer in every block.
func testBlocks(t *testing.T, n int) []*types.Block {
	t.Helper()
	_, blocks := testChain(t, n)
	return blocks
}

// TestRoundTrip writes blocks, one with an access list, plain and gzipped, and
// reads them back.
func TestRoundTrip(t *testing.T) {
	blocks := testBlocks(t, 3)
	list := bal.BlockAccessList{{Address: common.Address{0xaa}, StorageReads: []*uint256.Int{uint256.NewInt(7)}}}
	blocks[1] = blocks[1].WithAccessListUnsafe(&list)
	for _, name := range []string{"chain.rlp", "chain.rlp.gz"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteFile(path, blocks); err != nil {
			t.Fatal(err)
		}
		blob, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if gzipped := bytes.HasPrefix(blob, []byte{0x1f, 0x8b}); gzipped != strings.HasSuffix(name, ".gz") {
			t.Errorf("%s: gzip-compressed %v", name, gzipped)
		}
		read, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(read) != len(blocks) {
			t.Fatalf("%s: read %d blocks, want %d", name, len(read), len(blocks))
		}
		for i := range read {
			if read[i].Hash() != blocks[i].Hash() || len(read[i].Transactions()) != 1 {
				t.Errorf("%s: block %d: hash differs or transactions lost", name, i+1)
			}
		}
		if got := read[1].AccessList(); got == nil || got.Hash() != list.Hash() {
			t.Errorf("%s: access list of block 2 read back as %v", name, got)
		}
		if read[0].AccessList() != nil || read[2].AccessList() != nil {
			t.Errorf("%s: blocks written without an access list read back with one", name)
		}
	}
}

// TestNetworkEncoding checks that a block without an access list is written as
// its network encoding (what older geth releases read), and one with an access
// list as that followed by the list.
func TestNetworkEncoding(t *testing.T) {
	block := testBlocks(t, 1)[0]
	var got bytes.Buffer
	if err := Write(&got, block); err != nil {
		t.Fatal(err)
	}
	want, err := rlp.EncodeToBytes(block)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Error("a block without access list is not written in network encoding")
	}
	list := bal.BlockAccessList{{Address: common.Address{0xbb}}}
	got.Reset()
	if err := Write(&got, block.WithAccessListUnsafe(&list)); err != nil {
		t.Fatal(err)
	}
	if got.Len() <= len(want) {
		t.Errorf("a block with an access list takes %d bytes, no more than without (%d)", got.Len(), len(want))
	}
}

// TestReadTruncated checks that a cut file is an error naming the file and the
// record that does not decode, after the records before it were delivered.
func TestReadTruncated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chain.rlp")
	if err := WriteFile(path, testBlocks(t, 2)); err != nil {
		t.Fatal(err)
	}
	blob, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, blob[:len(blob)-5], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "block record 2") {
		t.Fatalf("truncated file: %v", err)
	}
	seen := 0
	err = Read(bytes.NewReader(blob[:len(blob)-5]), func(*types.Block) error { seen++; return nil })
	if err == nil || seen != 1 {
		t.Errorf("Read of a truncated stream: %d blocks before error %v, want 1 and an error", seen, err)
	}
}
