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
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// initImport inits a datadir with the dump's genesis and imports its population at
// the given group depth (0: no flag).
func initImport(t *testing.T, d *dump, datadir string, depth int) {
	t.Helper()
	var flags []string
	if depth != 0 {
		flags = []string{fmt.Sprintf("--bintrie.groupdepth=%d", depth)}
	}
	mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "init", d.genesis)...)
	for _, f := range d.population() {
		mustRun(t, "geth", append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", f)...)
	}
}

// TestSameHeadRootAtEveryGroupDepth imports one UBT dump at group depths 1 to 8:
// the population, then each workload (each branches off the population head).
// Every import must reach the manifest's head block and state root.
func TestSameHeadRootAtEveryGroupDepth(t *testing.T) {
	d := generated(t, "ubt")
	if len(d.workloads()) == 0 {
		t.Fatalf("%s lists no workload", d.manifest)
	}
	for depth := 1; depth <= 8; depth++ {
		t.Run(fmt.Sprintf("gd-%d", depth), func(t *testing.T) {
			t.Parallel()
			datadir := t.TempDir()
			initImport(t, d, datadir, depth)
			res := mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
			if want := fmt.Sprintf("(group depth %d)", depth); !strings.Contains(res.stdout, want) {
				t.Errorf("datadir does not record group depth %d: %s", depth, res.stdout)
			}
			flag := fmt.Sprintf("--bintrie.groupdepth=%d", depth)
			for _, w := range d.workloads() {
				mustRun(t, "geth", "--datadir", datadir, flag, "import", "--nocompaction", filepath.Join(d.dir, w.File))
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
			}
		})
	}
}

// TestOtherGroupDepthRefused checks that a datadir made at GD-6 refuses another
// depth, names both depths and the datadir, and stays as it was.
func TestOtherGroupDepthRefused(t *testing.T) {
	d := generated(t, "ubt")
	datadir := t.TempDir()
	initImport(t, d, datadir, 6)
	before := mustRun(t, "chaininfo", "head", "--datadir", datadir).stdout
	want := []string{datadir, "--bintrie.groupdepth=6", "--bintrie.groupdepth=3"}
	for _, args := range [][]string{
		{"import", "--nocompaction", d.population()[0]},
		{"import", d.population()[0]},
		{"init", d.genesis},
	} {
		mustFail(t, want, "geth", append([]string{"--datadir", datadir, "--bintrie.groupdepth=3"}, args...)...)
	}
	if after := mustRun(t, "chaininfo", "head", "--datadir", datadir).stdout; after != before {
		t.Fatalf("refused runs changed the datadir:\nbefore %s\nafter %s", before, after)
	}
	// Without the flag the recorded depth is used.
	mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", d.population()[0])
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
}

// TestBadGroupDepthValues checks that values outside 1..8 and non-numbers are
// refused cleanly and leave both a new and an existing datadir untouched.
func TestBadGroupDepthValues(t *testing.T) {
	d := generated(t, "ubt")
	existing := t.TempDir()
	initImport(t, d, existing, 6)
	before := mustRun(t, "chaininfo", "head", "--datadir", existing).stdout
	for _, value := range []string{"0", "9", "-1", "x"} {
		fresh := filepath.Join(t.TempDir(), "fresh")
		mustFail(t, []string{"bintrie.groupdepth"}, "geth", "--datadir", fresh, "--bintrie.groupdepth="+value, "init", d.genesis)
		if _, err := os.Stat(fresh); !os.IsNotExist(err) {
			t.Errorf("--bintrie.groupdepth=%s created the datadir", value)
		}
		mustFail(t, []string{"bintrie.groupdepth"}, "geth", "--datadir", existing, "--bintrie.groupdepth="+value, "import", "--nocompaction", d.population()[0])
	}
	if after := mustRun(t, "chaininfo", "head", "--datadir", existing).stdout; after != before {
		t.Fatalf("refused runs changed the datadir:\nbefore %s\nafter %s", before, after)
	}
}

// TestFailedImportExitsNonZero imports the UBT population into a datadir of
// another chain (the MPT dump's genesis): every block has an unknown ancestor.
func TestFailedImportExitsNonZero(t *testing.T) {
	ubt, mpt := generated(t, "ubt"), generated(t, "mpt")
	datadir := t.TempDir()
	mustRun(t, "geth", "--datadir", datadir, "init", mpt.genesis)
	for _, extra := range [][]string{nil, {"--nocompaction"}} {
		args := append(append([]string{"--datadir", datadir, "import"}, extra...), ubt.population()[0])
		mustFail(t, []string{ubt.population()[0]}, "geth", args...)
	}
}

// TestMPTDumpIgnoresGroupDepth imports the MPT dump with the flag given: it must
// be accepted with a warning and reach the manifest's head.
func TestMPTDumpIgnoresGroupDepth(t *testing.T) {
	d := generated(t, "mpt")
	datadir := t.TempDir()
	res := mustRun(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "init", d.genesis)
	if !strings.Contains(res.stderr, "Ignoring --bintrie.groupdepth") {
		t.Errorf("no warning that the flag has no effect on an MPT datadir:\n%s", tail(res.stderr, 10))
	}
	for _, f := range d.population() {
		mustRun(t, "geth", "--datadir", datadir, "--bintrie.groupdepth=6", "import", "--nocompaction", f)
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
}
