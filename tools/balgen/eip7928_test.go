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
	"bytes"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/types/bal"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/holiman/uint256"

	"statelab/core/balsidecar"
	"statelab/tools/internal/blockfile"
)

// eip7928Blocks makes three empty post-merge blocks and an access list for
// each: account a reads slot 1 and writes slot 2 and its balance changes;
// account b is only read.
func eip7928Blocks(t *testing.T) ([]*types.Block, []*bal.BlockAccessList) {
	t.Helper()
	cfg := *params.MergedTestChainConfig
	cfg.PragueTime, cfg.OsakaTime = nil, nil // no system contracts needed
	gspec := &core.Genesis{Config: &cfg, BaseFee: big.NewInt(params.InitialBaseFee)}
	_, blocks, _ := core.GenerateChainWithGenesis(gspec, beacon.New(ethash.NewFaker()), 3, nil)
	var lists []*bal.BlockAccessList
	for i := range blocks {
		c := bal.NewConstructionBlockAccessList()
		a, b := common.Address{0xa, byte(i)}, common.Address{0xb}
		c.StorageRead(a, common.Hash{1})
		c.StorageWrite(1, a, common.Hash{2}, common.Hash{0x42})
		c.BalanceChange(1, a, uint256.NewInt(7))
		c.AccountRead(b)
		lists = append(lists, c.ToEncodingObj())
	}
	return blocks, lists
}

func writeRLP(t *testing.T, path string, items ...any) {
	t.Helper()
	var buf bytes.Buffer
	for _, it := range items {
		if err := rlp.Encode(&buf, it); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEIP7928Input converts both input forms and checks the entries: every
// account and slot listed, the changed ones marked written, the block numbers
// and hashes those of the blocks.
func TestEIP7928Input(t *testing.T) {
	blocks, lists := eip7928Blocks(t)
	dir := t.TempDir()
	dump := filepath.Join(dir, "blocks.rlp")
	var items []any
	for _, b := range blocks {
		items = append(items, b)
	}
	writeRLP(t, dump, items...)
	raw := filepath.Join(dir, "lists.rlp")
	var listItems []any
	for _, l := range lists {
		listItems = append(listItems, l)
	}
	writeRLP(t, raw, listItems...)
	export := filepath.Join(dir, "export.rlp")
	var exported []any
	for i, b := range blocks {
		exported = append(exported, blockfile.NewRecord(b.WithAccessListUnsafe(lists[i])))
	}
	writeRLP(t, export, exported...)

	for _, args := range [][]string{
		{"eip7928", "--in", raw, "--dump", dump},
		{"eip7928", "--in", export},
	} {
		out := filepath.Join(dir, "out.bal.json")
		if err := run(append(args, "--out", out), io.Discard, io.Discard); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		f, err := balsidecar.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		if f.Type != balsidecar.TypeKeys || !f.Writes || len(f.Blocks) != len(blocks) {
			t.Fatalf("%v: type %d, writes %v, %d blocks", args, f.Type, f.Writes, len(f.Blocks))
		}
		for i, b := range f.Blocks {
			if b.Number != blocks[i].NumberU64() || b.Hash != blocks[i].Hash() {
				t.Fatalf("%v: entry %d is block %d (%x)", args, i, b.Number, b.Hash)
			}
			if len(b.Accounts) != 2 {
				t.Fatalf("%v: block %d lists %d accounts", args, b.Number, len(b.Accounts))
			}
			a, r := b.Accounts[0], b.Accounts[1]
			if a.Address != (common.Address{0xa, byte(i)}) || !a.Written || len(a.Slots) != 2 ||
				a.SlotWritten[0] || !a.SlotWritten[1] {
				t.Errorf("%v: block %d: written account %+v", args, b.Number, a)
			}
			if r.Address != (common.Address{0xb}) || r.Written || len(r.Slots) != 0 {
				t.Errorf("%v: block %d: read account %+v", args, b.Number, r)
			}
		}
	}
	// One list too many for the dump.
	writeRLP(t, raw, append(listItems, lists[0])...)
	if err := run([]string{"eip7928", "--in", raw, "--dump", dump, "--out", filepath.Join(dir, "x.bal")}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "has only 3 blocks") {
		t.Errorf("surplus list: %v", err)
	}
	// An export without access lists.
	var plain []any
	for _, b := range blocks {
		plain = append(plain, b)
	}
	writeRLP(t, export, plain...)
	if err := run([]string{"eip7928", "--in", export, "--out", filepath.Join(dir, "x.bal")}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no block carries an access list") {
		t.Errorf("export without lists: %v", err)
	}
}

// TestEIP7928Type checks that eip7928 writes Type 1 and refuses any other
// type: the lists carry no pre-block values for Type 3 or 4.
func TestEIP7928Type(t *testing.T) {
	blocks, lists := eip7928Blocks(t)
	dir := t.TempDir()
	export := filepath.Join(dir, "export.rlp")
	var exported []any
	for i, b := range blocks {
		exported = append(exported, blockfile.NewRecord(b.WithAccessListUnsafe(lists[i])))
	}
	writeRLP(t, export, exported...)
	for _, typ := range []string{"3", "4"} {
		out := filepath.Join(dir, "t"+typ+".bal")
		err := run([]string{"eip7928", "--in", export, "--out", out, "--type", typ}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "invalid --type "+typ+": balgen eip7928 writes type 1 only") {
			t.Errorf("--type %s: error %v", typ, err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--type %s: refused, but wrote %s", typ, out)
		}
	}
	out := filepath.Join(dir, "t1.bal")
	if err := run([]string{"eip7928", "--in", export, "--out", out, "--type", "1"}, io.Discard, io.Discard); err != nil {
		t.Fatalf("--type 1: %v", err)
	}
	if f, err := balsidecar.Load(out); err != nil || f.Type != balsidecar.TypeKeys || len(f.Blocks) != len(blocks) {
		t.Fatalf("--type 1: %v, %+v", err, f)
	}
}
