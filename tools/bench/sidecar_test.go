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
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"statelab/tools/bench/study"
)

// TestConfigArgsBAL checks the import flags of BAL configurations: the
// workload's Type-4 sidecar in the work directory and the type as a number.
func TestConfigArgsBAL(t *testing.T) {
	h := &harness{work: "/w"}
	m := &Manifest{Dir: "/w/dumps/mpt-100-2"}
	got := h.configArgs(study.Config{Trie: "mpt", Workload: "erc20_approve", BAL: "type3", Telemetry: "phase"}, m)
	want := []string{"--bal.file", filepath.Join("/w", "sidecars", "mpt-100-2", "erc20_approve.bal"), "--bal.type", "3",
		"--telemetry", "--telemetry.level=phase"}
	if !slices.Equal(got, want) {
		t.Errorf("args %q, want %q", got, want)
	}
	if got := h.configArgs(study.Config{Trie: "mpt", Workload: "erc20_approve", BAL: "none"}, m); len(got) != 0 {
		t.Errorf("no BAL, no telemetry: args %q", got)
	}
}

// TestPrepareSidecarsNeedsBalgen checks that a BAL study without balgen is
// refused with a message naming the study and the binary.
func TestPrepareSidecarsNeedsBalgen(t *testing.T) {
	sr := &studyRun{study: &study.Study{Path: "bal.toml"}, h: &harness{work: t.TempDir()}}
	configs := []study.Config{{Trie: "mpt", Workload: "erc20_approve", BAL: "none"}, {Trie: "mpt", Workload: "erc20_approve", BAL: "type1"}}
	err := sr.prepareSidecars(configs, map[string]*Manifest{"mpt": {Dir: "d"}})
	if err == nil || !strings.Contains(err.Error(), "bal.toml") || !strings.Contains(err.Error(), "balgen") || !strings.Contains(err.Error(), "type1") {
		t.Errorf("error %v, want one naming the study, balgen and the type", err)
	}
	if err := sr.prepareSidecars(configs[:1], nil); err != nil {
		t.Errorf("study without BAL: %v", err)
	}
}
