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
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"statelab/tools/internal/fsutil"
)

// The repository holds every overlay file as it runs in the built geth: the
// version at the end of the series, the assembled tree's HEAD. A later patch
// may change an earlier patch's new file with hunks, so the version the owning
// patch adds (the one its commit, its check and its pull request need) is not
// the one at the top level. ownVersions reconstructs it: starting from the
// top-level files, it undoes the hunks of the patches from the last to the
// first, and takes each overlay file as it stands just after the patch that
// adds it. Reversing is exact: a hunk that does not reverse-apply means the
// top-level file is not the series' end state.

// ownVersions returns every overlay file the series declares as the patch
// that adds it has it (slash path -> content), reconstructed from the
// top-level files.
func (ws *workspace) ownVersions(s series) (map[string][]byte, error) {
	scratch, err := os.MkdirTemp("", "patchset-versions-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(scratch)

	owners := s.owners()
	for f := range owners {
		src := filepath.Join(ws.root, filepath.FromSlash(f))
		dst := filepath.Join(scratch, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if err := fsutil.CopyFile(src, dst); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("overlay file %s of %s is missing", f, s[owners[f]].file)
			}
			return nil, err
		}
	}
	// A repository of its own, so that git apply takes the patch's paths
	// relative to scratch even when the temporary directory is inside another.
	g := ws.git(scratch)
	if _, err := g.run("init", "-q"); err != nil {
		return nil, err
	}
	own := make(map[string][]byte, len(owners))
	for i := len(s) - 1; i >= 0; i-- {
		p := s[i]
		for _, f := range p.msg.values("Statelab-Overlay") {
			blob, err := os.ReadFile(filepath.Join(scratch, filepath.FromSlash(f)))
			if err != nil {
				return nil, err
			}
			own[f] = blob
		}
		changed := p.overlayHunks(owners)
		if len(changed) == 0 {
			continue
		}
		args := []string{"apply", "-R", "--whitespace=nowarn"}
		for _, f := range changed {
			args = append(args, "--include="+f)
		}
		args = append(args, filepath.Join(ws.root, "patches", p.file))
		if _, err := g.run(args...); err != nil {
			return nil, fmt.Errorf("%s: its hunks to %v do not undo on the top-level files, which must be the series' end state (edit in build/go-ethereum, then ./build.sh export): %v",
				p.file, changed, err)
		}
	}
	return own, nil
}

// overlayHunks lists the overlay files (of earlier patches) that p changes
// with hunks, sorted.
func (p *patchFile) overlayHunks(owners map[string]int) []string {
	var files []string
	for _, d := range p.diffs {
		if _, ok := owners[d.path]; ok && !d.created {
			files = append(files, d.path)
		}
	}
	slices.Sort(files)
	return files
}

// checkTopLevelRuns fails if an overlay file at the top level differs from the
// assembled tree's HEAD, the code that runs in the built geth, or if HEAD has a
// new file the top level lacks.
func (ws *workspace) checkTopLevelRuns() error {
	up, err := ws.upstream()
	if err != nil {
		return err
	}
	g := ws.git(ws.tree)
	added, err := g.lines("diff", "--no-renames", "--name-only", "--diff-filter=A", "upstream", "HEAD")
	if err != nil {
		return err
	}
	files, err := ws.overlayFiles(up)
	if err != nil {
		return err
	}
	var stale []string
	for _, f := range added {
		if !slices.Contains(files, f) {
			stale = append(stale, f+": the built geth has it, the top level does not")
		}
	}
	for _, f := range files {
		runs, err := g.run("cat-file", "blob", "HEAD:"+f)
		if err != nil {
			stale = append(stale, f+": not in the built geth")
			continue
		}
		have, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		if string(have) != runs {
			stale = append(stale, f+": differs from the built geth: "+firstDifference(have, []byte(runs)))
		}
	}
	if len(stale) > 0 {
		for _, s := range stale {
			fmt.Fprintln(ws.log, "top level:", s)
		}
		return fmt.Errorf("%d top-level files are not the code that runs (edit in build/go-ethereum, then ./build.sh export)", len(stale))
	}
	ws.logf("every top-level overlay file is the version that runs (%d files)", len(files))
	return nil
}
