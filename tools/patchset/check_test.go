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

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck checks the fixture's patches alone, two at a time: they pass.
// A third patch that calls the first's new function without depending on it
// applies and compiles in the assembled tree, but not alone: check fails
// naming it, and the others' results are still printed whole.
func TestCheck(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	if err := f.ws.check("", 2); err != nil {
		t.Fatalf("check: %v\n%s", err, f.ws.log)
	}
	f.commit(testMessage("cmd/geth: call the feature", "cmd-geth-feature"), map[string]string{
		"core/uses.go": lgplHeader + "package core\n\n// Uses calls the feature.\nfunc Uses() error {\n\treturn feature()\n}\n",
	})
	if err := f.ws.export(); err != nil {
		t.Fatalf("export: %v\n%s", err, f.ws.log)
	}
	log := f.ws.log.(*strings.Builder)
	log.Reset()
	err := f.ws.check("", 2)
	if err == nil || !strings.Contains(err.Error(), "check failed: cmd-geth-feature") {
		t.Fatalf("check: %v, want a failure of cmd-geth-feature alone\n%s", err, log)
	}
	out := log.String()
	for _, want := range []string{"check: cmd-geth-feature: does not compile alone", "undefined: feature", "check core-feature: done in", "check core-genesis-feature: done in"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	if err := f.ws.check("nope", 1); err == nil || !strings.Contains(err.Error(), `no patch named "nope"`) {
		t.Errorf("unknown patch: %v", err)
	}
}

// TestCheckSlot checks that a worktree slot is made once and given back
// clean at the upstream commit, whatever a check left in it, and made anew
// after the tree is reassembled.
func TestCheckSlot(t *testing.T) {
	f := newFixture(t)
	f.twoPatches()
	dir, err := f.ws.checkSlot(1)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "core", "left.go"), "package core\n")
	writeFile(t, filepath.Join(dir, "core", "blockchain.go"), "package core\n")
	g := f.ws.git(dir)
	if _, err := g.run("add", "-A"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.runWith([]string{"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z"}, "", "commit", "-q", "-m", "left over"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "core", "untracked.go"), "package core\n")
	again, err := f.ws.checkSlot(1)
	if err != nil || again != dir {
		t.Fatalf("slot %s, %v; want %s again", again, err, dir)
	}
	upstream, _ := f.ws.git(f.ws.tree).line("rev-parse", "upstream")
	if head, _ := g.line("rev-parse", "HEAD"); head != upstream {
		t.Errorf("slot at %s, want upstream %s", head, upstream)
	}
	if dirty, err := g.dirty(); err != nil || dirty {
		t.Errorf("slot not clean: %v", err)
	}
	if blob, _ := os.ReadFile(filepath.Join(dir, "core", "blockchain.go")); string(blob) != upstreamFiles["core/blockchain.go"] {
		t.Errorf("core/blockchain.go not upstream's:\n%s", blob)
	}
	// A reassembled tree no longer knows the slot: it is made anew.
	if err := os.RemoveAll(f.ws.tree); err != nil {
		t.Fatal(err)
	}
	f.mustAssemble()
	if _, err := f.ws.checkSlot(1); err != nil {
		t.Fatalf("slot after reassembly: %v", err)
	}
	if head, _ := g.line("rev-parse", "HEAD"); head == "" {
		t.Error("slot has no HEAD after reassembly")
	}
}
