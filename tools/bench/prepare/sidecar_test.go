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
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"statelab/core/balsidecar"
	"statelab/tools/internal/dumpmanifest"
)

// fakeBalgen writes a balgen that logs its calls to calls and writes to its
// --out the head of a binary sidecar of the current format version.
func fakeBalgen(t *testing.T) (balgen, calls string) {
	t.Helper()
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	script := `#!/bin/sh
echo "$(basename "$0") $*" >> ` + calls + `
out=""
prev=""
for a in "$@"; do [ "$prev" = "--out" ] && out="$a"; prev="$a"; done
printf '` + balsidecar.Magic + `\003rest' > "$out"
`
	balgen = filepath.Join(dir, "balgen")
	if err := os.WriteFile(balgen, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return balgen, calls
}

// TestEnsureSidecarVersion checks that a sidecar of the binary format
// version geth reads is reused, and that a missing one, one of an older
// version (geth refuses version 2) and one that is not a binary sidecar are
// made again by balgen.
func TestEnsureSidecarVersion(t *testing.T) {
	current := append([]byte(balsidecar.Magic), balsidecar.VersionBinary, 0xc0)
	for _, c := range []struct {
		name     string
		existing []byte // nil: no file
		balgen   bool   // whether balgen must run
	}{
		{"missing", nil, true},
		{"current", current, false},
		{"version 2", append([]byte(balsidecar.Magic), 2, 0x01, 0x02), true},
		{"truncated", []byte(balsidecar.Magic), true},
		{"json", []byte(`{"version": 2, "type": 4, "blocks": []}`), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			balgen, calls := fakeBalgen(t)
			m := testManifest(t)
			m.Files = append(m.Files, dumpmanifest.File{File: "workload_w.rlp", Role: dumpmanifest.RoleWorkload, Workload: "w"})
			path := filepath.Join(t.TempDir(), "sidecars", "w.bal")
			if c.existing != nil {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, c.existing, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := ensureSidecar(balgen, "geth", t.TempDir(), path, m, "w", t.Logf); err != nil {
				t.Fatal(err)
			}
			if ran := len(readCalls(t, calls)) > 0; ran != c.balgen {
				t.Errorf("balgen ran: %v, want %v", ran, c.balgen)
			}
			if err := checkSidecarVersion(path); err != nil {
				t.Errorf("after ensureSidecar: %v", err)
			}
			if got, err := os.ReadFile(path); err != nil || (!c.balgen && !bytes.Equal(got, c.existing)) {
				t.Errorf("reused sidecar changed: %q, %v", got, err)
			}
		})
	}
}

// TestCheckSidecarVersion checks the errors that tell ensureSidecar whether
// to make a sidecar again.
func TestCheckSidecarVersion(t *testing.T) {
	dir := t.TempDir()
	if err := checkSidecarVersion(filepath.Join(dir, "none.bal")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	old := filepath.Join(dir, "old.bal")
	if err := os.WriteFile(old, append([]byte(balsidecar.Magic), 2), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkSidecarVersion(old); !errors.Is(err, errSidecarVersion) {
		t.Errorf("version 2 file: %v, want %v", err, errSidecarVersion)
	}
}
