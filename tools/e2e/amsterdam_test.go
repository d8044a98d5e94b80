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

	"statelab/core/balsidecar"
	"statelab/tools/internal/dumpmanifest"
)

// amsterdamDumpKey is the key of the Amsterdam dump in the harness's dumps.
const amsterdamDumpKey = "mpt-amsterdam"

// amsterdamDump returns an MPT dump made once per test binary with dumpgen
// --fork amsterdam, every workload one block on top of the population.
func amsterdamDump(t *testing.T) *dump {
	t.Helper()
	dir := filepath.Join(e2eScratch(t), amsterdamDumpKey)
	dumpsMu.Lock()
	defer dumpsMu.Unlock()
	if d, ok := dumps[amsterdamDumpKey]; ok {
		return d
	}
	d := &dump{dir: dir, manifest: filepath.Join(dir, dumpmanifest.FileName), genesis: filepath.Join(dir, "genesis.json")}
	mustRun(t, "dumpgen", "--trie", "mpt", "--fork", "amsterdam", "--entries", "2000", "--gas-target", "30000000", "--workload-blocks", "1", "--out", d.dir)
	m, err := dumpmanifest.Read(d.manifest)
	if err != nil {
		t.Fatal(err)
	}
	if m.Fork != "amsterdam" {
		t.Fatalf("%s: fork %q, want amsterdam", d.manifest, m.Fork)
	}
	d.files = m.Files
	if len(d.workloads()) == 0 {
		t.Fatalf("%s lists no workload", d.manifest)
	}
	dumps[amsterdamDumpKey] = d
	return d
}

// amsterdamImport is one way of importing an Amsterdam dump: a geth binary
// of STATELAB_BIN, the flags its init and every import get, those only the
// imports get, and whether it executes the blocks with upstream's BAL-driven
// parallel processor.
type amsterdamImport struct {
	name        string
	geth        string
	flags       []string
	importFlags []string
	parallel    bool
}

// amsterdamImports are the imports TestAmsterdamDumpImports runs, on MPT with
// the path scheme: both geths execute an Amsterdam block that carries its
// access list with the parallel processor, with one prefetching worker per
// CPU or 25 (--bal.prefetch-workers), and statelab's sequentially with
// --bal.parallel=false.
var amsterdamImports = []amsterdamImport{
	{name: "upstream", geth: "geth-upstream", flags: []string{"--state.scheme=path"}, parallel: true},
	{name: "statelab", geth: "geth", flags: []string{"--state.scheme=path"}, parallel: true},
	{name: "statelab-25-workers", geth: "geth", flags: []string{"--state.scheme=path"}, importFlags: []string{"--bal.prefetch-workers=25"}, parallel: true},
	{name: "statelab-sequential", geth: "geth", flags: []string{"--state.scheme=path"}, importFlags: []string{"--bal.parallel=false"}, parallel: false},
}

// parallelBlockLog is what core logs at debug level for every block the
// parallel processor executes.
const parallelBlockLog = "Parallel block execution"

// TestAmsterdamDumpImports imports an Amsterdam dump (every block carries
// its EIP-7928 access list, which geth checks against the list its own
// execution builds) with each of amsterdamImports: the population, then
// every workload, each head checked against the manifest, and every block
// executed by the parallel processor or none, as the case says.
func TestAmsterdamDumpImports(t *testing.T) {
	d := amsterdamDump(t)
	for _, c := range amsterdamImports {
		t.Run(c.name, func(t *testing.T) {
			datadir := t.TempDir()
			mustRun(t, c.geth, append(append([]string{"--datadir", datadir}, c.flags...), "init", d.genesis)...)
			for _, f := range d.files {
				args := append(append([]string{"--datadir", datadir}, c.flags...), "import", "--verbosity", "4", "--nocompaction")
				args = append(append(args, c.importFlags...), filepath.Join(d.dir, f.File))
				res := mustRun(t, c.geth, args...)
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", f.File)
				want := 0
				if c.parallel {
					want = int(f.LastBlock - f.FirstBlock + 1)
				}
				if got := strings.Count(res.stderr, parallelBlockLog); got != want {
					t.Errorf("%s: %d blocks executed in parallel, want %d", f.File, got, want)
				}
			}
		})
	}
}

