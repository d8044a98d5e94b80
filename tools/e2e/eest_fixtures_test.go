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
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"statelab/tools/internal/blockfile"
	"statelab/tools/internal/dumpmanifest"
)

// TestEESTSubsetImports converts the EEST benchmark tests shipped with
// fixturechain (blockchain_test, blockchain_test_engine and engine_x, the
// last starting from a pre-allocation group) and imports every chain with
// statelab's geth and with upstream geth v1.17.10: both must reach the
// fixture's head, as geth import and chaininfo verify see it. A truncated
// payload file and a payload set for another genesis are refused by name.
func TestEESTSubsetImports(t *testing.T) {
	out := filepath.Join(t.TempDir(), "chains")
	res := mustRun(t, "fixturechain", "--out", out, filepath.Join("..", "fixturechain", "testdata", "eest"))
	if !strings.Contains(res.stdout, "5 chains written") {
		t.Fatalf("fixturechain: %s", res.stdout)
	}
	chains, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range chains {
		dir := filepath.Join(out, c.Name())
		for _, geth := range []string{"geth", "geth-upstream"} {
			t.Run(geth+"/"+c.Name()[:min(len(c.Name()), 60)], func(t *testing.T) {
				datadir := t.TempDir()
				mustRun(t, geth, "--datadir", datadir, "init", filepath.Join(dir, "genesis.json"))
				mustRun(t, geth, "--datadir", datadir, "import", "--nocompaction", filepath.Join(dir, "chain.rlp"))
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", filepath.Join(dir, "manifest.json"))
			})
		}
	}
}

