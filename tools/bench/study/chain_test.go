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

package study

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestChainStudy loads a study of a chain dumpgen did not make: its
// workloads are the chain's, its trie the chain's, and its scales need no
// entries.
func TestChainStudy(t *testing.T) {
	dir := t.TempDir()
	// Loading a study only checks that the chain's files exist; reading
	// their blocks is the runner's (TestChainManifest there).
	for _, f := range []string{"pop.rlp", "tail.rlp", "genesis.json"} {
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	text := `name = "c"
tries = ["mpt"]
workloads = ["tail"]
baseline = "mpt"
[chain]
genesis = "genesis.json"
population = ["pop.rlp"]
[chain.workloads]
tail = "tail.rlp"
[scale.smoke]
runs = 3
`
	path := filepath.Join(dir, "c.toml")
	os.WriteFile(path, []byte(text), 0o644)
	s, err := Load(path, testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if s.Chain.Genesis != filepath.Join(dir, "genesis.json") {
		t.Errorf("genesis %q not resolved against the study's directory", s.Chain.Genesis)
	}
	for _, tt := range []struct{ old, new, want string }{
		{`tries = ["mpt"]`, "tries = [\"ubt\"]\ngroup_depths = [5]", "its chain's trie only"},
		{`workloads = ["tail"]`, `workloads = ["erc20_approve"]`, `unknown workload "erc20_approve" (want one of tail)`},
		{`population = ["pop.rlp"]`, `population = []`, "population lists no block file"},
		{`baseline = "mpt"`, "baseline = \"mpt\"\nfork = \"amsterdam\"", `fork: "amsterdam" applies to the dumps bench generates`},
	} {
		os.WriteFile(path, []byte(strings.Replace(text, tt.old, tt.new, 1)), 0o644)
		if _, err := Load(path, testMetrics); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.new, err, tt.want)
		}
	}
}

// TestChainMissingFile checks that a [chain] table naming a block file that
// does not exist is refused with the file's name.
func TestChainMissingFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "genesis.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(dir, "tail.rlp"), nil, 0o644)
	bad := &Chain{Genesis: "genesis.json", Population: []string{"missing.rlp"}, Workloads: map[string]string{"t": "tail.rlp"}}
	if err := bad.validate(dir); err == nil || !strings.Contains(err.Error(), "missing.rlp") {
		t.Errorf("missing file: %v", err)
	}
}

// TestChainFixtures loads a study of fixture chains: each is a workload of
// its own, its directory resolved against the study's, and a directory that
// fixturechain did not write, or fixtures mixed with a genesis, are refused.
func TestChainFixtures(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a/genesis.json", "a/setup.rlp", "a/benchmark.rlp", "b/genesis.json", "b/benchmark.rlp", "c/genesis.json"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	text := `name = "f"
tries = ["mpt"]
workloads = ["sload", "engine_x"]
baseline = "mpt"
[chain.fixtures]
sload = "a"
engine_x = "b"
[scale.smoke]
runs = 3
`
	path := filepath.Join(dir, "f.toml")
	os.WriteFile(path, []byte(text), 0o644)
	s, err := Load(path, testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if s.Chain.Fixtures["sload"] != filepath.Join(dir, "a") {
		t.Errorf("fixture %q not resolved against the study's directory", s.Chain.Fixtures["sload"])
	}
	if got, want := FixtureSetupFiles(s.Chain.Fixtures["sload"]), []string{filepath.Join(dir, "a", "setup.rlp")}; !slices.Equal(got, want) {
		t.Errorf("setup files %v, want %v", got, want)
	}
	if got := FixtureSetupFiles(s.Chain.Fixtures["engine_x"]); got != nil {
		t.Errorf("a fixture without setup blocks has setup files %v", got)
	}
	if n := len(s.Chain.Files()); n != 5 {
		t.Errorf("%d files, want 5: %v", n, s.Chain.Files())
	}
	for _, tt := range []struct{ old, new, want string }{
		{`engine_x = "b"`, `engine_x = "c"`, "fixture engine_x: stat " + filepath.Join(dir, "c", "benchmark.rlp")},
		{`[chain.fixtures]`, "[chain]\ngenesis = \"a/genesis.json\"\n[chain.fixtures]", "give either fixtures or genesis"},
		{`workloads = ["sload", "engine_x"]`, `workloads = ["sstore"]`, `unknown workload "sstore" (want one of engine_x, sload)`},
	} {
		os.WriteFile(path, []byte(strings.Replace(text, tt.old, tt.new, 1)), 0o644)
		if _, err := Load(path, testMetrics); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.new, err, tt.want)
		}
	}
}

// TestMergedFixtures loads a study whose fixtures join its dumps'
// population: their names are workloads beside dumpgen's, their directories
// resolved against the study's, and a study they cannot run in is refused.
func TestMergedFixtures(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a/genesis.json", "a/prestate.json", "a/benchmark.rlp", "b/genesis.json", "b/benchmark.rlp"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	text := `name = "m"
tries = ["mpt"]
workloads = ["sload", "erc20_balanceof"]
baseline = "mpt"
[fixtures]
sload = "a"
[scale.smoke]
entries = 1000
workload_blocks = 1
runs = 3
`
	path := filepath.Join(dir, "m.toml")
	os.WriteFile(path, []byte(text), 0o644)
	s, err := Load(path, testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if s.Fixtures["sload"] != filepath.Join(dir, "a") {
		t.Errorf("fixture %q not resolved against the study's directory", s.Fixtures["sload"])
	}
	for _, tt := range []struct{ old, new, want string }{
		{`sload = "a"`, `sload = "b"`, "fixtures: sload: stat " + filepath.Join(dir, "b", "prestate.json")},
		{`tries = ["mpt"]`, "tries = [\"ubt\"]\ngroup_depths = [5]", `tries must be ["mpt"]`},
		{`baseline = "mpt"`, "baseline = \"mpt\"\nfork = \"amsterdam\"", `fork "amsterdam": the fixtures' chain config decides the forks`},
		{`runs = 3`, "runs = 3\npopulation = \"blocks\"", `merged fixtures need the population in the genesis`},
		{`sload = "a"`, `erc20_approve = "a"`, "erc20_approve is a dumpgen workload's name"},
	} {
		os.WriteFile(path, []byte(strings.Replace(text, tt.old, tt.new, 1)), 0o644)
		if _, err := Load(path, testMetrics); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.new, err, tt.want)
		}
	}
}
