// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.
package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
)

// readRecordedGroupDepth opens the chain database of a stopped geth read-only and
// returns the binary trie group depth recorded in it.
func readRecordedGroupDepth(t *testing.T, datadir string) int {
	t.Helper()
	var (
		depth int
		ok    bool
	)
	withChainDB(t, datadir, func(db ethdb.Database) { depth, ok = rawdb.ReadBinTrieGroupDepth(db) })
	if !ok {
		t.Fatal("no binary trie group depth recorded in", datadir)
	}
	return depth
}

// expectGethRefusal runs geth, expects a non-zero exit and an error that
// contains every one of want, and no panic trace.
func expectGethRefusal(t *testing.T, want []string, args ...string) {
	t.Helper()
	geth := runGeth(t, args...)
	geth.WaitExit()
	stderr := geth.StderrText()
	if geth.ExitStatus() == 0 {
		t.Fatalf("geth %s: exit status 0, want a refusal", strings.Join(args, " "))
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("geth %s: error does not contain %q:\n%s", strings.Join(args, " "), w, stderr)
		}
	}
	if strings.Contains(stderr, "goroutine ") {
		t.Errorf("panic trace:\n%s", stderr)
	}
}

// TestBinTrieGroupDepthRecorded checks that a binary trie datadir remembers its
// group depth: later runs without the flag use it, and runs with another depth
// are refused without changing the datadir.
func TestBinTrieGroupDepthRecorded(t *testing.T) {
	t.Parallel()
	var (
		dir     = t.TempDir()
		chain   = newUBTTestChain(t, dir, 6)
		first   = filepath.Join(dir, "first.rlp")
		second  = filepath.Join(dir, "second.rlp")
		datadir = t.TempDir()
	)
	writeBlockStream(t, first, chain.chain[:3])
	writeBlockStream(t, second, chain.chain[3:])

	runGethOK(t, "--datadir", datadir, "--bintrie.groupdepth=6", "init", chain.genesis)
	if depth := readRecordedGroupDepth(t, datadir); depth != 6 {
		t.Fatalf("recorded group depth %d, want 6", depth)
	}
	runGethOK(t, "--datadir", datadir, "--bintrie.groupdepth=6", "import", "--nocompaction", first)

	// Another depth is refused, with both depths and the datadir named.
	want := []string{datadir, "--bintrie.groupdepth=6", "--bintrie.groupdepth=3"}
	expectGethRefusal(t, want, "--datadir", datadir, "--bintrie.groupdepth=3", "import", "--nocompaction", second)
	expectGethRefusal(t, want, "--datadir", datadir, "--bintrie.groupdepth=3", "import", second)
	expectGethRefusal(t, want, "--datadir", datadir, "--bintrie.groupdepth=3", "init", chain.genesis)
	if head := readChainHead(t, datadir); head.Hash() != chain.chain[2].Hash() {
		t.Fatalf("refused import moved the head to %d", head.Number)
	}
	if depth := readRecordedGroupDepth(t, datadir); depth != 6 {
		t.Fatalf("refused run changed the recorded group depth to %d", depth)
	}

	// Without the flag, the recorded depth is used.
	runGethOK(t, "--datadir", datadir, "import", "--nocompaction", second)
	if head := readChainHead(t, datadir); head.Hash() != chain.head.Hash() || head.Root != chain.head.Root() {
		t.Fatalf("head %d %x, want %d %x", head.Number, head.Hash(), chain.head.Number(), chain.head.Hash())
	}
}

// TestBinTrieGroupDepthDefaultRecorded checks that a datadir created without the
// flag records the default depth and refuses any other.
func TestBinTrieGroupDepthDefaultRecorded(t *testing.T) {
	t.Parallel()
	var (
		chain   = newUBTTestChain(t, t.TempDir(), 2)
		datadir = t.TempDir()
	)
	runGethOK(t, "--datadir", datadir, "init", chain.genesis)
	if depth := readRecordedGroupDepth(t, datadir); depth != 5 {
		t.Fatalf("recorded group depth %d, want the default 5", depth)
	}
	expectGethRefusal(t, []string{"--bintrie.groupdepth=5", "--bintrie.groupdepth=8"},
		"--datadir", datadir, "--bintrie.groupdepth=8", "import", chain.blocks)
	runGethOK(t, "--datadir", datadir, "--bintrie.groupdepth=5", "import", chain.blocks)
}

// TestBinTrieGroupDepthIgnoredOnMPT checks that the flag is accepted with a
// warning on a Merkle-Patricia trie datadir.
func TestBinTrieGroupDepthIgnoredOnMPT(t *testing.T) {
	t.Parallel()
	datadir := t.TempDir()
	for _, args := range [][]string{
		{"--datadir", datadir, "--bintrie.groupdepth=3", "init", "./testdata/clique.json"},
		{"--datadir", datadir, "--bintrie.groupdepth=7", "export", filepath.Join(datadir, "out.rlp")},
	} {
		geth := runGeth(t, args...)
		geth.WaitExit()
		if geth.ExitStatus() != 0 {
			t.Fatalf("geth %s: exit status %d\n%s", strings.Join(args, " "), geth.ExitStatus(), geth.StderrText())
		}
		if !strings.Contains(geth.StderrText(), "Ignoring --bintrie.groupdepth") {
			t.Errorf("geth %s: no warning that the flag has no effect:\n%s", strings.Join(args, " "), geth.StderrText())
		}
	}
}
