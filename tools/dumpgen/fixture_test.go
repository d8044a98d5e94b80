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
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"
	"github.com/ethereum/go-ethereum/tests"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// counterCode adds one to slot 0 and stores CALLER's balance in slot 1, so
// that the block's gas depends on state the fixture set up.
var counterCode = common.FromHex("600160005401600055333160015500")

// writeFixtureDir writes a chain directory as fixturechain does for a
// benchmark test: an Osaka genesis of EEST's shape (base fee 7, a large gas
// limit), the pre-state, and a benchmark block with two transactions at a
// 10 wei gas price, which a dump's own base fee would refuse. It returns
// the directory and the benchmark block.
func writeFixtureDir(t *testing.T, contract common.Address) (string, *types.Block) {
	t.Helper()
	key, _ := crypto.GenerateKey()
	sender := crypto.PubkeyToAddress(key.PublicKey)
	genesis := &core.Genesis{
		Config: tests.Forks["Osaka"], GasLimit: 1_000_000_000_000, BaseFee: big.NewInt(7), Difficulty: new(big.Int),
		ExtraData: []byte{0}, Coinbase: common.Address{0x2a},
		ExcessBlobGas: new(uint64), BlobGasUsed: new(uint64),
		Alloc: types.GenesisAlloc{
			sender:                           {Balance: big.NewInt(1e18)},
			contract:                         {Code: counterCode, Balance: common.Big0, Storage: map[common.Hash]common.Hash{{}: common.BigToHash(big.NewInt(41))}},
			params.BeaconRootsAddress:        {Nonce: 1, Code: params.BeaconRootsCode, Balance: common.Big0},
			params.HistoryStorageAddress:     {Nonce: 1, Code: params.HistoryStorageCode, Balance: common.Big0},
			params.WithdrawalQueueAddress:    {Nonce: 1, Code: params.WithdrawalQueueCode, Balance: common.Big0},
			params.ConsolidationQueueAddress: {Nonce: 1, Code: params.ConsolidationQueueCode, Balance: common.Big0},
		},
	}
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, beacon.New(ethash.NewFaker()), 1, func(i int, b *core.BlockGen) {
		b.SetCoinbase(common.Address{0xfe})
		for n := range 2 {
			tx, err := types.SignNewTx(key, types.LatestSigner(genesis.Config), &types.LegacyTx{
				Nonce: uint64(n), To: &contract, Gas: 100_000, GasPrice: big.NewInt(10),
			})
			if err != nil {
				t.Fatal(err)
			}
			b.AddTx(tx)
		}
	})
	dir := t.TempDir()
	write := func(name string, v any) {
		blob, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), blob, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(fixtureGenesisFile, genesis)
	write(fixturePrestateFile, genesis.Alloc)
	if err := blockfile.WriteFile(filepath.Join(dir, fixtureBenchmarkFile), blocks); err != nil {
		t.Fatal(err)
	}
	return dir, blocks[0]
}

