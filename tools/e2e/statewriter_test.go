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
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// own checks accept them (geth db inspect with every key accounted for, see
// inspectAccounted, and snapshot verify-state on the MPT's flat state).
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
			inspectAccounted(t, datadir)
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

// genesisPlaced writes a dump whose population of entries is in the genesis
// (dumpgen --population genesis) and returns it.
func genesisPlaced(t *testing.T, trie string, entries int, flags ...string) *dump {
	t.Helper()
	d := &dump{dir: filepath.Join(t.TempDir(), "dump")}
	mustRun(t, "dumpgen", append([]string{"--trie", trie, "--population", "genesis", "--entries", fmt.Sprint(entries),
		"--gas-target", "30000000", "--workload-blocks", "1", "--out", d.dir}, flags...)...)
	d.manifest = filepath.Join(d.dir, "manifest.json")
	d.genesis = filepath.Join(d.dir, "genesis.json")
	d.files = manifestFiles(t, d.manifest)
	return d
}

// importWorkloads imports every workload of d into datadir, one file a
// geth import, and checks each head against the manifest.
func importWorkloads(t *testing.T, d *dump, datadir string, flags ...string) {
	t.Helper()
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
	for _, w := range d.workloads() {
		mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", filepath.Join(d.dir, w.File))...)
		mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
	}
}

// equivalenceEntriesFlag sets the population of TestGenesisPlacedDatadirs:
// 2x10^4 in the suite, 10^6 in the long mode (a genesis.json holds the whole
// alloc up to 2^20 entries).
var equivalenceEntriesFlag = flag.Int("equivalence.entries", 20000, "entries of the direct writer's equivalence test, TestGenesisPlacedDatadirs (the long mode: 1000000; at most 1048576)")

// TestGenesisPlacedDatadirs checks the direct writer against geth init on
// populations placed in the genesis (-equivalence.entries; dumpgen's shape
// and mainnet's on MPT): the datadirs dumpgen datadir writes for MPT and for the
// binary trie at every group depth have
// the genesis geth init makes of the whole-alloc genesis.json, geth's own
// checks accept them, and every workload imports on each, and on the geth
// init datadirs, to the manifest's head roots.
func TestGenesisPlacedDatadirs(t *testing.T) {
	entries := *equivalenceEntriesFlag
	if entries < 1 || entries > 1<<20 {
		t.Fatalf("-equivalence.entries %d: want 1 to %d (a genesis.json holds the whole alloc up to that)", entries, 1<<20)
	}
	type target struct {
		name  string
		dump  string // "mpt", "ubt", or the mainnet-shaped "mpt-mainnet"
		trie  string
		depth int // 0: MPT
		init  bool
	}
	targets := []target{{"mpt-init", "mpt", "mpt", 0, true}, {"mpt-direct", "mpt", "mpt", 0, false}, {"ubt-init-gd6", "ubt", "ubt", 6, true},
		{"mpt-mainnet-init", "mpt-mainnet", "mpt", 0, true}, {"mpt-mainnet-direct", "mpt-mainnet", "mpt", 0, false}}
	for depth := 1; depth <= 8; depth++ {
		targets = append(targets, target{fmt.Sprintf("ubt-direct-gd%d", depth), "ubt", "ubt", depth, false})
	}
	dumps := map[string]*dump{
		"mpt":         genesisPlaced(t, "mpt", entries),
		"ubt":         genesisPlaced(t, "ubt", entries),
		"mpt-mainnet": genesisPlaced(t, "mpt", entries, "--shape", "mainnet"),
	}
	for _, tc := range targets {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := dumps[tc.dump]
			m, err := dumpmanifest.Read(d.manifest)
			if err != nil {
				t.Fatal(err)
			}
			datadir := filepath.Join(t.TempDir(), "datadir")
			var flags []string
			if tc.depth != 0 {
				flags = append(flags, fmt.Sprintf("--bintrie.groupdepth=%d", tc.depth))
			}
			if tc.init {
				mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "init", d.genesis)...)
			} else {
				args := []string{"datadir", "--trie", tc.trie, "--entries", fmt.Sprint(m.Entries), "--seed", fmt.Sprint(*m.Seed),
					"--gas-target", fmt.Sprint(m.GasTarget), "--out", datadir}
				if m.Population.Shape != "" {
					args = append(args, "--shape", m.Population.Shape)
				}
				mustRun(t, "dumpgen", append(args, flags...)...)
				if tc.depth == 0 {
					mustRun(t, "geth", "--datadir", datadir, "snapshot", "verify-state")
				}
			}
			importWorkloads(t, d, datadir, flags...)
		})
	}
}

