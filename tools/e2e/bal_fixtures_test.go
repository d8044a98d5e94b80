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
	"flag"
	"os"
	"path/filepath"
	"testing"

	"statelab/core/balsidecar"
)

// fixturesFlag is TestBALFixtureChains' setting, a flag of the test binary
// (go test passes it on): go test -tags e2e ./tools/e2e -run TestBALFixtureChains -fixtures DIR.
var fixturesFlag = flag.String("fixtures", "", "blockchain test fixtures (files or directories, separated by "+
	"the OS list separator) to check BAL sidecars against (default: none, TestBALFixtureChains is skipped)")

// TestBALFixtureChains checks BAL sidecars on the consensus tests' chains.
// It is opt-in: -fixtures names blockchain test fixtures (files or
// directories, separated by the OS list separator: ethereum/tests'
// BlockchainTests/ValidBlocks, execution-spec-tests' blockchain_tests), which
// fixturechain converts. For every chain of valid blocks whose plain import
// reaches its expected head, on MPT under both schemes: balgen offline
// records a Type-4 sidecar, and imports with it as Type 1 (before and beside),
// 3 and 4 must reach the same head root, the Type-4 import reading no state
// from the database. A chain whose plain import fails is skipped (that is
// geth's or the fixture's matter, not the sidecar's) and reported.
func TestBALFixtureChains(t *testing.T) {
	sources := *fixturesFlag
	if sources == "" {
		t.Skip("no -fixtures (blockchain test fixtures to check BAL sidecars against)")
	}
	out := filepath.Join(t.TempDir(), "chains")
	mustRun(t, "fixturechain", append([]string{"--out", out}, filepath.SplitList(sources)...)...)
	chains, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(chains) == 0 {
		t.Fatalf("fixturechain wrote no chains from %s", sources)
	}
	for _, kind := range []string{"mpt-path", "mpt-hash"} {
		for _, c := range chains {
			t.Run(kind+"/"+c.Name(), func(t *testing.T) {
				checkFixtureChain(t, filepath.Join(out, c.Name()), kind)
			})
		}
	}
}

// checkFixtureChain imports one converted chain without a sidecar, records
// its sidecar and imports it with every type.
func checkFixtureChain(t *testing.T, dir, kind string) {
	_, flags := kindFlags(kind)
	manifest, chain := filepath.Join(dir, "manifest.json"), filepath.Join(dir, "chain.rlp")
	genesis := filepath.Join(t.TempDir(), "genesis-datadir")
	mustRun(t, "geth", append(append([]string{"--datadir", genesis}, flags...), "init", filepath.Join(dir, "genesis.json"))...)
	newDatadir := func() string { return copyDatadir(t, genesis) }
	plain := newDatadir()
	if res := run(t, "geth", append(append([]string{"--datadir", plain}, flags...), "import", "--nocompaction", chain)...); res.code != 0 {
		t.Skipf("the import without a sidecar fails: %s", res.reason)
	}
	if res := run(t, "chaininfo", "verify", "--datadir", plain, "--manifest", manifest); res.code != 0 {
		t.Skipf("the import without a sidecar does not reach the fixture's head:\n%s", tail(res.stdout+res.stderr, 5))
	}
	sidecar := filepath.Join(t.TempDir(), "chain.bal")
	mustRun(t, "balgen", "offline", "--datadir", genesis, "--dump", chain, "--out", sidecar, "--type", "4", "--geth", bin(t, "geth"))
	f, err := balsidecar.Load(sidecar)
	if err != nil {
		t.Fatal(err)
	}
	importEachType(t, newDatadir, flags, sidecar, chain, manifest, len(f.Blocks), balVariants)
}
