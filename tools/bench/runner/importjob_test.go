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
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/slowblock"
)

// TestCopyLog checks that every per-block JSON line marks a block, as it
// arrives, and that the log is copied whole.
func TestCopyLog(t *testing.T) {
	in := "INFO start\n" + string(slowblock.Marker) + `,"block":{"number":1}}` + "\nINFO x\n" + string(slowblock.Marker) + `,"block":{"number":2}}`
	var out bytes.Buffer
	marks := 0
	if err := copyLog(strings.NewReader(in), &out, func() { marks++ }); err != nil {
		t.Fatal(err)
	}
	if marks != 2 || out.String() != in {
		t.Errorf("%d marks, log %q", marks, out.String())
	}
}

// TestImportJobFailure checks that a failed import's error names geth's
// reason, the line geth's main prints after the statistics, not the
// statistics, and that the log keeps geth's output in order.
func TestImportJobFailure(t *testing.T) {
	dir := t.TempDir()
	geth := filepath.Join(dir, "geth")
	script := `#!/bin/sh
echo 'INFO [12-06|17:00:19.925] Importing blockchain                     file=x.rlp' >&2
echo 'ERROR[12-06|17:00:19.926] ' >&2
echo '########## BAD BLOCK #########' >&2
echo 'ERROR[12-06|17:00:19.926] Import error                             err="invalid block 3: unknown ancestor"' >&2
echo 'Import done in 46.395451ms.'
seq 40
echo 'GC pause:      11.332852ms'
echo 'import x.rlp: invalid block 3: unknown ancestor' >&2
exit 1
`
	if err := os.WriteFile(geth, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	j := importJob{Geth: geth, Datadir: filepath.Join(dir, "datadir"), File: "x.rlp", LogPath: filepath.Join(dir, "import.log")}
	_, err := j.run()
	want := "geth import --datadir " + j.Datadir + " --nocompaction --debug.logslowblock 0 x.rlp: exit status 1: import x.rlp: invalid block 3: unknown ancestor (log " + j.LogPath + ")"
	if err == nil || err.Error() != want {
		t.Fatalf("error\n%v\nwant\n%s", err, want)
	}
	if blob, _ := os.ReadFile(j.LogPath); !strings.HasSuffix(string(blob), "GC pause:      11.332852ms\nimport x.rlp: invalid block 3: unknown ancestor\n") {
		t.Errorf("the log does not hold geth's output in order:\n%s", blob)
	}
}
