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
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"statelab/core/balsidecar"
	"statelab/tools/bench/command"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
)

// SidecarPath is where the BAL sidecar of one workload of a dump is kept in
// the work directory. It is Type 4, which serves every type (geth import
// --bal.type applies a lower type from a higher file).
func (w *Workdir) SidecarPath(m *dumpmanifest.Manifest, workload string) string {
	return filepath.Join(w.Dir, "sidecars", filepath.Base(m.Dir), workload+".bal")
}

// ensureSidecar generates the Type-4 sidecar of a workload with balgen
// offline, which imports the workload into a copy of the prepared datadir
// and traces it, unless the file is already there in the binary format
// version geth reads (a file of another version, such as one written before
// the format moved to version 3, is made again). The sidecar is written
// under a temporary name and renamed, so an interrupted generation leaves
// nothing that looks complete. geth import refuses a sidecar whose block
// hashes are not the dump's, so a stale file cannot go unnoticed.
func ensureSidecar(balgen, geth, prepared, path string, m *dumpmanifest.Manifest, workload string, progress func(string, ...any)) error {
	switch err := checkSidecarVersion(path); {
	case err == nil:
		progress("reusing BAL sidecar %s", path)
		return nil
	case errors.Is(err, os.ErrNotExist):
	case errors.Is(err, errSidecarVersion):
		progress("BAL sidecar %s: %v, making it again", path, err)
	default:
		return err
	}
	_, file, err := m.Workload(workload)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	progress("generating BAL sidecar %s with balgen offline", path)
	tmp := path + ".tmp"
	os.Remove(tmp)
	err = command.Run(path+".log", balgen, "offline", "--datadir", filepath.Join(prepared, "datadir"),
		"--dump", file, "--geth", geth, "--type", "4", "--out", tmp)
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// errSidecarVersion is checkSidecarVersion's error for a file that is not a
// binary sidecar of the version geth reads.
var errSidecarVersion = fmt.Errorf("not a binary BAL sidecar of format version %d", balsidecar.VersionBinary)

// checkSidecarVersion reads the head of the binary sidecar at path: nil if it
// is of the format version this build's balsidecar reads and writes
// (balsidecar.VersionBinary), an error wrapping errSidecarVersion if it is
// another version or not a binary sidecar at all (a truncated file
// included), one wrapping os.ErrNotExist if there is no file.
func checkSidecarVersion(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, len(balsidecar.Magic)+1)
	if _, err := io.ReadFull(f, head); errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: it is shorter than the %d-byte head", errSidecarVersion, len(head))
	} else if err != nil {
		return err
	}
	if string(head[:len(balsidecar.Magic)]) != balsidecar.Magic {
		return fmt.Errorf("%w: it does not start with %q", errSidecarVersion, balsidecar.Magic)
	}
	if v := head[len(balsidecar.Magic)]; v != balsidecar.VersionBinary {
		return fmt.Errorf("%w: it is version %d", errSidecarVersion, v)
	}
	return nil
}

// PrepareSidecars makes the sidecar of every workload that a BAL
// configuration imports, from that configuration's prepared datadir, with
// balgen, which the caller has found when any configuration uses BAL.
func (w *Workdir) PrepareSidecars(balgen string, configs []study.Config, dumps Dumps) error {
	done := map[string]bool{}
	for _, c := range configs {
		if !c.UsesBAL() {
			continue
		}
		m := dumps.For(c)
		path := w.SidecarPath(m, c.Workload)
		if done[path] {
			continue
		}
		done[path] = true
		if err := ensureSidecar(balgen, c.Geth.Path, w.PreparedDir(m, c), path, m, c.Workload, w.Progress); err != nil {
			return err
		}
	}
	return nil
}
