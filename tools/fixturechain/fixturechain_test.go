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
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/tests"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/chainfile"
	"statelab/tools/internal/dumpmanifest"
)

// testFixture makes a blockchain test as the consensus tests write one: a
// Cancun chain of n blocks by geth's chain maker, each with a fresh fee
// recipient and a transfer to a fresh account, as the fixture JSON.
func testFixture(t *testing.T, n int) (map[string]any, []*types.Block) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	sender := crypto.PubkeyToAddress(key.PublicKey)
	config := tests.Forks["Cancun"]
	genesis := &core.Genesis{
		Config: config, GasLimit: 30_000_000, BaseFee: big.NewInt(params.InitialBaseFee), Difficulty: new(big.Int),
		Timestamp: 1000, ExtraData: []byte{0x42}, Coinbase: common.Address{0x88},
		Alloc: types.GenesisAlloc{sender: {Balance: big.NewInt(1e18)}},
	}
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, beacon.New(ethash.NewFaker()), n, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{0xc0, byte(i)})
		signer := types.LatestSigner(config)
		tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{
			ChainID: config.ChainID, Nonce: uint64(i), To: &common.Address{0xaa, byte(i)}, Value: big.NewInt(1),
			Gas: 21000, GasFeeCap: b.BaseFee(), GasTipCap: big.NewInt(1),
		})
		if err != nil {
			t.Fatal(err)
		}
		b.AddTx(tx)
	})
	head := genesis.ToBlock().Header()
	var rlps []map[string]any
	for _, b := range blocks {
		enc, _ := rlp.EncodeToBytes(b)
		rlps = append(rlps, map[string]any{"rlp": hexutil.Bytes(enc)})
	}
	return map[string]any{
		"network": "Cancun",
		"genesisBlockHeader": map[string]any{
			"coinbase": head.Coinbase, "difficulty": hexutil.EncodeBig(head.Difficulty), "extraData": hexutil.Bytes(head.Extra),
			"gasLimit": hexutil.Uint64(head.GasLimit), "gasUsed": hexutil.Uint64(head.GasUsed), "hash": head.Hash(),
			"mixHash": head.MixDigest, "nonce": hexutil.Bytes(head.Nonce[:]), "parentHash": head.ParentHash,
			"timestamp": hexutil.Uint64(head.Time), "baseFeePerGas": hexutil.EncodeBig(head.BaseFee),
			"blobGasUsed": hexutil.Uint64(*head.BlobGasUsed), "excessBlobGas": hexutil.Uint64(*head.ExcessBlobGas),
		},
		"pre":           genesis.Alloc,
		"lastblockhash": blocks[len(blocks)-1].Hash(),
		"blocks":        rlps,
	}, blocks
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	blob, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, blob, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConvertImports converts a fixture, then runs geth init and import's
// work on the files written: the genesis must hash to the fixture's, every
// block must insert, and the head root must be the manifest's.
func TestConvertImports(t *testing.T) {
	fx, blocks := testFixture(t, 4)
	in, out := filepath.Join(t.TempDir(), "fixtures"), t.TempDir()
	os.MkdirAll(filepath.Join(in, "sub"), 0o755)
	writeJSON(t, filepath.Join(in, "sub", "a.json"), map[string]any{"test/with::odd[name]": fx})
	if err := run([]string{"--out", out, in}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "test_with__odd_name_")
	var genesis core.Genesis
	blob, err := os.ReadFile(filepath.Join(dir, "genesis.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(blob, &genesis); err != nil {
		t.Fatal(err)
	}
	bc, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), &genesis, beacon.New(ethash.NewFaker()), core.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer bc.Stop()
	if bc.Genesis().Hash() != blocks[0].ParentHash() {
		t.Fatalf("genesis %x, fixture's %x", bc.Genesis().Hash(), blocks[0].ParentHash())
	}
	read, err := blockfile.ReadFile(filepath.Join(dir, chainfile.BlocksFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(read) != len(blocks) {
		t.Fatalf("%d blocks written, want %d", len(read), len(blocks))
	}
	if n, err := bc.InsertChain(read); err != nil {
		t.Fatalf("block %d: %v", n, err)
	}
	m, err := dumpmanifest.Read(filepath.Join(dir, dumpmanifest.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if m.Test != "test/with::odd[name]" || m.Source != filepath.Join(in, "sub", "a.json") {
		t.Errorf("manifest names test %q in %q", m.Test, m.Source)
	}
	f := m.Files[0]
	if got := bc.CurrentBlock(); got.Root != f.HeadRoot || got.Hash() != f.HeadHash || f.LastBlock != 4 || f.FirstBlock != 1 || f.TxCount != 4 {
		t.Fatalf("head %d %x root %x; manifest: %+v", got.Number, got.Hash(), got.Root, f)
	}
	// The same test name in a second file gets a directory of its own.
	writeJSON(t, filepath.Join(in, "sub", "b.json"), map[string]any{"test/with::odd[name]": fx})
	out2 := t.TempDir()
	if err := run([]string{"--out", out2, in}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"test_with__odd_name_", "test_with__odd_name_-2"} {
		if _, err := os.Stat(filepath.Join(out2, d, "manifest.json")); err != nil {
			t.Errorf("repeated test name: %v", err)
		}
	}
	if err := run([]string{"--out", out, in}); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("second run without --force: %v, want an error naming the existing directory", err)
	}
	if err := run([]string{"--out", out, "--force", in}); err != nil {
		t.Fatalf("--force: %v", err)
	}
}

// TestConvertSkips checks that tests which are not one valid chain from
// their genesis are skipped with their reason, and the others written.
func TestConvertSkips(t *testing.T) {
	good, blocks := testFixture(t, 2)
	variant := func(edit func(map[string]any)) map[string]any {
		blob, _ := json.Marshal(good)
		var v map[string]any
		json.Unmarshal(blob, &v)
		edit(v)
		return v
	}
	sideRLP, _ := rlp.EncodeToBytes(blocks[0])
	cases := map[string]struct {
		fixture map[string]any
		reason  string
	}{
		"invalid": {variant(func(v map[string]any) {
			v["blocks"].([]any)[1].(map[string]any)["expectException"] = "TransactionException.INTRINSIC_GAS_TOO_LOW"
		}), "has invalid blocks"},
		"side": {variant(func(v map[string]any) {
			v["blocks"] = append(v["blocks"].([]any), map[string]any{"rlp": hexutil.Bytes(sideRLP)})
		}), "not one chain (side blocks or reorgs)"},
		"network":    {variant(func(v map[string]any) { v["network"] = "Amsterdam2" }), unknownForkReason},
		"premerge":   {variant(func(v map[string]any) { v["network"] = "Berlin" }), "blocks before the merge (geth imports proof-of-stake chains only)"},
		"transition": {variant(func(v map[string]any) { v["network"] = "ArrowGlacierToParisAtDiffC0000" }), "blocks before the merge (geth imports proof-of-stake chains only)"},
		"genesis": {variant(func(v map[string]any) {
			v["genesisBlockHeader"].(map[string]any)["extraData"] = "0x43"
		}), "genesis hash differs from the fixture's"},
		"head": {variant(func(v map[string]any) { v["lastblockhash"] = blocks[0].Hash() }), "last block is not the expected head"},
	}
	for name, c := range cases {
		var fx fixture
		blob, _ := json.Marshal(c.fixture)
		if err := json.Unmarshal(blob, &fx); err != nil {
			t.Fatal(err)
		}
		fx.name = name
		_, err := fx.convert(new(preAllocs))
		if err == nil {
			t.Errorf("%s: converted, want skipped (%s)", name, c.reason)
			continue
		}
		if got := skipReason(err); got != c.reason {
			t.Errorf("%s: skipped as %q, want %q", name, got, c.reason)
		}
	}
	// A file with skipped and good tests writes only the good one.
	in, out := filepath.Join(t.TempDir(), "f.json"), t.TempDir()
	all := map[string]any{"good": good}
	for name, c := range cases {
		all[name] = c.fixture
	}
	writeJSON(t, in, all)
	if err := run([]string{"--out", out, in}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 || entries[0].Name() != "good" {
		t.Fatalf("wrote %v, want only good", entries)
	}
}

// TestDirNames checks that directory names are safe, short enough for any
// file system, and distinct for long names that share a prefix.
func TestDirNames(t *testing.T) {
	long := strings.Repeat("tests/cancun/eip6780_selfdestruct/test_selfdestruct.py::", 5)
	names := map[string]string{}
	for _, name := range []string{"plain_Cancun", "a/b::c[d]", long + "x", long + "y"} {
		dir := (&chain{name: name}).dirName()
		if len(dir) > maxDirName || strings.ContainsAny(dir, "/:[] ") {
			t.Errorf("%q: directory %q", name, dir)
		}
		if other, ok := names[dir]; ok {
			t.Errorf("%q and %q share directory %q", name, other, dir)
		}
		names[dir] = name
	}
	seen := make(dirNames)
	if a, b, c := seen.unique("x"), seen.unique("x"), seen.unique("x-2"); a != "x" || b != "x-2" || c == b {
		t.Errorf("repeated names got %q, %q, %q", a, b, c)
	}
	if dir := (&chain{name: "plain_Cancun"}).dirName(); dir != "plain_Cancun" {
		t.Errorf("plain name became %q", dir)
	}
}

// TestNotFixtures checks that input which is not a blockchain test is an
// error naming the file.
func TestNotFixtures(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"broken.json":    `{"a": `,
		"statetest.json": `{"a": {"env": {}, "pre": {}, "transaction": {}}}`,
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(content), 0o644)
		err := run([]string{"--out", t.TempDir(), path})
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v, want an error naming the file", name, err)
		}
	}
	if err := run([]string{"--out", t.TempDir(), filepath.Join(dir, "missing.json")}); err == nil {
		t.Error("a missing file gave no error")
	}
	if err := run([]string{filepath.Join(dir, "broken.json")}); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("no --out: %v", err)
	}
}

// TestLFSPointerSkipped checks that a fixture file that is a Git LFS pointer
// (a snapshot without its large files) is skipped, counted and named, and
// that the other files convert.
func TestLFSPointerSkipped(t *testing.T) {
	fx, _ := testFixture(t, 2)
	in, out := t.TempDir(), t.TempDir()
	writeJSON(t, filepath.Join(in, "a.json"), map[string]any{"good": fx})
	pointer := filepath.Join(in, "big.json")
	os.WriteFile(pointer, []byte("version https://git-lfs.github.com/spec/v1\noid sha256:325fe703\nsize 61118317\n"), 0o644)
	var buf bytes.Buffer
	if err := newApp(&buf).Run([]string{"fixturechain", "--out", out, in}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 chains written", "skipped 1 files: file is a Git LFS pointer", pointer} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, buf.String())
		}
	}
	if _, err := os.Stat(filepath.Join(out, "good", "chain.rlp")); err != nil {
		t.Errorf("the good fixture was not converted: %v", err)
	}
}
