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

package prepare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// fakeDumpgen writes a dumpgen that logs its calls to calls and writes to
// its --out a manifest of an MPT dump of 100 entries and 2 workload blocks,
// under the rules of its --fork if given.
func fakeDumpgen(t *testing.T) (dumpgen, calls string) {
	t.Helper()
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	script := `#!/bin/sh
echo "$(basename "$0") $*" >> ` + calls + `
out=""
fork=""
prev=""
for a in "$@"; do
	[ "$prev" = "--out" ] && out="$a"
	[ "$prev" = "--fork" ] && fork="$a"
	prev="$a"
done
mkdir -p "$out"
printf '{"trie": "mpt", "fork": "%s", "entries": 100, "workload_blocks": 2, "genesis": "genesis.json", "files": [{"file": "population.rlp", "role": "population"}]}' "$fork" > "$out/manifest.json"
`
	dumpgen = filepath.Join(dir, "dumpgen")
	if err := os.WriteFile(dumpgen, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dumpgen, calls
}

// TestDumpDir checks the names of dumps in the work directory: a dump whose
// population is made by blocks keeps its name (every existing dump would be
// made again), a fork's dump is named by its fork, apart from the default's,
// and one whose population is in the genesis, bench's default, by that.
func TestDumpDir(t *testing.T) {
	for _, tt := range []struct {
		fork study.Fork
		sc   study.Scale
		want string
	}{
		{study.ForkDefault, study.Scale{Entries: 100000, WorkloadBlocks: 2, Population: "blocks"}, "/w/dumps/mpt-100000-2"},
		{study.ForkDefault, study.Scale{Entries: 10000000, WorkloadBlocks: 150, WorkloadGas: 5000000, Population: "blocks"}, "/w/dumps/mpt-10000000-150-gas5000000"},
		{study.ForkAmsterdam, study.Scale{Entries: 100000, WorkloadBlocks: 2, Population: "blocks"}, "/w/dumps/mpt-amsterdam-100000-2"},
		{study.ForkAmsterdam, study.Scale{Entries: 10000000, WorkloadBlocks: 150, WorkloadGas: 5000000, Population: "blocks"}, "/w/dumps/mpt-amsterdam-10000000-150-gas5000000"},
		{study.ForkDefault, study.Scale{Entries: 100000, WorkloadBlocks: 2}, "/w/dumps/mpt-100000-2-genesis"},
		{study.ForkAmsterdam, study.Scale{Entries: 100000, WorkloadBlocks: 2, Population: "genesis"}, "/w/dumps/mpt-amsterdam-100000-2-genesis"},
		{study.ForkDefault, study.Scale{Entries: 100000, WorkloadBlocks: 2, Shape: "mainnet"}, "/w/dumps/mpt-100000-2-genesis-mainnet"},
	} {
		if got := dumpDir("/w", statekind.MPT, tt.fork, nil, tt.sc); got != tt.want {
			t.Errorf("dumpDir(fork %q, %+v) = %s, want %s", tt.fork, tt.sc, got, tt.want)
		}
	}
}

// TestEnsureDumpReuse checks that a dump of the scale and of the study's
// fork is reused, and that one made under another fork, at another scale or
// with its population placed elsewhere is made again, with dumpgen --fork
// for a fork's dump and --population genesis for a population in the
// genesis.
func TestEnsureDumpReuse(t *testing.T) {
	blocks := study.Scale{Entries: 100, WorkloadBlocks: 2, Population: "blocks"}
	genesis := study.Scale{Entries: 100, WorkloadBlocks: 2}
	placed := &dumpmanifest.Population{Placement: dumpmanifest.PlacementGenesis}
	mainnet := study.Scale{Entries: 100, WorkloadBlocks: 2, Shape: study.ShapeMainnet}
	mainnetPlaced := &dumpmanifest.Population{Placement: dumpmanifest.PlacementGenesis, Shape: study.ShapeMainnet}
	for _, c := range []struct {
		name     string
		fork     study.Fork             // the study's
		sc       study.Scale            // the study's, blocks if zero
		existing *dumpmanifest.Manifest // in the study's dump directory; nil: no dump
		dumpgen  bool                   // whether dumpgen must run
	}{
		{"genesis missing", study.ForkDefault, genesis, nil, true},
		{"genesis matching", study.ForkDefault, genesis, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2, Population: placed}, false},
		{"blocks for genesis", study.ForkDefault, genesis, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2}, true},
		{"genesis for blocks", study.ForkDefault, blocks, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2, Population: placed}, true},
		{"dumpgen shape for mainnet", study.ForkDefault, mainnet, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2, Population: placed}, true},
		{"mainnet matching", study.ForkDefault, mainnet, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2, Population: mainnetPlaced}, false},
		{"missing", study.ForkDefault, study.Scale{}, nil, true},
		{"matching", study.ForkDefault, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2}, false},
		{"amsterdam for default", study.ForkDefault, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Fork: "amsterdam", Entries: 100, WorkloadBlocks: 2}, true},
		{"other entries", study.ForkDefault, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 99, WorkloadBlocks: 2}, true},
		{"amsterdam missing", study.ForkAmsterdam, study.Scale{}, nil, true},
		{"amsterdam matching", study.ForkAmsterdam, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Fork: "amsterdam", Entries: 100, WorkloadBlocks: 2}, false},
		{"default for amsterdam", study.ForkAmsterdam, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 100, WorkloadBlocks: 2}, true},
		{"amsterdam other blocks", study.ForkAmsterdam, study.Scale{}, &dumpmanifest.Manifest{Trie: statekind.MPT, Fork: "amsterdam", Entries: 100, WorkloadBlocks: 3}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := c.sc
			if sc.Entries == 0 {
				sc = blocks
			}
			dumpgen, calls := fakeDumpgen(t)
			work := t.TempDir()
			if c.existing != nil {
				c.existing.Genesis = "genesis.json"
				c.existing.Files = []dumpmanifest.File{{File: "population.rlp", Role: dumpmanifest.RolePopulation}}
				dir := dumpDir(work, statekind.MPT, c.fork, nil, sc)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := c.existing.WriteFile(filepath.Join(dir, dumpmanifest.FileName)); err != nil {
					t.Fatal(err)
				}
			}
			m, err := ensureDump(dumpgen, work, statekind.MPT, c.fork, nil, sc, t.Logf)
			if err != nil {
				t.Fatal(err)
			}
			ran := readArgs(t, calls)
			if (len(ran) > 0) != c.dumpgen {
				t.Fatalf("dumpgen ran %d times, want it to run: %v", len(ran), c.dumpgen)
			}
			if len(ran) > 0 {
				forkArg := strings.Contains(ran[0], "--fork amsterdam")
				if forkArg != (c.fork == study.ForkAmsterdam) {
					t.Errorf("dumpgen called as %q for fork %q", ran[0], c.fork)
				}
				if placed := strings.Contains(ran[0], "--population genesis"); placed != sc.GenesisPlaced() {
					t.Errorf("dumpgen called as %q for population %q", ran[0], sc.Population)
				}
				if shaped := strings.Contains(ran[0], "--shape mainnet"); shaped != sc.MainnetShaped() {
					t.Errorf("dumpgen called as %q for shape %q", ran[0], sc.Shape)
				}
			}
			if m.Fork != string(c.fork) || m.Entries != 100 || m.WorkloadBlocks != 2 {
				t.Errorf("dump of fork %q, %d entries, %d blocks; want fork %q, 100 and 2", m.Fork, m.Entries, m.WorkloadBlocks, c.fork)
			}
			if want := dumpDir(work, statekind.MPT, c.fork, nil, sc); m.Dir != want {
				t.Errorf("dump in %s, want %s", m.Dir, want)
			}
		})
	}
}

// readArgs returns the command lines the fake dumpgen logged, one a call.
func readArgs(t *testing.T, path string) []string {
	t.Helper()
	blob, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(blob)), "\n")
}
