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

package statewriter

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/ethereum/go-ethereum/triedb/pathdb"
)

// writeDatadir writes accounts into a new datadir and returns its path.
func writeDatadir(t *testing.T, cfg Config, accounts []*Account) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "datadir")
	if _, err := Write(dir, cfg, FromAccounts(accounts)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestWriteDatadir opens written datadirs as geth does and checks that their
// head is the genesis block geth init makes for the same accounts, and that
// geth's state reader (the flat state, then the tries) finds every account.
func TestWriteDatadir(t *testing.T) {
	t.Parallel()
	accounts := randomAccounts(rand.New(rand.NewPCG(7, 8)), 80)
	for _, tc := range []struct {
		name string
		ubt  bool
		cfg  Config
	}{
		{"mpt", false, Config{}},
		{"mpt-16KiB", false, Config{BlockSize: 16 << 10}},
		{"ubt-gd6", true, Config{GroupDepth: 6, Population: []byte(`{"accounts":80}`)}},
		{"ubt-default", true, Config{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := genesisOf(accounts, tc.ubt)
			want := g.ToBlock()
			tc.cfg.Genesis = genesisOf(nil, tc.ubt)
			dir := writeDatadir(t, tc.cfg, accounts)

			kv, err := pebble.New(filepath.Join(dir, "geth", "chaindata"), 16, 16, "", true)
			if err != nil {
				t.Fatal(err)
			}
			db, err := rawdb.Open(kv, rawdb.OpenOptions{Ancient: filepath.Join(dir, "geth", "chaindata", "ancient"), ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			head := rawdb.ReadHeadBlock(db)
			if head == nil || head.Hash() != want.Hash() {
				t.Fatalf("head %v, want geth's genesis %x", head, want.Hash())
			}
			if stored := rawdb.ReadCanonicalHash(db, 0); stored != want.Hash() {
				t.Fatalf("canonical #0 %x", stored)
			}
			if cfg := rawdb.ReadChainConfig(db, want.Hash()); cfg == nil || cfg.EnableUBTAtGenesis != tc.ubt {
				t.Fatalf("chain config %v", cfg)
			}
			blockSize, _ := db.Get([]byte("PebbleBlockSize"))
			if want := max(tc.cfg.BlockSize, DefaultBlockSize); common.BytesToHash(blockSize).Big().Int64() != int64(want) {
				t.Fatalf("block size record %x, want %d", blockSize, want)
			}
			depth := tc.cfg.GroupDepth
			if depth == 0 {
				depth = DefaultGroupDepth
			}
			if recorded, _ := db.Get([]byte("BinTrieGroupDepth")); tc.ubt != (len(recorded) == 1 && int(recorded[0]) == depth) {
				t.Fatalf("group depth record %x, want %d (binary trie: %v)", recorded, depth, tc.ubt)
			}
			for _, freezer := range []string{"chain", rawdb.MerkleStateFreezerName} {
				if tc.ubt && freezer != "chain" {
					freezer = rawdb.VerkleStateFreezerName
				}
				if _, err := os.Stat(filepath.Join(dir, "geth", "chaindata", "ancient", freezer)); err != nil {
					t.Fatalf("freezer: %v", err)
				}
			}
			tdbConfig := &triedb.Config{PathDB: pathdb.ReadOnly, IsUBT: tc.ubt, BinTrieGroupDepth: depth}
			tdb := triedb.NewDatabase(db, tdbConfig)
			defer tdb.Close()
			sdb, err := state.New(head.Root(), state.NewDatabase(tdb, nil))
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range accounts {
				checkAccount(t, sdb, a, tc.ubt)
			}
			checkProvenance(t, dir, tc.cfg, head)
		})
	}
}

// checkProvenance checks the provenance record of a datadir written with
// cfg, and that Matches tells it from the records of other datadirs.
func checkProvenance(t *testing.T, dir string, cfg Config, head *types.Block) {
	t.Helper()
	p, err := ReadProvenance(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.GenesisHash != head.Hash() || p.StateRoot != head.Root() || p.Writer != WriterVersion {
		t.Fatalf("provenance %+v, head %x root %x", p, head.Hash(), head.Root())
	}
	if err := p.Matches(cfg.Population, cfg.groupDepth(), cfg.blockSize()); err != nil {
		t.Fatalf("own provenance refused: %v", err)
	}
	if err := p.Matches([]byte(`{"other":1}`), cfg.groupDepth(), cfg.blockSize()); err == nil || !strings.Contains(err.Error(), "population") {
		t.Errorf("another population: %v", err)
	}
	if err := p.Matches(cfg.Population, cfg.groupDepth()+1, cfg.blockSize()); err == nil || !strings.Contains(err.Error(), "group depth") {
		t.Errorf("another group depth: %v", err)
	}
	if err := p.Matches(cfg.Population, cfg.groupDepth(), 2*cfg.blockSize()); err == nil || !strings.Contains(err.Error(), "block size") {
		t.Errorf("another block size: %v", err)
	}
	p.Writer = "statewriter/0"
	if err := p.Matches(cfg.Population, cfg.groupDepth(), cfg.blockSize()); err == nil || !strings.Contains(err.Error(), "written by") {
		t.Errorf("another writer: %v", err)
	}
}

// checkAccount fails the test unless sdb holds a as it is.
// A balance over 16 bytes is cut in the binary trie.
func checkAccount(t *testing.T, sdb *state.StateDB, a *Account, ubt bool) {
	t.Helper()
	if !sdb.Exist(a.Address) {
		t.Fatalf("account %x missing", a.Address)
	}
	if a.Balance != nil && sdb.GetBalance(a.Address).Cmp(a.Balance) != 0 && (!ubt || a.Balance.ByteLen() <= 16) {
		t.Fatalf("account %x: balance %v, want %v", a.Address, sdb.GetBalance(a.Address), a.Balance)
	}
	if sdb.GetNonce(a.Address) != a.Nonce {
		t.Fatalf("account %x: nonce %d, want %d", a.Address, sdb.GetNonce(a.Address), a.Nonce)
	}
	if string(sdb.GetCode(a.Address)) != string(a.Code) {
		t.Fatalf("account %x: code differs", a.Address)
	}
	for k, v := range a.Storage {
		if got := sdb.GetState(a.Address, k); got != v {
			t.Fatalf("account %x slot %x = %x, want %x", a.Address, k, got, v)
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	mpt, ubt := genesisOf(nil, false), genesisOf(nil, true)
	exists := t.TempDir()
	for _, tc := range []struct {
		name string
		dir  string
		cfg  Config
		want string
	}{
		{"existing datadir", exists, Config{Genesis: mpt}, "exists"},
		{"no genesis", "", Config{}, "no genesis"},
		{"alloc", "", Config{Genesis: &core.Genesis{Config: mpt.Config, Alloc: genesisOf(randomAccounts(rand.New(rand.NewPCG(1, 1)), 1), false).Alloc}}, "has an alloc"},
		{"group depth on MPT", "", Config{Genesis: mpt, GroupDepth: 6}, "Merkle-Patricia"},
		{"group depth 9", "", Config{Genesis: ubt, GroupDepth: 9}, "outside 1..8"},
		{"block size 3000", "", Config{Genesis: mpt, BlockSize: 3000}, "power of two"},
		{"block size 128 KiB", "", Config{Genesis: mpt, BlockSize: 128 << 10}, "power of two"},
		{"no room", "", Config{Genesis: mpt, Size: 1 << 62}, "GB free"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.dir
			if dir == "" {
				dir = filepath.Join(t.TempDir(), "datadir")
			}
			before, _ := os.ReadDir(filepath.Dir(dir))
			_, err := Write(dir, tc.cfg, Source{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
			if after, _ := os.ReadDir(filepath.Dir(dir)); len(after) != len(before) {
				t.Fatalf("refused, yet %s went from %d to %d entries", filepath.Dir(dir), len(before), len(after))
			}
		})
	}
}

// TestWritePartial checks that a datadir an interrupted write left behind is
// replaced, and that a directory of that name Write did not make is refused.
func TestWritePartial(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "datadir")
	partial := dir + partialSuffix

	// A write that fails half-way leaves no datadir, and no database where
	// geth would look for one.
	accounts := randomAccounts(rand.New(rand.NewPCG(9, 9)), 10)
	failed := errors.New("source failed")
	src := FromAccounts(accounts)
	full := src.Accounts
	src.Accounts = func(yield func(*HashedAccount, error) bool) {
		n := 0
		for a, err := range full {
			if n++; n == 5 {
				yield(nil, failed)
				return
			}
			if !yield(a, err) {
				return
			}
		}
	}
	if _, err := Write(dir, Config{Genesis: genesisOf(nil, false)}, src); !errors.Is(err, failed) {
		t.Fatalf("err = %v, want the source's", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("a failed write left %s: %v", dir, err)
	}
	if _, err := os.Stat(filepath.Join(partial, "geth", "chaindata")); !os.IsNotExist(err) {
		t.Fatalf("a failed write left a database where geth looks: %v", err)
	}
	if err := os.RemoveAll(partial); err != nil {
		t.Fatal(err)
	}

	// A partial datadir left behind is replaced.
	if err := os.MkdirAll(filepath.Join(partial, "geth", "chaindata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(partial, partialMark), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(partial, "geth", "chaindata", "000001.sst"), []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(dir, Config{Genesis: genesisOf(nil, false)}, FromAccounts(accounts)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(partial); !os.IsNotExist(err) {
		t.Fatalf("the partial datadir is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, partialMark)); !os.IsNotExist(err) {
		t.Fatal("the finished datadir carries the partial mark")
	}

	other := filepath.Join(base, "other")
	if err := os.MkdirAll(other+partialSuffix, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Write(other, Config{Genesis: genesisOf(nil, false)}, FromAccounts(accounts))
	if err == nil || !strings.Contains(err.Error(), "not a datadir this tool left unfinished") {
		t.Fatalf("a foreign %s: err = %v", partialSuffix, err)
	}
}
