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
	"strings"
	"testing"

	"statelab/tools/bench/prepare"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

func TestABSideArgs(t *testing.T) {
	s := &ABSpec{GethArgs: []string{"--cache", "512"}, ArgsB: []string{"--rpc.telemetry"}}
	if got := s.sideArgs(0); strings.Join(got, " ") != "--cache 512" {
		t.Errorf("A args %q", got)
	}
	if got := s.sideArgs(1); strings.Join(got, " ") != "--cache 512 --rpc.telemetry" {
		t.Errorf("B args %q", got)
	}
	// The shared flags are not aliased between the sides.
	a := s.sideArgs(0)
	a[0] = "x"
	if s.GethArgs[0] != "--cache" {
		t.Error("sideArgs aliases GethArgs")
	}
}

// TestABSharedDatadir: a comparison of flags on one binary runs both sides on
// one prepared datadir; two binaries get one each.
func TestABSharedDatadir(t *testing.T) {
	w := &prepare.Workdir{Dir: t.TempDir()}
	m := &dumpmanifest.Manifest{Dir: "/dumps/mpt-20000"}
	dirs := func(s *ABSpec) (string, string) {
		bins := abBinaries(s)
		a := study.Config{Trie: statekind.MPT, Geth: bins[0]}
		b := study.Config{Trie: statekind.MPT, Geth: bins[1]}
		return w.PreparedDir(m, a), w.PreparedDir(m, b)
	}
	if a, b := dirs(&ABSpec{A: "/bin/geth", B: "/bin/../bin/geth"}); a != b {
		t.Errorf("one binary: datadirs %s and %s, want one", a, b)
	}
	if a, b := dirs(&ABSpec{A: "/bin/geth-upstream", B: "/bin/geth"}); a == b {
		t.Errorf("two binaries share datadir %s", a)
	}
}
