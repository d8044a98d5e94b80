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
	"compress/gzip"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
)

// makerBlocks makes n blocks with geth's chain maker, each with a
// transfer, and returns the genesis block and them.
func makerBlocks(t *testing.T, n int) (*types.Block, []*types.Block) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	from := crypto.PubkeyToAddress(key.PublicKey)
	gspec := &core.Genesis{Config: params.TestChainConfig, Alloc: types.GenesisAlloc{from: {Balance: big.NewInt(params.Ether)}}}
	signer := types.LatestSigner(gspec.Config)
	_, blocks, _ := core.GenerateChainWithGenesis(gspec, ethash.NewFaker(), n, func(i int, g *core.BlockGen) {
		tx, _ := types.SignTx(types.NewTransaction(g.TxNonce(from), common.Address{byte(i)}, big.NewInt(1), 21000, g.BaseFee(), nil), signer, key)
		g.AddTx(tx)
	})
	return gspec.ToBlock(), blocks
}

// writeBlocks writes blocks in the RLP stream geth export writes, gzipped
// if the name ends in .gz.
func writeBlocks(t *testing.T, path string, blocks []*types.Block) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var w io.Writer = f
	if strings.HasSuffix(path, ".gz") {
		gz := gzip.NewWriter(f)
		defer gz.Close()
		w = gz
	}
	for _, b := range blocks {
		if err := rlp.Encode(w, b); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadRange(t *testing.T) {
	genesis, blocks := makerBlocks(t, 12)
	dir := t.TempDir()
	full := filepath.Join(dir, "full.rlp")
	writeBlocks(t, full, append([]*types.Block{genesis}, blocks...))
	br, err := ReadRange(full, 0)
	if err != nil {
		t.Fatal(err)
	}
	if br.First != 1 || br.Last != 12 || br.Blocks != 12 || br.TxCount != 12 || br.GasUsed != 12*21000 {
		t.Errorf("full export: %+v, want blocks 1..12 (the genesis skipped), 12 txs", br)
	}
	// Blocks the chain already has are skipped, as geth import skips them.
	if br, err = ReadRange(full, 8); err != nil || br.First != 9 || br.Blocks != 4 {
		t.Errorf("after block 8: %+v, %v", br, err)
	}
	gz := filepath.Join(dir, "tail.rlp.gz")
	writeBlocks(t, gz, blocks[5:])
	if br, err = ReadRange(gz, 5); err != nil || br.First != 6 || br.Last != 12 {
		t.Errorf("gzipped tail: %+v, %v", br, err)
	}
	if _, err = ReadRange(full, 12); err == nil || !strings.Contains(err.Error(), "no block after block 12") {
		t.Errorf("nothing to import: %v", err)
	}
	gap := filepath.Join(dir, "gap.rlp")
	writeBlocks(t, gap, []*types.Block{blocks[0], blocks[2]})
	if _, err = ReadRange(gap, 0); err == nil || !strings.Contains(err.Error(), "not a consecutive chain") {
		t.Errorf("gap: %v", err)
	}
	junk := filepath.Join(dir, "junk.rlp")
	os.WriteFile(junk, []byte("not rlp at all"), 0o644)
	if _, err = ReadRange(junk, 0); err == nil || !strings.Contains(err.Error(), junk) {
		t.Errorf("junk: %v, want an error naming the file", err)
	}
}

// TestChainManifest describes a chain without a manifest, as a study's
// [chain] table gives it, and refuses a workload that does not continue
// the population.
func TestChainManifest(t *testing.T) {
	first, blocks := makerBlocks(t, 10)
	dir := t.TempDir()
	writeBlocks(t, filepath.Join(dir, "pop.rlp"), append([]*types.Block{first}, blocks[:6]...))
	writeBlocks(t, filepath.Join(dir, "tail.rlp"), blocks[6:])
	writeBlocks(t, filepath.Join(dir, "late.rlp"), blocks[8:])
	os.WriteFile(filepath.Join(dir, "genesis.json"), []byte("{}"), 0o644)
	genesis, pop := filepath.Join(dir, "genesis.json"), []string{filepath.Join(dir, "pop.rlp")}
	workloads := map[string]string{"tail": filepath.Join(dir, "tail.rlp")}
	m, err := ChainManifest("mpt", genesis, pop, workloads)
	if err != nil {
		t.Fatal(err)
	}
	mf, path, err := m.Workload("tail")
	if err != nil || path != filepath.Join(dir, "tail.rlp") || mf.FirstBlock != 7 || mf.LastBlock != 10 {
		t.Errorf("workload tail: %+v at %s, %v; want blocks 7..10", mf, path, err)
	}
	if pops := m.Populations(); len(pops) != 1 || m.Trie != "mpt" {
		t.Errorf("populations %v, trie %q", pops, m.Trie)
	}
	workloads["late"] = filepath.Join(dir, "late.rlp")
	if _, err := ChainManifest("mpt", genesis, pop, workloads); err == nil || !strings.Contains(err.Error(), "starts at block 9, but the population ends at block 6") {
		t.Errorf("late workload: %v", err)
	}
}
