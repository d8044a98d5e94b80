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
	"path/filepath"
	"sort"
	"strings"
	"testing"
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
