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

//go:build e2e

package e2e

import (
	"encoding/json"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/consensus/beacon"
	"github.com/ethereum/go-ethereum/consensus/ethash"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rlp"

	"statelab/tools/bench/results"
)

// storeCode stores the block number at the slot its calldata names:
// sstore(calldataload(0), number).
var storeCode = []byte{0x5f, 0x35, 0x43, 0x90, 0x55, 0x00}

// makerChain writes the genesis and the blocks of a chain made by geth's
// own chain maker (core.GenerateChain): value transfers to fresh accounts
// and storage writes, n blocks. It returns the genesis and block files.
func makerChain(t *testing.T, dir string, n int) (string, string) {
	t.Helper()
	key, _ := crypto.HexToECDSA("b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291")
	sender := crypto.PubkeyToAddress(key.PublicKey)
	store := common.HexToAddress("0x5707e")
	config := *params.MergedTestChainConfig
	config.ChainID, config.OsakaTime = big.NewInt(1337), nil
	genesis := &core.Genesis{
		Config:     &config,
		GasLimit:   30_000_000,
		BaseFee:    big.NewInt(params.InitialBaseFee),
		Difficulty: common.Big0,
		Alloc: types.GenesisAlloc{
			sender:                           {Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))},
			store:                            {Code: storeCode, Nonce: 1, Balance: common.Big0},
			params.BeaconRootsAddress:        {Code: params.BeaconRootsCode, Nonce: 1, Balance: common.Big0},
			params.HistoryStorageAddress:     {Code: params.HistoryStorageCode, Nonce: 1, Balance: common.Big0},
			params.WithdrawalQueueAddress:    {Code: params.WithdrawalQueueCode, Nonce: 1, Balance: common.Big0},
			params.ConsolidationQueueAddress: {Code: params.ConsolidationQueueCode, Nonce: 1, Balance: common.Big0},
		},
	}
	signer := types.LatestSigner(&config)
	_, blocks, _ := core.GenerateChainWithGenesis(genesis, beacon.New(ethash.NewFaker()), n, func(i int, g *core.BlockGen) {
		for j := 0; j < 20; j++ {
			var to common.Address
			var data []byte
			if j%2 == 0 {
				to = common.BytesToAddress(crypto.Keccak256([]byte{byte(i), byte(j)}))
			} else {
				to, data = store, common.BigToHash(big.NewInt(int64(i*100+j))).Bytes()
			}
			tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{
				ChainID: config.ChainID, Nonce: g.TxNonce(sender), To: &to, Value: big.NewInt(1),
				Gas: 100_000, GasFeeCap: big.NewInt(100 * params.GWei), GasTipCap: big.NewInt(params.GWei), Data: data,
			})
			if err != nil {
				t.Fatal(err)
			}
			g.AddTx(tx)
		}
	})
	genesisPath, chainPath := filepath.Join(dir, "genesis.json"), filepath.Join(dir, "chain.rlp")
	blob, err := json.Marshal(genesis)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(genesisPath, blob, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(chainPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, b := range blocks {
		if err := rlp.Encode(f, b); err != nil {
			t.Fatal(err)
		}
	}
	return genesisPath, chainPath
}

// exportedChain makes a chain-maker chain, imports it with geth and cuts it
// with geth export into a population (blocks 0..20, genesis included, as a
// user's export from block 0 has it) and a workload (21..30).
func exportedChain(t *testing.T) (genesis, population, workload string) {
	t.Helper()
	dir := t.TempDir()
	genesis, chain := makerChain(t, dir, 30)
	datadir := filepath.Join(dir, "source")
	mustRun(t, "geth", "--datadir", datadir, "init", genesis)
	mustRun(t, "geth", "--datadir", datadir, "import", chain)
	population, workload = filepath.Join(dir, "population.rlp"), filepath.Join(dir, "tail.rlp.gz")
	mustRun(t, "geth", "--datadir", datadir, "export", population, "0", "20")
	mustRun(t, "geth", "--datadir", datadir, "export", workload, "21", "30")
	return genesis, population, workload
}

// benchRun is one run of a bench report's runs.json, as the tests read it.
type benchRun struct {
	Blocks []json.RawMessage `json:"blocks"`
	Bound  *struct {
		Limit   int64 `json:"limit"`
		Peak    int64 `json:"peak"`
		Samples int   `json:"samples"`
	} `json:"bound"`
	BlockIO []json.RawMessage `json:"block_io"`
}

// benchRuns reads a report's runs.json: per run, its per-block entries.
func benchRuns(t *testing.T, out string) []benchRun {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(out, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []benchRun
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	return runs
}

// TestBenchOnGethExport benchmarks a chain dumpgen did not make, cut with
// geth export, with no manifest: bench ab, and bench run with a [chain]
// study, memory-bounded where this host allows it. Both must count the
// workload's 10 blocks from the file.
func TestBenchOnGethExport(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("bench drops the page cache: needs root")
	}
	geth := bin(t, "geth")
	genesis, population, workload := exportedChain(t)
	work := t.TempDir()
	out := filepath.Join(t.TempDir(), "ab")
	cmd := exec.Command(benchBin(t), "ab", "--a", geth, "--b", geth, "--genesis", genesis, "--population", population,
		"--dump", workload, "--runs", "2", "--out", out, "--work", work, "--bin", filepath.Dir(geth))
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench ab: %v\n%s", err, output)
	}
	runs := benchRuns(t, out)
	if len(runs) != 4 {
		t.Fatalf("bench ab: %d runs, want 4", len(runs))
	}
	for i, r := range runs {
		if len(r.Blocks) != 10 {
			t.Errorf("bench ab run %d: %d per-block entries, want 10", i, len(r.Blocks))
		}
	}
	// The comparison records its command line as its recipe, machine-free:
	// the binaries by name in --bin, the chain files by their directory's
	// name and their own.
	meta, err := os.ReadFile(filepath.Join(out, "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Study string }
	if err := json.Unmarshal(meta, &m); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Base(filepath.Dir(workload))
	want := "bench ab --a geth --b geth --dump " + chain + "/" + filepath.Base(workload) + " --genesis " + chain + "/" + filepath.Base(genesis) +
		" --population " + chain + "/" + filepath.Base(population) + " --trie mpt --runs 2"
	if m.Study != want {
		t.Errorf("meta.json study\n%s\nwant\n%s", m.Study, want)
	}
	if paths := results.MachinePaths(string(meta)); len(paths) > 0 {
		t.Errorf("meta.json names paths of this machine: %v", paths)
	}

	study := filepath.Join(t.TempDir(), "chain.toml")
	text := `name = "export"
tries = ["mpt"]
workloads = ["tail"]
baseline = "mpt"
[chain]
genesis = "` + genesis + `"
population = ["` + population + `"]
[chain.workloads]
tail = "` + workload + `"
[scale.smoke]
runs = 2
geth_cache = "64MiB"
`
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(t.TempDir(), "run")
	args := []string{"run", study, "--out", out, "--work", work, "--bin", filepath.Dir(geth)}
	bounded := memoryCgroupUsable()
	if bounded {
		args = append(args, "--mem-limit", "256MiB")
	}
	if output, err := exec.Command(benchBin(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("bench run: %v\n%s", err, output)
	}
	for i, r := range benchRuns(t, out) {
		if len(r.Blocks) != 10 || len(r.BlockIO) != 10 {
			t.Errorf("bench run %d: %d per-block entries and %d block I/O samples, want 10", i, len(r.Blocks), len(r.BlockIO))
		}
		if bounded && (r.Bound == nil || r.Bound.Limit != 256<<20 || r.Bound.Peak == 0 || r.Bound.Peak > r.Bound.Limit || r.Bound.Samples == 0) {
			t.Errorf("bench run %d: bound %+v, want a verified 256 MiB bound", i, r.Bound)
		}
	}
	report, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if bounded && !strings.Contains(string(report), "## Scale model") {
		t.Error("the bounded report has no scale model section")
	}
}

// memoryCgroupUsable reports whether this host offers a memory cgroup
// bench can use: a cgroup v1 memory hierarchy, or v2 with memory enabled
// for the root's children. bench's own tests cover the refusals.
func memoryCgroupUsable() bool {
	blob, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(blob), "\n") {
		f := strings.Fields(line)
		if len(f) < 10 {
			continue
		}
		if strings.Contains(line, " - cgroup ") && strings.Contains(f[len(f)-1], "memory") {
			return true
		}
		if strings.Contains(line, " - cgroup2 ") {
			ctl, _ := os.ReadFile(filepath.Join(f[4], "cgroup.subtree_control"))
			if strings.Contains(string(ctl), "memory") {
				return true
			}
		}
	}
	return false
}
