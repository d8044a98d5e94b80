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
	"strings"
	"testing"

	"statelab/tools/internal/dumpmanifest"
)

// TestRunErrors checks that bad command lines fail with an error naming what
// is wrong.
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "usage: chaininfo head|verify|files|persist [flags]"},
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"head"}, "--datadir is required"},
		{[]string{"head", "--datadir", dir}, "holds no chain database"},
		{[]string{"verify", "--datadir", dir}, "no manifest given"},
		{[]string{"files", "--manifest", dir + "/none.json"}, "no such file"},
		{[]string{"head", "--nope"}, "head: flag provided but not defined: -nope (see chaininfo head -h)"},
		{[]string{"persist", "--datadir", dir, "extra"}, "unexpected arguments [extra]"},
	} {
		var out strings.Builder
		err := newApp(&out).Run(append([]string{"chaininfo"}, tc.args...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("chaininfo %v: error %v, want %q", tc.args, err, tc.want)
		}
		if out.Len() > 0 {
			t.Errorf("chaininfo %v printed %q on error", tc.args, out.String())
		}
	}
}

// TestFiles lists a manifest's files, all of them and those of one role.
func TestFiles(t *testing.T) {
	m := &dumpmanifest.Manifest{Genesis: "genesis.json", Files: []dumpmanifest.File{
		{File: "population.rlp", Role: dumpmanifest.RolePopulation},
		{File: "workload_a.rlp", Role: dumpmanifest.RoleWorkload, Workload: "a"},
	}}
	path := filepath.Join(t.TempDir(), dumpmanifest.FileName)
	if err := m.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"files", "--manifest", path}, "population.rlp\nworkload_a.rlp\n"},
		{[]string{"files", "-manifest", path, "-role", "workload"}, "workload_a.rlp\n"},
	} {
		var out strings.Builder
		if err := newApp(&out).Run(append([]string{"chaininfo"}, tc.args...)); err != nil || out.String() != tc.want {
			t.Errorf("chaininfo %v: %q, %v; want %q", tc.args, out.String(), err, tc.want)
		}
	}
}
