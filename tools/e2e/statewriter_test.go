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
	"testing"

	"github.com/ethereum/go-ethereum/core"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statewriter"
)

// writeDirectGenesis writes the state of the dump's genesis into a new datadir
// with statewriter, in place of geth init, and returns the datadir.
func writeDirectGenesis(t *testing.T, d *dump, depth, blockSize int) string {
	t.Helper()
	blob, err := os.ReadFile(d.genesis)
	if err != nil {
		t.Fatal(err)
	}
	genesis := new(core.Genesis)
	if err := json.Unmarshal(blob, genesis); err != nil {
		t.Fatalf("%s: %v", d.genesis, err)
	}
	accounts, err := statewriter.AccountsOf(genesis.Alloc)
	if err != nil {
		t.Fatal(err)
	}
	genesis.Alloc = nil
	datadir := filepath.Join(t.TempDir(), "direct")
	block, err := statewriter.Write(datadir, statewriter.Config{Genesis: genesis, GroupDepth: depth, BlockSize: blockSize}, statewriter.FromAccounts(accounts))
	if err != nil {
		t.Fatal(err)
	}
	m, err := dumpmanifest.Read(d.manifest)
	if err != nil {
		t.Fatal(err)
	}
	if block.Hash() != m.GenesisHash {
		t.Fatalf("direct genesis %x, the dump's (geth init's) %x", block.Hash(), m.GenesisHash)
	}
	return datadir
}

// TestDirectDatadirImports writes dumps' genesis states straight into
// datadirs (the binary trie at group depths 1, 6 and 8, the MPT at two
// block sizes, an Amsterdam chain with its system contracts) and checks
// that geth takes them for the chain geth init starts: the population and
// every workload import onto them to the manifest's head roots, and geth's
// own checks accept them (snapshot verify-state on the MPT's flat state).
func TestDirectDatadirImports(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dump      func(t *testing.T) *dump
		depth     int
		blockSize int
	}{
		{"mpt", func(t *testing.T) *dump { return generated(t, "mpt") }, 0, 0},
		{"mpt-16KiB", func(t *testing.T) *dump { return generated(t, "mpt") }, 0, 16 << 10},
		{"amsterdam", amsterdamDump, 0, 0},
		{"ubt-gd1", func(t *testing.T) *dump { return generated(t, "ubt") }, 1, 0},
		{"ubt-gd6", func(t *testing.T) *dump { return generated(t, "ubt") }, 6, 0},
		{"ubt-gd8", func(t *testing.T) *dump { return generated(t, "ubt") }, 8, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.dump(t)
			t.Parallel()
			datadir := writeDirectGenesis(t, d, tc.depth, tc.blockSize)
			if tc.depth == 0 {
				mustRun(t, "geth", "--datadir", datadir, "snapshot", "verify-state")
			}
			var flags []string
			if tc.depth != 0 {
				flags = append(flags, fmt.Sprintf("--bintrie.groupdepth=%d", tc.depth))
			}
			if tc.blockSize != 0 {
				flags = append(flags, fmt.Sprintf("--db.blocksize=%d", tc.blockSize))
			}
			for _, f := range d.population() {
				mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", f)...)
			}
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
			for _, w := range d.workloads() {
				mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", filepath.Join(d.dir, w.File))...)
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
			}
		})
	}
}

// TestDirectDatadirBlockSizeRecorded checks that geth reads the block size a
// direct datadir records: another --db.blocksize is refused, naming both.
func TestDirectDatadirBlockSizeRecorded(t *testing.T) {
	d := generated(t, "mpt")
	datadir := writeDirectGenesis(t, d, 0, 16<<10)
	mustFail(t, []string{"--db.blocksize=16KiB", "--db.blocksize=8KiB"}, "geth", "--datadir", datadir, "--db.blocksize=8KiB", "import", "--nocompaction", d.population()[0])
}
