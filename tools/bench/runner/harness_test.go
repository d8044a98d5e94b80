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

package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/prepare"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// TestGroupDepthFlag checks that groupdepth_flag passes the group depth
// to a binary's binary-trie imports only, before the import command, and
// that a binary without it gets no such flag.
func TestGroupDepthFlag(t *testing.T) {
	dir := t.TempDir()
	for _, b := range []string{"geth", "geth-upstream"} {
		if err := os.WriteFile(filepath.Join(dir, b), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "study.toml")
	text := `
tries = ["mpt", "ubt"]
group_depths = [5]
workloads = ["erc20_approve"]
[[geth]]
name = "statelab"
path = "geth"
[[geth]]
name = "upstream"
path = "geth-upstream"
prepare = "statelab"
groupdepth_flag = true
[scale.smoke]
entries = 100
workload_blocks = 1
runs = 3
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := study.Load(path, metrics.Names())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ResolveBinaries(dir); err != nil {
		t.Fatal(err)
	}
	sc, _ := s.Scale("smoke")
	h := &harness{}
	var seen int
	for _, c := range s.Expand(sc) {
		args := strings.Join(importJob{Global: globalArgs(c), Args: h.configArgs(c, nil)}.importArgs(), " ")
		want := c.Geth.Name == "upstream" && c.Trie == statekind.UBT
		if want {
			seen++
		}
		if got := strings.HasPrefix(args, "--bintrie.groupdepth=5 import "); got != want || (!want && strings.Contains(args, "groupdepth")) {
			t.Errorf("%s: args %q", c.Label(), args)
		}
	}
	if seen == 0 {
		t.Fatal("no binary-trie configuration of upstream")
	}
}

// TestConfigArgsBAL checks the import flags of BAL configurations: the
// workload's Type-4 sidecar in the work directory and the type as a number.
func TestConfigArgsBAL(t *testing.T) {
	h := &harness{work: &prepare.Workdir{Dir: "/w"}}
	m := &dumpmanifest.Manifest{Dir: "/w/dumps/mpt-100-2"}
	got := h.configArgs(study.Config{Trie: statekind.MPT, Workload: "erc20_approve", BAL: "type3", Telemetry: "phase"}, m)
	want := []string{"--bal.file", filepath.Join("/w", "sidecars", "mpt-100-2", "erc20_approve.bal"), "--bal.type", "3",
		"--rpc.telemetry", "--rpc.telemetry.level=phase"}
	if !slices.Equal(got, want) {
		t.Errorf("args %q, want %q", got, want)
	}
	if got := h.configArgs(study.Config{Trie: statekind.MPT, Workload: "erc20_approve", BAL: "none"}, m); len(got) != 0 {
		t.Errorf("no BAL, no telemetry: args %q", got)
	}
}

// TestConfigArgsBlockSize checks that every import of a configuration with a
// block size passes it, so that geth refuses a datadir of another size.
func TestConfigArgsBlockSize(t *testing.T) {
	h := &harness{work: &prepare.Workdir{Dir: "/w"}}
	m := &dumpmanifest.Manifest{Dir: "/w/dumps/ubt-100-2"}
	got := h.configArgs(study.Config{Trie: statekind.UBT, GroupDepth: 6, BlockSize: 8 << 10, Workload: "uniform_read", BAL: "type1"}, m)
	want := []string{"--db.blocksize=8KiB", "--bal.file", filepath.Join("/w", "sidecars", "ubt-100-2", "uniform_read.bal"), "--bal.type", "1"}
	if !slices.Equal(got, want) {
		t.Errorf("args %q, want %q", got, want)
	}
}
