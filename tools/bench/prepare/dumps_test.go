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
	"testing"

	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
)

// fakeDumpgen writes a dumpgen that logs its calls to calls and writes to
// its --out a manifest of an MPT dump of 100 entries and 2 workload blocks.
func fakeDumpgen(t *testing.T) (dumpgen, calls string) {
	t.Helper()
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	script := `#!/bin/sh
echo "$(basename "$0") $*" >> ` + calls + `
out=""
prev=""
for a in "$@"; do [ "$prev" = "--out" ] && out="$a"; prev="$a"; done
mkdir -p "$out"
printf '{"trie": "mpt", "entries": 100, "workload_blocks": 2, "genesis": "genesis.json", "files": [{"file": "population.rlp", "role": "population"}]}' > "$out/manifest.json"
`
	dumpgen = filepath.Join(dir, "dumpgen")
	if err := os.WriteFile(dumpgen, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dumpgen, calls
}

// TestEnsureDumpReuse checks that a dump of the scale is reused, and that
// one made under another fork (dumpgen --fork) or at another scale is made
// again.
func TestEnsureDumpReuse(t *testing.T) {
	sc := study.Scale{Entries: 100, WorkloadBlocks: 2}
	for _, c := range []struct {
		name     string
		existing *dumpmanifest.Manifest // nil: no dump
		dumpgen  bool                   // whether dumpgen must run
	}{
		{"missing", nil, true},
		{"matching", &dumpmanifest.Manifest{Trie: "mpt", Entries: 100, WorkloadBlocks: 2}, false},
		{"amsterdam", &dumpmanifest.Manifest{Trie: "mpt", Fork: "amsterdam", Entries: 100, WorkloadBlocks: 2}, true},
		{"other entries", &dumpmanifest.Manifest{Trie: "mpt", Entries: 99, WorkloadBlocks: 2}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dumpgen, calls := fakeDumpgen(t)
			work := t.TempDir()
			if c.existing != nil {
				c.existing.Genesis = "genesis.json"
				c.existing.Files = []dumpmanifest.File{{File: "population.rlp", Role: dumpmanifest.RolePopulation}}
				dir := dumpDir(work, "mpt", sc)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := c.existing.WriteFile(filepath.Join(dir, dumpmanifest.FileName)); err != nil {
					t.Fatal(err)
				}
			}
			m, err := ensureDump(dumpgen, work, "mpt", sc, t.Logf)
			if err != nil {
				t.Fatal(err)
			}
			if ran := len(readCalls(t, calls)) > 0; ran != c.dumpgen {
				t.Errorf("dumpgen ran: %v, want %v", ran, c.dumpgen)
			}
			if m.Fork != "" || m.Entries != 100 {
				t.Errorf("dump of fork %q, %d entries; want the default rules and 100", m.Fork, m.Entries)
			}
		})
	}
}
