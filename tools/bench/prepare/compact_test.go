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

// fakePrepTools writes a geth and a chaininfo that log their arguments to
// calls and act like the real ones on the chain database's write-ahead log:
// import and persist leave a 2 MiB log, db compact empties it (or, with
// keepWAL, leaves it).
func fakePrepTools(t *testing.T, keepWAL bool) (geth, chaininfo, calls string) {
	t.Helper()
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	compact := `: > "$db/000002.log"`
	if keepWAL {
		compact = ":"
	}
	script := `#!/bin/sh
echo "$(basename "$0") $*" >> ` + calls + `
data=""
prev=""
for a in "$@"; do [ "$prev" = "--datadir" ] && data="$a"; prev="$a"; done
db="$data/geth/chaindata"
mkdir -p "$db"
case "$*" in
*"db compact"*) ` + compact + ` ;;
*import*|*persist*) head -c 2097152 /dev/zero > "$db/000002.log" ;;
esac
`
	geth = filepath.Join(dir, "geth")
	chaininfo = filepath.Join(dir, "chaininfo")
	for _, p := range []string{geth, chaininfo} {
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return geth, chaininfo, calls
}

func readCalls(t *testing.T, path string) []string {
	t.Helper()
	blob, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(blob)), "\n") {
		f := strings.Fields(line)
		out = append(out, f[0]+" "+f[1])
	}
	return out
}

func testManifest(t *testing.T) *dumpmanifest.Manifest {
	m := &dumpmanifest.Manifest{Trie: statekind.MPT, Genesis: "genesis.json", Dir: t.TempDir()}
	m.Files = append(m.Files, dumpmanifest.File{File: "population.rlp", Role: dumpmanifest.RolePopulation})
	return m
}

func TestPrepareDatadirCompacts(t *testing.T) {
	geth, chaininfo, calls := fakePrepTools(t, false)
	dir := filepath.Join(t.TempDir(), "prepared")
	if err := prepareDatadir(geth, chaininfo, dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf); err != nil {
		t.Fatal(err)
	}
	want := []string{"geth --datadir", "geth import", "chaininfo persist", "geth db"}
	if got := readCalls(t, calls); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("steps %q, want %q", got, want)
	}
	if n, err := walBytes(filepath.Join(dir, "datadir")); err != nil || n != 0 {
		t.Fatalf("write-ahead log after preparing: %d bytes (%v), want 0", n, err)
	}
	// Reuse runs nothing.
	os.Remove(calls)
	if err := prepareDatadir(geth, chaininfo, dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf); err != nil {
		t.Fatal(err)
	}
	if got := readCalls(t, calls); len(got) != 0 {
		t.Fatalf("reuse ran %q", got)
	}
}

// A datadir prepared before compaction existed is compacted on reuse, and one
// persisted anew is compacted again.
func TestPrepareDatadirCompactsOldDatadir(t *testing.T) {
	geth, chaininfo, calls := fakePrepTools(t, false)
	dir := filepath.Join(t.TempDir(), "prepared")
	if err := prepareDatadir(geth, "", dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, compactedMark))
	os.Remove(calls)
	if err := prepareDatadir(geth, "", dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf); err != nil {
		t.Fatal(err)
	}
	if got := readCalls(t, calls); strings.Join(got, ",") != "geth db" {
		t.Fatalf("reuse of an uncompacted datadir ran %q, want the compaction only", got)
	}
	os.Remove(calls)
	if err := prepareDatadir(geth, chaininfo, dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf); err != nil {
		t.Fatal(err)
	}
	if got := readCalls(t, calls); strings.Join(got, ",") != "chaininfo persist,geth db" {
		t.Fatalf("persisting a compacted datadir ran %q, want persist then compaction", got)
	}
}

func TestPrepareDatadirRefusesWALAfterCompact(t *testing.T) {
	geth, chaininfo, _ := fakePrepTools(t, true)
	dir := filepath.Join(t.TempDir(), "prepared")
	err := prepareDatadir(geth, chaininfo, dir, study.Config{Trie: statekind.MPT}, testManifest(t), t.Logf)
	if err == nil || !strings.Contains(err.Error(), "write-ahead log remain after geth db compact") || !strings.Contains(err.Error(), dir) {
		t.Fatalf("error %v, want one naming the datadir and the write-ahead log left", err)
	}
	if _, err := os.Stat(filepath.Join(dir, compactedMark)); err == nil {
		t.Fatal("datadir marked compacted although its log remained")
	}
}

// TestPrepareDatadirBlockSize checks that a configuration's block size is
// given to geth init, which records it, and to the population import.
func TestPrepareDatadirBlockSize(t *testing.T) {
	geth, chaininfo, calls := fakePrepTools(t, false)
	dir := filepath.Join(t.TempDir(), "prepared")
	c := study.Config{Trie: statekind.UBT, GroupDepth: 6, BlockSize: 16 << 10}
	m := testManifest(t)
	if err := prepareDatadir(geth, chaininfo, dir, c, m, t.Logf); err != nil {
		t.Fatal(err)
	}
	blob, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(blob)), "\n")
	for i, want := range []string{
		"geth --datadir " + filepath.Join(dir, "datadir") + " --bintrie.groupdepth=6 --db.blocksize=16KiB init " + m.GenesisPath(),
		"geth import --datadir " + filepath.Join(dir, "datadir") + " --db.blocksize=16KiB",
	} {
		if i >= len(lines) || !strings.HasPrefix(lines[i], want) {
			t.Errorf("call %d: %q, want it to start with %q", i, lines[i], want)
		}
	}
}
