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
	"encoding/json"
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
	"github.com/ethereum/go-ethereum/triedb"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/chainfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// TestChainImports writes each kind of chain, reads the files back as geth
// init and import would, inserts the blocks into a fresh chain, and checks
// that the scenarios happened: the statuses of the transactions meant to
// fail, accounts created and deleted, and the head root of the manifest.
//
// The Amsterdam chain's blocks must also carry their EIP-7928 access lists
// (which the chain insert checks against the lists its execution builds),
// and its manifest must say the fork.
func TestChainImports(t *testing.T) {
	for _, kind := range []struct {
		trie statekind.Trie
		fork string
	}{{statekind.MPT, ""}, {statekind.UBT, ""}, {statekind.MPT, "amsterdam"}} {
		trie := kind.trie
		t.Run(strings.Trim(trie.String()+"-"+kind.fork, "-"), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "chain")
			args := []string{"--trie", trie.String(), "--blocks", "5", "--out", dir}
			if kind.fork != "" {
				args = append(args, "--fork", kind.fork)
			}
			if err := run(args); err != nil {
				t.Fatal(err)
			}
			var genesis core.Genesis
			blob, _ := os.ReadFile(filepath.Join(dir, "genesis.json"))
			if err := json.Unmarshal(blob, &genesis); err != nil {
				t.Fatal(err)
			}
			blocks, err := blockfile.ReadFile(filepath.Join(dir, chainfile.BlocksFile))
			if err != nil {
				t.Fatal(err)
			}
			cfg := core.DefaultConfig().WithStateScheme(rawdb.PathScheme)
			if trie == statekind.UBT {
				cfg.SnapshotLimit = 0
				cfg.BinTrieGroupDepth = triedb.DefaultBinTrieGroupDepth
			}
			bc, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), &genesis, beacon.New(ethash.NewFaker()), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer bc.Stop()
			if n, err := bc.InsertChain(blocks); err != nil {
				t.Fatalf("block %d: %v", n, err)
			}
			m, err := dumpmanifest.Read(filepath.Join(dir, dumpmanifest.FileName))
			if err != nil {
				t.Fatal(err)
			}
			if got := bc.CurrentBlock().Root; got != m.Files[0].HeadRoot {
				t.Fatalf("head root %x, manifest says %x", got, m.Files[0].HeadRoot)
			}
			if m.Fork != kind.fork {
				t.Errorf("manifest fork %q, want %q", m.Fork, kind.fork)
			}
			for _, b := range blocks {
				if hasList := b.AccessList() != nil; hasList != (kind.fork == "amsterdam") {
					t.Errorf("block %d: carries an access list %v, want %v", b.NumberU64(), hasList, kind.fork == "amsterdam")
				}
			}
			checkScenarios(t, bc, blocks, trie, kind.fork == "amsterdam")
		})
	}
}

func checkScenarios(t *testing.T, bc *core.BlockChain, blocks []*types.Block, trie statekind.Trie, amsterdam bool) {
	t.Helper()
	failed := 0
	for _, b := range blocks {
		for _, r := range bc.GetReceiptsByHash(b.Hash()) {
			if r.Status == types.ReceiptStatusFailed {
				failed++
			}
		}
	}
	if failed != 2*len(blocks) { // the reverted call and the out-of-gas transaction
		t.Errorf("%d failed transactions, want %d", failed, 2*len(blocks))
	}
	head, err := bc.State()
	if err != nil {
		t.Fatal(err)
	}
	for i := range blocks {
		for _, role := range []string{"coinbase", "recipient", "withdrawal", "beneficiary"} {
			if !head.Exist(fresh(role, i)) {
				t.Errorf("block %d: fresh %s does not exist at the head", i+1, role)
			}
		}
		if slot := head.GetState(storeAddr, common.BigToHash(new(big.Int).SetUint64(uint64(100+i)))); slot.Big().Uint64() != uint64(i+1) {
			t.Errorf("block %d: slot read back holds %x, want %d", i+1, slot, i+1)
		}
	}
	if deleted := !head.Exist(emptyAddr); deleted == amsterdam {
		t.Errorf("the empty genesis account deleted %v, want %v (touched on chains before Amsterdam only)", deleted, !amsterdam)
	}
	if trie == statekind.MPT {
		if code := head.GetCode(crypto.PubkeyToAddress(key("authority", 0).PublicKey)); len(code) == 0 {
			t.Error("the 7702 authority has no delegation")
		}
	}
}

// TestRefusesBadFork checks that --fork names the flag and the problem for a
// fork chaingen cannot make and for Amsterdam on the binary trie, as --trie
// does for a trie it does not know, and writes nothing.
func TestRefusesBadFork(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--trie", "mpt", "--fork", "osaka"}, `invalid --fork "osaka"`},
		{[]string{"--trie", "ubt", "--fork", "amsterdam"}, "invalid --fork amsterdam with --trie ubt"},
		{[]string{"--trie", "UBT"}, `invalid --trie: unknown trie "UBT" (want "mpt" or "ubt")`},
	} {
		dir := filepath.Join(t.TempDir(), "chain")
		err := run(append(c.args, "--out", dir))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v: %s written", c.args, dir)
		}
	}
}