// TestFixtureMerged merges two benchmark tests into a population placed in
// the genesis: the dump takes their chain, holds their pre-states beside the
// population, and each workload is its test's block sealed on that genesis
// with the same transactions and gas, which geth imports; dumpgen datadir
// writes the same genesis.
func TestFixtureMerged(t *testing.T) {
	dirA, blockA := writeFixtureDir(t, common.Address{0xc0, 1})
	dirB, _ := writeFixtureDir(t, common.Address{0xc0, 2})
	cfg := testConfig(t, statekind.MPT)
	cfg.placement = dumpmanifest.PlacementGenesis
	cfg.workloads = []string{wlBalanceOf}
	for _, spec := range []string{"count_a=" + dirA, "count_b=" + dirB} {
		fx, err := parseFixture(spec)
		if err != nil {
			t.Fatal(err)
		}
		cfg.fixtures = append(cfg.fixtures, fx)
	}
	if err := checkFixturesAgree(cfg.fixtures); err != nil {
		t.Fatal(err)
	}
	if _, err := makeGenesisDump(cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, cfg.out)
	if m.Population.Fixtures["count_a"] != dirA || m.Population.Fixtures["count_b"] != dirB {
		t.Errorf("manifest fixtures %v", m.Population.Fixtures)
	}
	genesis := new(core.Genesis)
	if err := json.Unmarshal(readDumpFile(t, cfg.out, genesisFileName), genesis); err != nil {
		t.Fatal(err)
	}
	if genesis.Config.ChainID.Cmp(big.NewInt(1)) != 0 || genesis.BaseFee.Int64() != 7 || genesis.Alloc[common.Address{0xc0, 1}].Code == nil {
		t.Fatalf("the dump's genesis is not the fixtures' chain: chain id %v, base fee %v", genesis.Config.ChainID, genesis.BaseFee)
	}
	if n := len(genesis.Alloc); n < testEntries/2 {
		t.Fatalf("the genesis holds %d accounts: no population", n)
	}
	for _, f := range m.Files {
		chain, err := core.NewBlockChain(rawdb.NewMemoryDatabase(), genesis, beacon.New(ethash.NewFaker()), core.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		importFile(t, chain, cfg.out, f.File)
		checkHead(t, chain, m, f)
		if f.Workload == "count_a" {
			head := chain.CurrentBlock()
			block := chain.GetBlockByHash(head.Hash())
			if head.GasUsed != blockA.GasUsed() || len(block.Transactions()) != 2 || block.Transactions()[1].Hash() != blockA.Transactions()[1].Hash() {
				t.Errorf("count_a: %d gas, %d txs; the fixture's %d gas", head.GasUsed, len(block.Transactions()), blockA.GasUsed())
			}
			st, _ := chain.State()
			if got := st.GetState(common.Address{0xc0, 1}, common.Hash{}); got != common.BigToHash(big.NewInt(43)) {
				t.Errorf("count_a's counter is %x after its block, want 43", got)
			}
		}
		chain.Stop()
	}
	datadir := filepath.Join(t.TempDir(), "datadir")
	dcfg := *cfg
	dcfg.out = datadir
	prov, err := writePopulationDatadir(&dcfg, 0, 0, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if prov.GenesisHash != m.GenesisHash {
		t.Fatalf("dumpgen datadir genesis %x, the dump's %x", prov.GenesisHash, m.GenesisHash)
	}
	if err := prov.Matches(m.GenesisPopulation().JSON(), prov.GroupDepth, prov.BlockSize); err != nil {
		t.Fatalf("the manifest's population is not the datadir's: %v", err)
	}
}

// TestFixtureRefused checks the errors of --fixture: a malformed value, a
// directory that is not a fixture chain, a binary-trie or --fork dump, one
// whose population is made by blocks, fixtures of two chains, an account of
// the dump's own, and a block whose gas changes on the merged state.
func TestFixtureRefused(t *testing.T) {
	dir, block := writeFixtureDir(t, common.Address{0xc0, 1})
	for _, spec := range []string{"noequals", "=" + dir, "bad name=" + dir, "x=" + t.TempDir()} {
		if _, err := parseFixture(spec); err == nil || !strings.Contains(err.Error(), "--fixture") {
			t.Errorf("%q: %v", spec, err)
		}
	}
	run := func(args ...string) error {
		app := newApp(io.Discard)
		return app.Run(append([]string{"dumpgen", "--entries", "1000", "--out", filepath.Join(t.TempDir(), "d")}, args...))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--trie", "ubt", "--population", "genesis", "--fixture", "a=" + dir}, "--fixture needs --trie mpt"},
		{[]string{"--trie", "mpt", "--fork", "amsterdam", "--population", "genesis", "--fixture", "a=" + dir}, "the fixtures' chain config decides the forks"},
		{[]string{"--trie", "mpt", "--fixture", "a=" + dir}, "--fixture needs --population genesis"},
		{[]string{"--trie", "mpt", "--population", "genesis", "--fixture", "a=" + dir, "--fixture", "a=" + dir}, "a second fixture named a"},
	} {
		if err := run(tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
	// Another chain: Prague instead of Osaka.
	other := t.TempDir()
	for _, f := range []string{fixturePrestateFile, fixtureBenchmarkFile} {
		blob, _ := os.ReadFile(filepath.Join(dir, f))
		os.WriteFile(filepath.Join(other, f), blob, 0o644)
	}
	var g core.Genesis
	blob, _ := os.ReadFile(filepath.Join(dir, fixtureGenesisFile))
	json.Unmarshal(blob, &g)
	g.Config = tests.Forks["Prague"]
	blob, _ = json.Marshal(&g)
	os.WriteFile(filepath.Join(other, fixtureGenesisFile), blob, 0o644)
	if err := run("--trie", "mpt", "--population", "genesis", "--fixture", "a="+dir, "--fixture", "b="+other); err == nil || !strings.Contains(err.Error(), "different chain configs") {
		t.Errorf("two chains: %v", err)
	}

	// The dump's own token contract in a fixture's pre-state.
	clash := t.TempDir()
	for _, f := range []string{fixtureGenesisFile, fixtureBenchmarkFile} {
		blob, _ := os.ReadFile(filepath.Join(dir, f))
		os.WriteFile(filepath.Join(clash, f), blob, 0o644)
	}
	var pre types.GenesisAlloc
	blob, _ = os.ReadFile(filepath.Join(dir, fixturePrestateFile))
	json.Unmarshal(blob, &pre)
	pre[tokenAddress] = types.Account{Code: []byte{0}, Balance: common.Big0}
	blob, _ = json.Marshal(pre)
	os.WriteFile(filepath.Join(clash, fixturePrestateFile), blob, 0o644)
	if err := run("--trie", "mpt", "--population", "genesis", "--workloads", "none", "--fixture", "a="+clash); err == nil || !strings.Contains(err.Error(), "is also one of the dump's own") {
		t.Errorf("clash: %v", err)
	}

	// A benchmark block that claims more gas than its transactions use.
	lying := t.TempDir()
	for _, f := range []string{fixtureGenesisFile, fixturePrestateFile} {
		blob, _ := os.ReadFile(filepath.Join(dir, f))
		os.WriteFile(filepath.Join(lying, f), blob, 0o644)
	}
	h := block.Header()
	h.GasUsed++
	tampered := types.NewBlockWithHeader(h).WithBody(*block.Body())
	enc, _ := rlp.EncodeToBytes(tampered)
	os.WriteFile(filepath.Join(lying, fixtureBenchmarkFile), enc, 0o644)
	if err := run("--trie", "mpt", "--population", "genesis", "--workloads", "none", "--fixture", "lying="+lying); err == nil || !strings.Contains(err.Error(), "the merged state changed what its transactions do") {
		t.Errorf("gas changed: %v", err)
	}
}
