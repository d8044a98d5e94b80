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

package chainfile

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// TestWriteRead writes a chain and reads it back: the genesis, every block
// and a manifest that names the head.
func TestWriteRead(t *testing.T) {
	genesis := &core.Genesis{Config: params.TestChainConfig, GasLimit: 8_000_000, BaseFee: big.NewInt(params.InitialBaseFee), Difficulty: big.NewInt(0x20000),
		Alloc: types.GenesisAlloc{{1}: {Balance: big.NewInt(1)}}}
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, ethash.NewFaker(), 3, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{0xc0, byte(i)})
	})
	dir := filepath.Join(t.TempDir(), "chain")
	if err := Write(dir, genesis, blocks, dumpmanifest.Manifest{Generator: "test", Test: "t", Trie: statekind.MPT}); err != nil {
		t.Fatal(err)
	}
	var g core.Genesis
	blob, _ := os.ReadFile(filepath.Join(dir, GenesisFile))
	if err := json.Unmarshal(blob, &g); err != nil {
		t.Fatal(err)
	}
	if g.ToBlock().Hash() != blocks[0].ParentHash() {
		t.Fatal("genesis.json does not hash to the chain's genesis")
	}
	read, err := blockfile.ReadFile(filepath.Join(dir, BlocksFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(read) != len(blocks) {
		t.Fatalf("read %d blocks, want %d", len(read), len(blocks))
	}
	for i := range read {
		if read[i].Hash() != blocks[i].Hash() {
			t.Fatalf("block %d differs", i+1)
		}
	}
	m, err := dumpmanifest.Read(filepath.Join(dir, dumpmanifest.FileName))
	if err != nil {
		t.Fatal(err)
	}
	f := m.Files[0]
	if m.Genesis != GenesisFile || m.Test != "t" || m.Source != "" || f.File != BlocksFile || f.FirstBlock != 1 || f.LastBlock != 3 ||
		f.HeadRoot != blocks[2].Root() || f.HeadHash != blocks[2].Hash() || f.ParentHash != blocks[0].ParentHash() ||
		m.GenesisHash != blocks[0].ParentHash() || m.ChainID != params.TestChainConfig.ChainID.Uint64() {
		t.Fatalf("manifest %+v", m)
	}
	if strings.Contains(string(mustRead(t, filepath.Join(dir, dumpmanifest.FileName))), `"source"`) {
		t.Error("empty source written")
	}
	if err := Write(t.TempDir(), genesis, nil, dumpmanifest.Manifest{}); err == nil {
		t.Error("a chain without blocks was written")
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	blob, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return blob
}
