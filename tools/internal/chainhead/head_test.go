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

package chainhead

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"

	"statelab/tools/internal/dumpmanifest"
)

func TestHeadMatches(t *testing.T) {
	f := &dumpmanifest.File{File: "p.rlp", LastBlock: 3, HeadRoot: common.HexToHash("0x01"), HeadHash: common.HexToHash("0x0a")}
	good := &Head{Number: 3, Root: f.HeadRoot, Hash: f.HeadHash}
	if err := good.Matches(f); err != nil {
		t.Errorf("matching head refused: %v", err)
	}
	noHash := *f
	noHash.HeadHash = common.Hash{}
	if err := (&Head{Number: 3, Root: f.HeadRoot, Hash: common.HexToHash("0x0b")}).Matches(&noHash); err != nil {
		t.Errorf("a manifest without head hash: %v, want the hash not compared", err)
	}
	for _, bad := range []*Head{
		{Number: 2, Root: f.HeadRoot, Hash: f.HeadHash},
		{Number: 3, Root: common.HexToHash("0x02"), Hash: f.HeadHash},
		{Number: 3, Root: f.HeadRoot, Hash: common.HexToHash("0x0b")},
	} {
		if err := bad.Matches(f); err == nil || !strings.Contains(err.Error(), "p.rlp") {
			t.Errorf("head %+v: %v, want a mismatch naming the file", bad, err)
		}
	}
}

// writeDatadir commits a genesis into a new geth datadir, with a group depth
// record unless gd is 0, and returns the datadir and the genesis block.
func writeDatadir(t *testing.T, gd byte) (string, *types.Block) {
	t.Helper()
	dir := t.TempDir()
	stack, err := node.New(&node.Config{DataDir: dir, Name: "geth"})
	if err != nil {
		t.Fatal(err)
	}
	defer stack.Close()
	db, err := stack.OpenDatabaseWithOptions("chaindata", node.DatabaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	genesis := &core.Genesis{Config: params.TestChainConfig, GasLimit: 8_000_000, BaseFee: big.NewInt(params.InitialBaseFee),
		Alloc: types.GenesisAlloc{{1}: {Balance: big.NewInt(1)}}}
	block := genesis.MustCommit(db, triedb.NewDatabase(db, triedb.HashDefaults))
	if gd != 0 {
		if err := db.Put(GroupDepthKey, []byte{gd}); err != nil {
			t.Fatal(err)
		}
	}
	return dir, block
}

// TestRead reads the head and group depth of datadirs, and refuses a
// directory without a chain database.
func TestRead(t *testing.T) {
	for _, gd := range []byte{0, 6} {
		dir, genesis := writeDatadir(t, gd)
		head, err := Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		if head.Number != 0 || head.Hash != genesis.Hash() || head.Root != genesis.Root() || head.GroupDepth != int(gd) {
			t.Errorf("head %+v, want genesis %x with group depth %d", head, genesis.Hash(), gd)
		}
	}
	empty := t.TempDir()
	if _, err := Read(empty); err == nil || !strings.Contains(err.Error(), empty) {
		t.Errorf("empty datadir: %v, want an error naming it", err)
	}
	if _, err := Read(""); err == nil || !strings.Contains(err.Error(), "--datadir") {
		t.Errorf("no datadir: %v", err)
	}
}

// TestVerify checks a datadir's head against a manifest's files.
func TestVerify(t *testing.T) {
	dir, genesis := writeDatadir(t, 6)
	m := &dumpmanifest.Manifest{Dir: t.TempDir(), Files: []dumpmanifest.File{
		{File: "population.rlp", Role: dumpmanifest.RolePopulation, HeadRoot: genesis.Root(), HeadHash: genesis.Hash()},
		{File: "workload_a.rlp", Role: dumpmanifest.RoleWorkload, LastBlock: 1, HeadRoot: genesis.Root()},
	}}
	head, f, err := Verify(dir, m, "")
	if err != nil || f.File != "population.rlp" || head.GroupDepth != 6 {
		t.Errorf("population: %+v %+v %v", head, f, err)
	}
	if _, _, err := Verify(dir, m, "workload_a.rlp"); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("workload_a.rlp ends at block 1: %v, want a mismatch naming the datadir", err)
	}
	if _, _, err := Verify(dir, m, "nope.rlp"); err == nil || !strings.Contains(err.Error(), filepath.Join(m.Dir, "manifest.json")) {
		t.Errorf("unknown file: %v, want an error naming the manifest", err)
	}
	os.RemoveAll(filepath.Join(dir, "geth"))
	if _, _, err := Verify(dir, m, ""); err == nil {
		t.Error("a datadir without a chain database verified")
	}
}
