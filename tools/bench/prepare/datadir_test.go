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

	"github.com/ethereum/go-ethereum/common"

	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// dumpManifest is a dumpgen manifest in dir whose population ends at the
// block with hash head, and whose workload has the given number of blocks.
func dumpManifest(dir string, head common.Hash, blocks uint64) *dumpmanifest.Manifest {
	return &dumpmanifest.Manifest{Trie: statekind.MPT, Entries: 1000, WorkloadBlocks: int(blocks), Dir: dir, Files: []dumpmanifest.File{
		{File: "population.rlp", Role: "population", FirstBlock: 1, LastBlock: 30, HeadHash: head},
		{File: "workload_a.rlp", Role: "workload", Workload: "a", FirstBlock: 31, LastBlock: 30 + blocks, HeadHash: common.HexToHash("0xff")},
	}}
}

// TestPreparedDirByPopulation: dumps that differ only in their workloads
// share a prepared datadir; another population, or another binary, gets its
// own; a fork's population is named by its fork; a chain without head
// hashes keys by its directory.
func TestPreparedDirByPopulation(t *testing.T) {
	w := &Workdir{Dir: "/w"}
	c := study.Config{Trie: statekind.MPT, Geth: study.Binary{Name: "statelab", Path: "/bin/geth"}}
	pop := common.HexToHash("0xac3e3a7380a9fab999167de04104d7fdc64a1cc021a09d0dc09325735de28041")
	short := w.PreparedDir(dumpManifest("/w/dumps/mpt-1000-150", pop, 150), c)
	long := w.PreparedDir(dumpManifest("/w/dumps/mpt-1000-300", pop, 300), c)
	if short != long {
		t.Errorf("one population, two workload lengths: %s and %s", short, long)
	}
	if want := "/w/datadirs/mpt-1000-popac3e3a7380a9/"; !strings.HasPrefix(short, want) {
		t.Errorf("prepared datadir %s, want it under %s", short, want)
	}
	if other := w.PreparedDir(dumpManifest("/w/dumps/mpt-1000-150", common.HexToHash("0x01"), 150), c); other == short {
		t.Errorf("two populations share %s", other)
	}
	c2 := c
	c2.Geth = study.Binary{Name: "upstream", Path: "/bin/geth-upstream"}
	if other := w.PreparedDir(dumpManifest("/w/dumps/mpt-1000-150", pop, 150), c2); other == short {
		t.Errorf("two binaries share %s", other)
	}
	// A fork's population is named by its fork too: its head hash alone
	// keeps it apart, the name says which it is.
	ams := dumpManifest("/w/dumps/mpt-amsterdam-1000-150", pop, 150)
	ams.Fork = "amsterdam"
	if got, want := w.PreparedDir(ams, c), "/w/datadirs/mpt-amsterdam-1000-popac3e3a7380a9/"; !strings.HasPrefix(got, want) {
		t.Errorf("Amsterdam prepared datadir %s, want it under %s", got, want)
	}
	if got, want := w.SidecarPath(ams, "a"), "/w/sidecars/mpt-amsterdam-1000-150/a.bal"; got != want {
		t.Errorf("Amsterdam sidecar %s, want %s", got, want)
	}
	user := &dumpmanifest.Manifest{Trie: statekind.MPT, Dir: "/data/export", Files: []dumpmanifest.File{{File: "pop.rlp", Role: "population", LastBlock: 9}}}
	if got := w.PreparedDir(user, c); got != filepath.Join("/w/datadirs/export", c.DatadirKey()) {
		t.Errorf("chain without head hashes: %s", got)
	}
}

// TestAdoptLegacyPrepared: a datadir prepared under the dump's name moves to
// the population's; an unfinished one, or one whose new place is taken, stays.
func TestAdoptLegacyPrepared(t *testing.T) {
	work := t.TempDir()
	w := &Workdir{Dir: work, Progress: t.Logf}
	c := study.Config{Trie: statekind.MPT, Geth: study.Binary{Name: "statelab", Path: "/bin/geth"}}
	m := dumpManifest(filepath.Join(work, "dumps", "mpt-1000-150"), common.HexToHash("0x0a"), 150)
	legacy := filepath.Join(work, "datadirs", "mpt-1000-150", c.DatadirKey())
	dir := w.PreparedDir(m, c)

	// An import that did not finish is not adopted.
	putFile(t, filepath.Join(legacy, "datadir", "CURRENT"), "x")
	if err := w.adoptLegacyPrepared(m, c); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("unfinished legacy datadir adopted: %v", err)
	}
	// A finished one is moved, with its contents, and its empty parent goes.
	putFile(t, filepath.Join(legacy, preparedMark), "")
	if err := w.adoptLegacyPrepared(m, c); err != nil {
		t.Fatal(err)
	}
	if blob, err := os.ReadFile(filepath.Join(dir, "datadir", "CURRENT")); err != nil || string(blob) != "x" {
		t.Fatalf("adopted datadir: %q %v", blob, err)
	}
	if _, err := os.Stat(filepath.Dir(legacy)); !os.IsNotExist(err) {
		t.Errorf("legacy folder left behind: %v", err)
	}
	// A new place that is taken is kept; the legacy datadir is left alone.
	putFile(t, filepath.Join(legacy, preparedMark), "")
	if err := w.adoptLegacyPrepared(m, c); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(legacy, preparedMark)); err != nil {
		t.Errorf("legacy datadir touched although the new place was taken: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "datadir", "CURRENT")); err != nil {
		t.Errorf("prepared datadir lost: %v", err)
	}
}

// putFile writes a file, making its folders.
func putFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestJournalBytes(t *testing.T) {
	dir := t.TempDir()
	if n := JournalBytes(dir); n != 0 {
		t.Errorf("datadir without a journal: %d bytes", n)
	}
	triedb := filepath.Join(dir, "geth", "triedb")
	if err := os.MkdirAll(triedb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(triedb, "verkle.journal"), make([]byte, 1234), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := JournalBytes(dir); n != 1234 {
		t.Errorf("journal of %d bytes, want 1234", n)
	}
}
