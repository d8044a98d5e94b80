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
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// amsterdamCaseKind is the case chain made with chaingen --fork amsterdam.
const amsterdamCaseKind = "mpt-amsterdam"

// TestAmsterdamCaseChainImports imports the Amsterdam case chain (contracts
// created, called and self-destructed within a block, fresh accounts and fee
// recipients, system calls and requests, every block with its EIP-7928 list)
// with each of amsterdamImports: upstream's and statelab's parallel
// processor and statelab's sequential execution must all reach the
// manifest's head, every block executed in parallel or none.
func TestAmsterdamCaseChainImports(t *testing.T) {
	c := setupCaseChain(t, amsterdamCaseKind)
	for _, imp := range amsterdamImports {
		t.Run(imp.name, func(t *testing.T) {
			datadir := t.TempDir()
			mustRun(t, imp.geth, append(append([]string{"--datadir", datadir}, imp.flags...), "init", filepath.Join(c.dir, "genesis.json"))...)
			args := append(append([]string{"--datadir", datadir}, imp.flags...), "import", "--verbosity", "4", "--nocompaction")
			res := mustRun(t, imp.geth, append(append(args, imp.importFlags...), c.chain)...)
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", c.manifest)
			want := 0
			if imp.parallel {
				want = caseChainBlocks
			}
			if got := strings.Count(res.stderr, parallelBlockLog); got != want {
				t.Errorf("%d blocks executed in parallel, want %d", got, want)
			}
		})
	}
}

// TestAmsterdamCaseChainSidecars imports the Amsterdam case chain with a
// Type-1 sidecar made by balgen eip7928 from the blocks' own lists, executed
// sequentially with each --bal.fetch mode, and with a Type-4 sidecar from
// balgen offline, in parallel and sequentially. Every import must reach the
// manifest's head, and no listed slot may be read from the database: with
// Type 1 and --bal.fetch trie, the slots a contract created in the block
// writes have no trie to be read from and are injected as zero.
func TestAmsterdamCaseChainSidecars(t *testing.T) {
	c := setupCaseChain(t, amsterdamCaseKind)
	dir := t.TempDir()
	keys := filepath.Join(dir, "eip7928.bal")
	mustRun(t, "balgen", "eip7928", "--in", c.chain, "--out", keys)
	prestate := filepath.Join(dir, "offline.bal")
	mustRun(t, "balgen", "offline", "--datadir", c.genesis, "--dump", c.chain, "--out", prestate, "--type", "4", "--geth", bin(t, "geth"))

	cases := []struct {
		sidecar  string
		typ      int
		parallel bool
		extra    []string
	}{
		{keys, 1, false, nil},
		{keys, 1, false, []string{"--bal.fetch", "before"}},
		{keys, 1, false, []string{"--bal.fetch", "beside"}},
		{prestate, 4, false, nil},
		{prestate, 3, true, nil},
		{prestate, 4, true, nil},
	}
	injected := 0
	for _, k := range cases {
		name := fmt.Sprintf("type %d, parallel %v %v", k.typ, k.parallel, k.extra)
		datadir := c.copyGenesis(t)
		args := append([]string{"--datadir", datadir}, c.flags...)
		args = append(args, "import", "--nocompaction", "--debug.logslowblock", "0", fmt.Sprintf("--bal.parallel=%v", k.parallel),
			"--bal.file", k.sidecar, "--bal.type", fmt.Sprint(k.typ))
		res := run(t, "geth", append(append(args, k.extra...), c.chain)...)
		if res.code != 0 {
			t.Fatalf("%s: import failed:\n%s", name, tail(res.stderr, 15))
		}
		if res := run(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", c.manifest); res.code != 0 {
			t.Fatalf("%s: head is not the manifest's:\n%s", name, tail(res.stdout+res.stderr, 10))
		}
		figs := balFiguresOf(t, res.stderr)
		if len(figs) != caseChainBlocks {
			t.Fatalf("%s: %d bal objects, want %d; %s", name, len(figs), caseChainBlocks, sidecarSummary(res.stdout))
		}
		for i, f := range figs {
			if f.Ignored != "" || f.Parallel != k.parallel {
				t.Errorf("%s: block %d: ignored %q, parallel %v", name, i+1, f.Ignored, f.Parallel)
			}
			if f.DBSlotReads != 0 {
				t.Errorf("%s: block %d: %d listed slots read from the database", name, i+1, f.DBSlotReads)
			}
			if k.typ == 1 && k.extra == nil {
				injected += f.SlotsInjected
			}
		}
	}
	// The chain creates contracts that write their slots in every block, so
	// the default Type-1 import must have injected some zero pre-values.
	if injected == 0 {
		t.Error("type 1 with --bal.fetch trie injected no slot of a contract created in its block")
	}
}
