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
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLastImportedBlock(t *testing.T) {
	const segment = "INFO [12-01|22:54:39.504] Imported new chain segment               number=%s hash=8729ce..ac939b blocks=76 txs=2083 mgas=7599.200\n"
	for _, tc := range []struct {
		name string
		log  string
		want uint64
		ok   bool
	}{
		{"none yet", "INFO [12-01|22:54:31.000] Importing blockchain file=population.rlp\n", 0, false},
		{"missing log", "", 0, false},
		{"last segment wins", fmt.Sprintf(segment, "76") + fmt.Sprintf(segment, "137") + "INFO [12-01|22:55:00.000] Writing cached state to disk block=137\n", 137, true},
		{"thousands separator", fmt.Sprintf(segment, "1,702"), 1702, true},
		{"past the tail window", fmt.Sprintf(segment, "9") + strings.Repeat("x", 70<<10) + "\n", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := lastImportedBlock(optionalLog(t, tc.log))
			if got != tc.want || ok != tc.ok {
				t.Errorf("lastImportedBlock = %d, %v; want %d, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// optionalLog returns the path of a log file holding content, or of a file
// that does not exist when content is empty.
func optionalLog(t *testing.T, content string) string {
	t.Helper()
	if content == "" {
		return filepath.Join(t.TempDir(), "absent.log")
	}
	return writeTemp(t, "progress.log", content)
}

// writeTemp writes text to a file of the given name in a test directory.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLastDumpgenProgress(t *testing.T) {
	const (
		early = "dumpgen: generating blocks 1172/~1703, population, entries 6887755/10000000 (68.9%), elapsed 20m37.747s\n"
		later = "dumpgen: generating blocks 1175/~1702, population, entries 6905351/10000000 (69.1%), elapsed 20m40.596s\n"
	)
	for _, tc := range []struct {
		name string
		log  string
		want string
		ok   bool
	}{
		{"missing log", "", "", false},
		{"none yet", "dumpgen: scratch database in /tmp/x\n", "", false},
		{"last line wins", early + later + "some other output\n", "blocks 1175/~1702, population, entries 6905351/10000000 (69.1%), elapsed 20m40.596s", true},
		{"final line is not progress", early + "dumpgen: generated blocks 1702/~1702, done, elapsed 30m\n", "blocks 1172/~1703, population, entries 6887755/10000000 (68.9%), elapsed 20m37.747s", true},
		{"past the tail window", early + strings.Repeat("x", 70<<10) + "\n", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := lastDumpgenProgress(optionalLog(t, tc.log))
			if got != tc.want || ok != tc.ok {
				t.Errorf("lastDumpgenProgress = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
