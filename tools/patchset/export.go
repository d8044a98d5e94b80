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
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// overviewFile is the generated fork overview.
const overviewFile = "docs/fork-overview.md"

// exportSet is what export writes into the repository: slash path -> content.
// It holds patches/series (keeping the topics of the one it replaces), every
// patch file, every overlay file, the fork overview and README.md with its
// patch table.
type exportSet map[string][]byte

// treeCommit is one patch's commit in the assembled tree.
type treeCommit struct {
	id   string
	name string // Statelab-Name
	msg  message
}

// treeCommits returns the assembled tree's patch commits, in order.
func (ws *workspace) treeCommits() ([]treeCommit, error) {
	g := ws.git(ws.tree)
	ids, err := g.lines("rev-list", "--reverse", "upstream..HEAD")
	if err != nil {
		return nil, err
	}
	var out []treeCommit
	for _, id := range ids {
		body, err := g.run("log", "-1", "--format=%b", id) // below the subject
		if err != nil {
			return nil, err
		}
		c := treeCommit{id: id, msg: parseMessage(body)}
		if c.name = c.msg.value("Statelab-Name"); c.name == "" {
			subject, _ := g.line("log", "-1", "--format=%h %s", id)
			return nil, fmt.Errorf("commit %s has no 'Statelab-Name:' trailer", subject)
		}
		if !patchNameRE.MatchString(c.name) {
			return nil, fmt.Errorf("Statelab-Name %q must be lower-case words joined by '-'", c.name)
		}
		if slices.ContainsFunc(out, func(o treeCommit) bool { return o.name == c.name }) {
			return nil, fmt.Errorf("two commits are named %q", c.name)
		}
		out = append(out, c)
	}
	return out, nil
}

// exportTree turns the assembled tree into the files export writes. Each commit
// becomes a patch file holding its hunks (to upstream files and to new files of
// earlier patches) with a Statelab-Overlay trailer per file it adds, and the
// files it adds become overlay files as they run: as HEAD has them, the later
// commits' changes included.
func (ws *workspace) exportTree(up *upstream) (exportSet, error) {
	g := ws.git(ws.tree)
	if _, err := os.Stat(filepath.Join(ws.tree, ".git")); err != nil {
		return nil, errors.New("no assembled tree; run ./build.sh first")
	}
	if dirty, err := g.dirty(); err != nil {
		return nil, err
	} else if dirty {
		return nil, errors.New("build/go-ethereum has uncommitted changes; commit them (one commit per patch) before exporting")
	}
	commits, err := ws.treeCommits()
	if err != nil {
		return nil, err
	}
	set := exportSet{}
	owner := map[string]string{} // overlay file -> patch name
	var files []string
	for i, c := range commits {
		file := fmt.Sprintf("%04d-%s.patch", i+1, c.name)
		added, err := g.lines("diff", "--no-renames", "--name-only", "--diff-filter=A", c.id+"^", c.id)
		if err != nil {
			return nil, err
		}
		slices.Sort(added)
		for _, f := range added {
			switch {
			case up.has(f):
				return nil, fmt.Errorf("%s re-adds upstream file %s", file, f)
			case !mayHoldOverlay(up, f):
				return nil, fmt.Errorf("%s adds %s: new files go under the directories upstream has (cmd/, core/, ...), and statelab's own files (%s) do not belong in the tree",
					file, f, strings.Join(ownDirs, ", "))
			case owner[f] != "":
				return nil, fmt.Errorf("%s adds %s, which %s added before: a new file belongs to one patch", file, f, owner[f])
			}
			owner[f] = c.name
			// The top level holds the file as it runs: as HEAD has it, after
			// the later patches' hunks (see ownVersions).
			blob, err := g.run("cat-file", "blob", "HEAD:"+f)
			if err != nil {
				return nil, fmt.Errorf("%s adds %s, which a later commit deletes: a new file belongs to the end of the series", file, f)
			}
			set[f] = []byte(blob)
		}
		patch, err := ws.hunksPatch(g, c, added)
		if err != nil {
			return nil, err
		}
		set["patches/"+file] = []byte(patch)
		files = append(files, file)
	}
	old, err := ws.readSeries()
	if err != nil {
		return nil, err
	}
	set["patches/series"] = []byte(renderSeries(files, old))
	s, err := set.series()
	if err != nil {
		return nil, err
	}
	readme, err := ws.readReadme()
	if err != nil {
		return nil, err
	}
	gen, err := generated(up, s, string(set["patches/series"]), readme)
	if err != nil {
		return nil, err
	}
	maps.Copy(set, gen)
	return set, nil
}

// hunksPatch formats commit c without the files it adds, with one
// Statelab-Overlay trailer per added file: the patch file.
func (ws *workspace) hunksPatch(g git, c treeCommit, added []string) (string, error) {
	body, err := g.run("log", "-1", "--format=%B", c.id)
	if err != nil {
		return "", err
	}
	var kept []string
	for _, l := range strings.Split(body, "\n") {
		if !strings.HasPrefix(l, "Statelab-Overlay:") {
			kept = append(kept, l)
		}
	}
	msg := strings.TrimRight(strings.Join(kept, "\n"), "\n")
	for _, f := range added {
		out, err := g.runWith(nil, msg+"\n", "interpret-trailers", "--trailer", "Statelab-Overlay: "+f)
		if err != nil {
			return "", err
		}
		msg = strings.TrimRight(out, "\n")
	}
	// The commit's tree without the added files, on the commit's parent.
	index := filepath.Join(os.TempDir(), fmt.Sprintf("patchset-index-%d", os.Getpid()))
	defer os.Remove(index)
	idx := []string{"GIT_INDEX_FILE=" + index}
	if _, err := g.runWith(idx, "", "read-tree", c.id); err != nil {
		return "", err
	}
	if len(added) > 0 {
		if _, err := g.runWith(idx, "", append([]string{"update-index", "--force-remove", "--"}, added...)...); err != nil {
			return "", err
		}
	}
	tree, err := g.runWith(idx, "", "write-tree")
	if err != nil {
		return "", err
	}
	author, err := g.authorEnv(c.id)
	if err != nil {
		return "", err
	}
	hunks, err := g.runWith(author, msg+"\n", "commit-tree", strings.TrimSpace(tree), "-p", c.id+"^")
	if err != nil {
		return "", err
	}
	return g.run(append(append([]string{}, formatPatch...), "-1", strings.TrimSpace(hunks))...)
}

