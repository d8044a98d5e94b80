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

import "testing"

// TestBadFlagValues gives geth import a bad value for each of statelab's
// flags that take one: every refusal is an error naming the flag, exit
// status 1, before the datadir is touched.
func TestBadFlagValues(t *testing.T) {
	d := generated(t, "ubt")
	datadir := t.TempDir()
	initImport(t, d, datadir, 6)
	before := treeDigest(t, datadir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bal.prefetch-workers", "-1"}, "invalid value -1 for flag --bal.prefetch-workers"},
		{[]string{"--bal.prefetch-workers", "1025"}, "invalid value 1025 for flag --bal.prefetch-workers"},
		{[]string{"--cache.prefetch-workers", "-1"}, "invalid value -1 for flag --cache.prefetch-workers"},
		{[]string{"--cache.prefetch-workers", "x"}, "cache.prefetch-workers"},
		{[]string{"--bal.workers", "2000"}, "invalid value 2000 for flag --bal.workers"},
		{[]string{"--rpc.telemetry", "--rpc.telemetry.level", "trie"}, `invalid --rpc.telemetry.level: unknown block tracing level "trie"`},
		{[]string{"--rpc.telemetry", "--rpc.telemetry.fetch-span-threshold", "-1ms"}, "invalid --rpc.telemetry.fetch-span-threshold -1ms"},
		{[]string{"--bal.file", "x.bal", "--bal.fetch", "later"}, `unknown BAL fetch mode "later"`},
		{[]string{"--bal.file", "x.bal", "--bal.warm", "after"}, `unknown BAL warm mode "after"`},
	} {
		args := append(append([]string{"--datadir", datadir, "import", "--nocompaction"}, c.args...), d.population()[0])
		mustFail(t, []string{c.want}, "geth", args...)
	}
	if after := treeDigest(t, datadir); after != before {
		t.Error("refused imports changed the datadir")
	}
}
