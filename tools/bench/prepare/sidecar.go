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
	"os"
	"path/filepath"

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
// and traces it, unless the file is already there. The sidecar is written
// under a temporary name and renamed, so an interrupted generation leaves
// nothing that looks complete. geth import refuses a sidecar whose block
// hashes are not the dump's, so a stale file cannot go unnoticed.
func ensureSidecar(balgen, geth, prepared, path string, m *dumpmanifest.Manifest, workload string, progress func(string, ...any)) error {
	if _, err := os.Stat(path); err == nil {
		progress("reusing BAL sidecar %s", path)
		return nil
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

// PrepareSidecars makes the sidecar of every workload that a BAL
// configuration imports, from that configuration's prepared datadir, with
// balgen, which the caller has found when any configuration uses BAL.
func (w *Workdir) PrepareSidecars(balgen string, configs []study.Config, manifests map[string]*dumpmanifest.Manifest) error {
	done := map[string]bool{}
	for _, c := range configs {
		if !c.UsesBAL() {
			continue
		}
		m := manifests[c.Trie]
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
