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
	"path/filepath"
	"testing"
)

// importAll inits a datadir with the dump's genesis using the given geth, imports
// the population, then each workload, and checks every head against the manifest.
func importAll(t *testing.T, geth string, d *dump, flags ...string) {
	t.Helper()
	datadir := t.TempDir()
	mustRun(t, geth, append(append([]string{"--datadir", datadir}, flags...), "init", d.genesis)...)
	for _, f := range d.population() {
		mustRun(t, geth, append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", f)...)
	}
	mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
	if len(d.workloads()) == 0 {
		t.Fatalf("%s lists no workload", d.manifest)
	}
	for _, w := range d.workloads() {
		mustRun(t, geth, append(append([]string{"--datadir", datadir}, flags...), "import", "--nocompaction", filepath.Join(d.dir, w.File))...)
		mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
	}
}

// TestMPTDumpOnUpstreamGeth shows that dumpgen's MPT dumps are standard: unpatched
// upstream geth imports them, under both state schemes, to the manifest's roots.
func TestMPTDumpOnUpstreamGeth(t *testing.T) {
	d := generated(t, "mpt")
	for _, scheme := range []string{"path", "hash"} {
		t.Run(scheme, func(t *testing.T) {
			t.Parallel()
			importAll(t, "geth-upstream", d, "--state.scheme="+scheme)
		})
	}
}

// TestMPTDumpOnStatelabGeth imports the MPT dump with statelab's geth.
func TestMPTDumpOnStatelabGeth(t *testing.T) {
	importAll(t, "geth", generated(t, "mpt"))
}