// TestDirectDatadirRefusals checks dumpgen datadir's refusals: each is a
// clear error before anything is written, and leaves the directory as it
// was.
func TestDirectDatadirRefusals(t *testing.T) {
	base := t.TempDir()
	existing := filepath.Join(base, "existing")
	if err := os.Mkdir(existing, 0o755); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(base, "foreign")
	if err := os.MkdirAll(foreign+".partial", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"exists", []string{"--trie", "mpt", "--entries", "100", "--out", existing}, []string{existing, "exists"}},
		{"no room", []string{"--trie", "mpt", "--entries", "4000000000", "--out", filepath.Join(base, "big")}, []string{"needs about", "GB free"}},
		{"foreign partial", []string{"--trie", "mpt", "--entries", "100", "--out", foreign}, []string{foreign + ".partial", "not a datadir this tool left"}},
		{"group depth on MPT", []string{"--trie", "mpt", "--entries", "100", "--bintrie.groupdepth", "6", "--out", filepath.Join(base, "gd")}, []string{"--bintrie.groupdepth", "binary trie"}},
		{"group depth 9", []string{"--trie", "ubt", "--entries", "100", "--bintrie.groupdepth", "9", "--out", filepath.Join(base, "gd9")}, []string{"group depth 9"}},
		{"block size", []string{"--trie", "mpt", "--entries", "100", "--db.blocksize", "3000", "--out", filepath.Join(base, "bs")}, []string{"block size 3000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadDir(base)
			mustFail(t, tc.want, "dumpgen", append([]string{"datadir"}, tc.args...)...)
			if after, _ := os.ReadDir(base); len(after) != len(before) {
				t.Fatalf("refused, yet %s went from %d to %d entries", base, len(before), len(after))
			}
		})
	}
}

// TestDirectDatadirInterrupted kills dumpgen datadir while it writes: no
// datadir is left, nor a database where geth would look for one, and the
// same command then writes the datadir, which geth verifies.
func TestDirectDatadirInterrupted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "datadir")
	args := []string{"datadir", "--trie", "mpt", "--entries", "1000000", "--out", dir}
	cmd := exec.Command(bin(t, "dumpgen"), args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(filepath.Join(dir+".partial", "chaindata.partial")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("dumpgen datadir did not start writing")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second)
	cmd.Process.Kill()
	if err := cmd.Wait(); err == nil {
		t.Fatal("dumpgen datadir finished before it was killed; kill it sooner")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("an interrupted write left %s: %v", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir+".partial", "geth", "chaindata")); !os.IsNotExist(err) {
		t.Fatalf("an interrupted write left a database where geth looks for one: %v", err)
	}
	mustRun(t, "dumpgen", args...)
	mustRun(t, "geth", "--datadir", dir, "snapshot", "verify-state")
}

// inspectAccounted runs geth db inspect on a datadir and fails the test when
// the inspector finds keys it does not know: a written datadir holds only
// what geth itself writes, on MPT and on the binary trie (whose flat state
// the inspector counts since patch triedb-pathdb-ubt-flat-state).
func inspectAccounted(t *testing.T, datadir string) {
	t.Helper()
	res := mustRun(t, "geth", "--datadir", datadir, "db", "inspect")
	if !strings.Contains(res.stdout, "Account snapshot") {
		t.Fatalf("geth db inspect %s printed no table:\n%s", datadir, tail(res.stdout, 20))
	}
	if strings.Contains(res.stderr, "unaccounted data") {
		t.Fatalf("geth db inspect %s: %s", datadir, tail(res.stderr, 20))
	}
}
