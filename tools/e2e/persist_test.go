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
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
)

// persistOutput is chaininfo persist's JSON.
type persistOutput struct {
	Head struct {
		Number uint64 `json:"number"`
		Root   string `json:"state_root"`
	} `json:"head"`
	Scheme        string `json:"scheme"`
	JournalBefore int64  `json:"journal_bytes_before"`
	JournalAfter  int64  `json:"journal_bytes_after"`
}

// TestPersistJournaledState checks chaininfo persist on the path scheme (MPT,
// and the binary trie at GD-6) and the hash scheme: after the population
// import, the state sits in geth's journal; persist writes it to disk and
// leaves a journal without it, the head stays where it was, and every
// workload still imports to the manifest's root.
func TestPersistJournaledState(t *testing.T) {
	for _, tc := range []struct {
		trie   string
		flags  []string
		scheme string
	}{
		{"mpt", nil, "path"},
		{"ubt", []string{"--bintrie.groupdepth=6"}, "path"},
		{"mpt", []string{"--state.scheme=hash"}, "hash"},
	} {
		t.Run(fmt.Sprintf("%s-%s", tc.trie, tc.scheme), func(t *testing.T) {
			t.Parallel()
			d := generated(t, tc.trie)
			datadir := t.TempDir()
			mustRun(t, "geth", append(append([]string{"--datadir", datadir}, tc.flags...), "init", d.genesis)...)
			for _, f := range d.population() {
				mustRun(t, "geth", append(append([]string{"--datadir", datadir}, tc.flags...), "import", "--nocompaction", f)...)
			}
			res := mustRun(t, "chaininfo", "persist", "--datadir", datadir)
			var out persistOutput
			if err := json.Unmarshal([]byte(res.stdout), &out); err != nil {
				t.Fatalf("chaininfo persist output %q: %v", res.stdout, err)
			}
			if out.Scheme != tc.scheme {
				t.Errorf("scheme %q, want %q", out.Scheme, tc.scheme)
			}
			if tc.scheme == "path" {
				// The journal held the population's state layers; afterwards
				// it holds an empty disk layer (root, id, two empty sets).
				if out.JournalBefore < 10_000 || out.JournalAfter > 1_000 {
					t.Errorf("journal %d bytes before, %d after: want the state out of it", out.JournalBefore, out.JournalAfter)
				}
			} else if out.JournalBefore != 0 || out.JournalAfter != 0 {
				t.Errorf("hash scheme: journal %d / %d bytes, want none", out.JournalBefore, out.JournalAfter)
			}
			mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest)
			// Persisting twice is harmless.
			mustRun(t, "chaininfo", "persist", "--datadir", datadir)
			for _, w := range d.workloads() {
				mustRun(t, "geth", append(append([]string{"--datadir", datadir}, tc.flags...), "import", "--nocompaction", filepath.Join(d.dir, w.File))...)
				mustRun(t, "chaininfo", "verify", "--datadir", datadir, "--manifest", d.manifest, "--file", w.File)
			}
		})
	}
}

// TestPersistRefusesBadDatadir checks the errors of chaininfo persist: no
// datadir, and a directory that holds no chain.
func TestPersistRefusesBadDatadir(t *testing.T) {
	mustFail(t, []string{"--datadir is required"}, "chaininfo", "persist")
	empty := t.TempDir()
	mustFail(t, []string{empty, "holds no chain database"}, "chaininfo", "persist", "--datadir", empty)
}