// series parses the patches of an export set, in series order.
func (set exportSet) series() (series, error) {
	var s series
	for _, name := range parseSeries(string(set["patches/series"])) {
		p, err := parsePatch(name, set["patches/"+name])
		if err != nil {
			return nil, err
		}
		s = append(s, p)
	}
	return s, nil
}

// managedFiles lists the repository files export owns: patches/series, the
// patch files, the overlay files and the overview.
func (ws *workspace) managedFiles(up *upstream) ([]string, error) {
	files, err := ws.overlayFiles(up)
	if err != nil {
		return nil, err
	}
	patches, _ := filepath.Glob(filepath.Join(ws.root, "patches", "*.patch"))
	for _, p := range patches {
		files = append(files, "patches/"+filepath.Base(p))
	}
	for _, f := range []string{"patches/series", overviewFile} {
		if _, err := os.Stat(filepath.Join(ws.root, f)); err == nil {
			files = append(files, f)
		}
	}
	return files, nil
}

// differences lists how the repository differs from the export set: files that
// export would change, add or remove.
func (ws *workspace) differences(up *upstream, set exportSet) ([]string, error) {
	managed, err := ws.managedFiles(up)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, f := range managed {
		if _, ok := set[f]; !ok {
			diffs = append(diffs, f+": export would remove it (no commit produces it)")
		}
	}
	for _, f := range sortedKeys(set) {
		have, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(f)))
		switch {
		case errors.Is(err, os.ErrNotExist):
			diffs = append(diffs, f+": export would add it")
		case err != nil:
			return nil, err
		case !bytes.Equal(have, set[f]):
			diffs = append(diffs, f+": export would change it: "+firstDifference(have, set[f]))
		}
	}
	return diffs, nil
}

// write writes the export set into the repository and removes the managed
// files that no commit produces any more.
func (ws *workspace) write(up *upstream, set exportSet) error {
	managed, err := ws.managedFiles(up)
	if err != nil {
		return err
	}
	for _, f := range managed {
		if _, ok := set[f]; !ok {
			ws.logf("removing stale %s", f)
			if err := os.Remove(filepath.Join(ws.root, filepath.FromSlash(f))); err != nil {
				return err
			}
		}
	}
	for _, f := range sortedKeys(set) {
		path := filepath.Join(ws.root, filepath.FromSlash(f))
		if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, set[f]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path+".tmp", set[f], 0o644); err != nil {
			return err
		}
		if err := os.Rename(path+".tmp", path); err != nil {
			return err
		}
	}
	return nil
}

// exported resolves upstream and exports the assembled tree in memory.
func (ws *workspace) exported() (*upstream, exportSet, error) {
	up, err := ws.upstream()
	if err != nil {
		return nil, nil, err
	}
	set, err := ws.exportTree(up)
	return up, set, err
}

// export writes the assembled tree back into the repository, checks the result
// and, unless the series cannot be assembled, records the tree as exported.
func (ws *workspace) export() error {
	up, set, err := ws.exported()
	if err != nil {
		return err
	}
	if err := ws.write(up, set); err != nil {
		return err
	}
	s, _ := set.series()
	ws.logf("exported %d patches", len(s))
	f, err := ws.lint()
	if err != nil {
		return err
	}
	// With review problems alone the tree is exported as it is, and the next
	// assembly keeps it: they are fixed there and exported again.
	if len(f.problems) == 0 {
		digest, err := ws.digest(up)
		if err != nil {
			return err
		}
		head, _, err := ws.treeState()
		if err != nil {
			return err
		}
		if err := ws.writeStamp(digest, head); err != nil {
			return err
		}
	}
	if err := ws.report(f); err != nil {
		return fmt.Errorf("exported, but %v: fix the commits in build/go-ethereum and export again", err)
	}
	return nil
}

// checkExportStable exports the assembled tree in memory and fails if the
// result differs from the repository: export(assemble(x)) must be x.
func (ws *workspace) checkExportStable() error {
	up, set, err := ws.exported()
	if err != nil {
		return err
	}
	diffs, err := ws.differences(up, set)
	if err != nil {
		return err
	}
	if len(diffs) > 0 {
		for _, d := range diffs {
			fmt.Fprintln(ws.log, "export:", d)
		}
		return errors.New("export is not byte-stable: exporting the assembled tree changes the files above")
	}
	ws.logf("export round trip is byte-stable (%d files)", len(set))
	return nil
}

// firstDifference describes where two texts first differ.
func firstDifference(have, want []byte) string {
	a, b := strings.Split(string(have), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y || i >= len(a) || i >= len(b) {
			return fmt.Sprintf("line %d is %q, export writes %q", i+1, x, y)
		}
	}
	return "same lines, different bytes"
}

func sortedKeys(set exportSet) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