// TestEESTPayloadSetImports writes an EEST engine test's newPayload calls as
// a gas-benchmarks payload set (setup and testing files of JSON-RPC
// requests), converts it with the test's genesis and imports it with
// statelab's geth and upstream geth. A truncated testing file and another
// test's genesis are refused with errors naming the file, test and block.
func TestEESTPayloadSetImports(t *testing.T) {
	fixtures := filepath.Join("..", "fixturechain", "testdata", "eest", "blockchain_tests_engine")
	chains := filepath.Join(t.TempDir(), "chains")
	mustRun(t, "fixturechain", "--out", chains, fixtures)
	blob, err := os.ReadFile(filepath.Join(fixtures, "benchmark", "compute", "instruction", "storage", "storage_access_warm.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tests map[string]struct {
		Payloads []struct {
			Params  []json.RawMessage `json:"params"`
			Version json.RawMessage   `json:"newPayloadVersion"`
		} `json:"engineNewPayloads"`
		LastBlockHash string `json:"lastblockhash"`
	}
	if err := json.Unmarshal(blob, &tests); err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(tests))
	for name := range tests {
		names = append(names, name)
	}
	sort.Strings(names)
	test := tests[names[0]]
	if len(test.Payloads) < 2 {
		t.Fatalf("%s has %d payloads, want a setup and a benchmark block", names[0], len(test.Payloads))
	}
	root, setName := t.TempDir(), "storage_access_warm_sload"
	phases := map[string][]string{}
	for i, p := range test.Payloads {
		var v string
		json.Unmarshal(p.Version, &v)
		params, _ := json.Marshal(p.Params)
		phase := "setup"
		if i == len(test.Payloads)-1 {
			phase = "testing"
		}
		phases[phase] = append(phases[phase], fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"engine_newPayloadV%s","params":%s}`, v, params))
	}
	phases["testing"] = append(phases["testing"], fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"engine_forkchoiceUpdatedV3","params":[{"headBlockHash":%q,"safeBlockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","finalizedBlockHash":"0x0000000000000000000000000000000000000000000000000000000000000000"},null]}`, test.LastBlockHash))
	for phase, lines := range phases {
		dir := filepath.Join(root, phase, "000001")
		os.MkdirAll(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, setName+".txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	engineDirs, _ := os.ReadDir(chains)
	var genesis, otherGenesis string
	for _, d := range engineDirs {
		if strings.Contains(d.Name(), "SLOAD") {
			genesis = filepath.Join(chains, d.Name(), "genesis.json")
		} else {
			otherGenesis = filepath.Join(chains, d.Name(), "genesis.json")
		}
	}
	sets := filepath.Join(t.TempDir(), "sets")
	mustRun(t, "fixturechain", "--out", sets, "--genesis", genesis, root)
	dir := filepath.Join(sets, setName)
	for _, geth := range []string{"geth", "geth-upstream"} {
		datadir := t.TempDir()
		mustRun(t, geth, "--datadir", datadir, "init", filepath.Join(dir, "genesis.json"))
		mustRun(t, geth, "--datadir", datadir, "import", "--nocompaction", filepath.Join(dir, "chain.rlp"))
		mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", filepath.Join(dir, "manifest.json"))
	}

	mustFail(t, []string{"made for another genesis", setName, "block 1"}, "fixturechain", "--out", t.TempDir(), "--genesis", otherGenesis, root)
	testingFile := filepath.Join(root, "testing", "000001", setName+".txt")
	whole, _ := os.ReadFile(testingFile)
	os.WriteFile(testingFile, whole[:len(whole)/3], 0o644)
	mustFail(t, []string{testingFile + " line 1", setName, "truncated", "after block 1"}, "fixturechain", "--out", t.TempDir(), "--genesis", genesis, root)
}

// TestBenchFixtureStudy runs a study whose workloads are fixture chains:
// the shipped EEST tests in each format (the engine_x one has no setup
// block, so its datadir is its genesis alone), on statelab's geth with and
// without a Type-4 sidecar and on upstream's. Every run imports its
// fixture's benchmark block, and the BAL runs inject the sidecar's values.
func TestBenchFixtureStudy(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to drop the page cache")
	}
	dir := t.TempDir()
	chains := filepath.Join(dir, "chains")
	mustRun(t, "fixturechain", "--out", chains, filepath.Join("..", "fixturechain", "testdata", "eest"))
	fixtures := map[string]string{}
	entries, _ := os.ReadDir(chains)
	for _, e := range entries {
		switch name := e.Name(); {
		case strings.Contains(name, "blockchain_test-SLOAD"):
			fixtures["sload"] = name
		case strings.Contains(name, "blockchain_test_engine-SSTORE"):
			fixtures["sstore_engine"] = name
		case strings.Contains(name, "engine_x"):
			fixtures["selfdestruct_engine_x"] = name
		}
	}
	if len(fixtures) != 3 {
		t.Fatalf("fixture chains %v, want three", fixtures)
	}
	study := filepath.Join(dir, "fixtures.toml")
	text := fmt.Sprintf(`name = "fixtures"
tries = ["mpt"]
workloads = ["selfdestruct_engine_x", "sload", "sstore_engine"]
bal = ["none", "type4"]
baseline = "mpt-upstream"
metric = "wall_s"

[[geth]]
name = "upstream"
path = "geth-upstream"

[[geth]]
name = "statelab"
path = "geth"

[[exclude]]
geth = ["upstream"]
bal = ["type4"]

[chain.fixtures]
selfdestruct_engine_x = "chains/%s"
sload = "chains/%s"
sstore_engine = "chains/%s"

[scale.smoke]
runs = 2
`, fixtures["selfdestruct_engine_x"], fixtures["sload"], fixtures["sstore_engine"])
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	blob := runStudy(t, study, filepath.Join(dir, "out"), filepath.Join(dir, "work"))
	var runs []struct {
		Workload string `json:"workload"`
		Variant  string `json:"variant"`
		Blocks   []struct {
			Block struct {
				Number uint64 `json:"number"`
			} `json:"block"`
			Extensions struct {
				BAL *struct {
					Type int `json:"type"`
				} `json:"bal"`
			} `json:"extensions"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range runs {
		seen[r.Workload+"/"+r.Variant]++
		if r.Variant == "mpt-upstream" {
			continue // upstream logs no per-block JSON on import
		}
		if len(r.Blocks) != 1 {
			t.Fatalf("%s/%s: %d per-block entries, want the benchmark block", r.Workload, r.Variant, len(r.Blocks))
		}
		want := uint64(2)
		if r.Workload == "selfdestruct_engine_x" {
			want = 1
		}
		if n := r.Blocks[0].Block.Number; n != want {
			t.Errorf("%s/%s: block %d imported, want %d", r.Workload, r.Variant, n, want)
		}
		if b := r.Blocks[0].Extensions.BAL; (r.Variant == "mpt-bal-type4-statelab") != (b != nil && b.Type == 4) {
			t.Errorf("%s/%s: BAL figures %+v", r.Workload, r.Variant, b)
		}
	}
	if len(seen) != 9 {
		t.Errorf("ran %v, want 3 workloads x 3 variants", seen)
	}
}

// TestFixtureAccessListSidecar converts the shipped EEST Amsterdam test,
// whose block's access list the fixture gives beside its RLP, and makes a
// Type-1 sidecar of the list with balgen eip7928 from chain.rlp, as geth
// export writes Amsterdam blocks with their lists.
func TestFixtureAccessListSidecar(t *testing.T) {
	chains := filepath.Join(t.TempDir(), "chains")
	mustRun(t, "fixturechain", "--out", chains, filepath.Join("..", "fixturechain", "testdata", "eest-amsterdam"))
	dirs, err := os.ReadDir(chains)
	if err != nil || len(dirs) != 1 {
		t.Fatalf("chains %v, %v; want one", dirs, err)
	}
	sidecar := filepath.Join(t.TempDir(), "bal.json")
	res := mustRun(t, "balgen", "eip7928", "--in", filepath.Join(chains, dirs[0].Name(), "chain.rlp"), "--out", sidecar)
	if !strings.Contains(res.stdout+res.stderr, "1 blocks, 4 accounts, 11 slots") {
		t.Errorf("balgen eip7928: %s%s", res.stdout, res.stderr)
	}
	var f struct {
		Type   int `json:"type"`
		Blocks []struct {
			Number   uint64            `json:"number"`
			Accounts []json.RawMessage `json:"accounts"`
		} `json:"blocks"`
	}
	blob, _ := os.ReadFile(sidecar)
	if err := json.Unmarshal(blob, &f); err != nil {
		t.Fatal(err)
	}
	if f.Type != 1 || len(f.Blocks) != 1 || f.Blocks[0].Number != 1 || len(f.Blocks[0].Accounts) != 4 { // the fixture lists 4 accounts
		t.Errorf("sidecar type %d, blocks %+v", f.Type, f.Blocks)
	}
}

// TestBenchMergedFixtureStudy runs a study whose EEST fixtures join a
// dumpgen population placed in the genesis (dumpgen --fixture), beside a
// dumpgen workload, with and without a Type-4 sidecar: the fixture's block
// runs on the large state with the gas it used on its own chain.
func TestBenchMergedFixtureStudy(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to drop the page cache")
	}
	dir := t.TempDir()
	chains := filepath.Join(dir, "chains")
	mustRun(t, "fixturechain", "--out", chains, filepath.Join("..", "fixturechain", "testdata", "eest", "blockchain_tests"))
	var sload string
	entries, _ := os.ReadDir(chains)
	for _, e := range entries {
		if strings.Contains(e.Name(), "SLOAD") {
			sload = e.Name()
		}
	}
	blocks, err := blockfile.ReadFile(filepath.Join(chains, sload, "benchmark.rlp"))
	if err != nil {
		t.Fatal(err)
	}
	study := filepath.Join(dir, "merged.toml")
	text := fmt.Sprintf(`name = "merged"
tries = ["mpt"]
workloads = ["sload", "erc20_balanceof"]
bal = ["none", "type4"]
baseline = "mpt"

[fixtures]
sload = "chains/%s"

[scale.smoke]
entries = 20000
workload_blocks = 1
runs = 2
`, sload)
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	blob := runStudy(t, study, filepath.Join(dir, "out"), work)
	dumps, _ := filepath.Glob(filepath.Join(work, "dumps", "mpt-20000-1-genesis-fx*", "manifest.json"))
	if len(dumps) != 1 {
		t.Fatalf("dumps %v, want one with the fixture merged", dumps)
	}
	m, err := dumpmanifest.Read(dumps[0])
	if err != nil {
		t.Fatal(err)
	}
	if m.Population == nil || m.Population.Fixtures["sload"] != filepath.Join(chains, sload) || m.Entries != 20000 {
		t.Fatalf("manifest population %+v, entries %d", m.Population, m.Entries)
	}
	var runs []struct {
		Workload string `json:"workload"`
		Variant  string `json:"variant"`
		Blocks   []struct {
			Block struct {
				GasUsed uint64 `json:"gas_used"`
			} `json:"block"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range runs {
		seen[r.Workload+"/"+r.Variant]++
		if r.Workload != "sload" {
			continue
		}
		if len(r.Blocks) != 1 || r.Blocks[0].Block.GasUsed != blocks[0].GasUsed() {
			t.Errorf("sload/%s: blocks %+v, want one of %d gas (the fixture's)", r.Variant, r.Blocks, blocks[0].GasUsed())
		}
	}
	if len(seen) != 4 {
		t.Errorf("ran %v, want 2 workloads x 2 variants", seen)
	}
}

// runStudy runs a study with bench on the built binaries and returns its
// runs.json.
func runStudy(t *testing.T, study, out, work string) []byte {
	t.Helper()
	cmd := exec.Command(benchBin(t), "run", study, "--out", out, "--work", work, "--bin", filepath.Dir(bin(t, "geth")))
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench run: %v\n%s", err, output)
	}
	blob, err := os.ReadFile(filepath.Join(out, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	return blob
}