// TestAmsterdamDumpWithSidecars imports every workload of an Amsterdam dump
// on statelab's geth with a BAL sidecar of each type, made by balgen offline
// from a datadir at the population head, executed in parallel and
// sequentially: every import must reach the manifest's head. In parallel, a
// Type-1 entry is ignored (the block's own list holds its keys) and Type-3
// and 4 values are injected beneath the list's reader; sequentially, every
// entry is applied as for a block without a list.
func TestAmsterdamDumpWithSidecars(t *testing.T) {
	d := amsterdamDump(t)
	flags := []string{"--state.scheme=path"}
	base := filepath.Join(t.TempDir(), "population")
	mustRun(t, "geth", append(append([]string{"--datadir", base}, flags...), "init", d.genesis)...)
	for _, f := range d.population() {
		mustRun(t, "geth", "--datadir", base, "import", "--nocompaction", f)
	}
	mustRun(t, "chaininfo", "verify", "--datadir", base, "--manifest", d.manifest)
	for _, w := range d.workloads() {
		t.Run(w.Workload, func(t *testing.T) {
			work := filepath.Join(d.dir, w.File)
			sidecar := filepath.Join(t.TempDir(), "work.bal")
			mustRun(t, "balgen", "offline", "--datadir", base, "--dump", work, "--out", sidecar, "--type", "4", "--geth", bin(t, "geth"))
			f, err := balsidecar.Load(sidecar)
			if err != nil {
				t.Fatal(err)
			}
			if blocks := w.LastBlock - w.FirstBlock + 1; uint64(len(f.Blocks)) != blocks {
				t.Fatalf("sidecar of %d blocks, want %d", len(f.Blocks), blocks)
			}
			for _, b := range f.Blocks {
				if len(b.Accounts) == 0 {
					t.Fatalf("sidecar entry of block %d lists no account", b.Number)
				}
			}
			blocks := int(w.LastBlock - w.FirstBlock + 1)
			for _, parallel := range []bool{true, false} {
				for _, typ := range []int{1, 3, 4} {
					datadir := copyDatadir(t, base)
					res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0",
						fmt.Sprintf("--bal.parallel=%v", parallel), "--bal.file", sidecar, "--bal.type", fmt.Sprint(typ), work)
					mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
					figures := balFiguresOf(t, res.stderr)
					if len(figures) != blocks {
						t.Fatalf("parallel %v, type %d: %d bal objects for %d blocks; %s", parallel, typ, len(figures), blocks, sidecarSummary(res.stdout))
					}
					for _, f := range figures {
						ignored := parallel && typ == 1
						if (f.Ignored != "") != ignored || (f.Parallel != (parallel && !ignored)) {
							t.Errorf("parallel %v, type %d: bal object ignored %q, parallel %v", parallel, typ, f.Ignored, f.Parallel)
						}
						if typ == 4 && f.DBSlotReads != 0 {
							t.Errorf("parallel %v, type 4: %d listed slots read from the database", parallel, f.DBSlotReads)
						}
					}
					if want := fmt.Sprintf("%d blocks executed with an entry", blocks); !(parallel && typ == 1) && !strings.Contains(res.stdout, want) {
						t.Errorf("parallel %v, type %d: summary %q, want %q", parallel, typ, sidecarSummary(res.stdout), want)
					}
				}
			}
		})
	}
}

// sidecarSummary returns the lines geth import prints about its sidecar.
func sidecarSummary(stdout string) string {
	var lines []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "BAL sidecar:") {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return "no sidecar summary"
	}
	return strings.Join(lines, " ")
}
