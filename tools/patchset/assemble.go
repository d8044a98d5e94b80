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
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"strings"

	"statelab/tools/internal/fsutil"
)

// assemblyVersion is part of the assembly digest. Bump it when a change to this
// program changes what assembly produces, so that existing trees are rebuilt.
const assemblyVersion = "patchset assembly 3"

// stampFile records the digest of the inputs the tree was assembled from, and
// the tree's HEAD after assembly or the last export.
func (ws *workspace) stampFile() string { return filepath.Join(ws.build, ".assembled") }

// digest hashes what assembly reads: this program's assembly version, the
// upstream module, go.mod and go.sum, the series, every patch and every overlay
// file. Nothing else (not build.sh, not the tools) causes a reassembly.
func (ws *workspace) digest(up *upstream) (string, error) {
	h := sha256.New()
	put := func(h hash.Hash, name string, data []byte) {
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	put(h, "version", []byte(assemblyVersion))
	put(h, "upstream", []byte(up.Path+"@"+up.Version+" "+up.Sum))
	files := []string{"go.mod", "go.sum", "patches/series"}
	names, err := ws.seriesNames()
	if err != nil {
		return "", err
	}
	for _, n := range names {
		files = append(files, "patches/"+n)
	}
	overlays, err := ws.overlayFiles(up)
	if err != nil {
		return "", err
	}
	for _, f := range append(files, overlays...) {
		blob, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(f)))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		put(h, f, blob)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// readStamp returns the recorded digest and HEAD, or empty strings.
func (ws *workspace) readStamp() (digest, head string) {
	blob, _ := os.ReadFile(ws.stampFile())
	f := strings.Fields(string(blob))
	if len(f) != 2 {
		return "", ""
	}
	return f[0], f[1]
}

func (ws *workspace) writeStamp(digest, head string) error {
	return os.WriteFile(ws.stampFile(), []byte(digest+"\n"+head+"\n"), 0o644)
}

// treeState returns the assembled tree's HEAD and whether it has uncommitted
// changes; an empty HEAD if there is no tree.
func (ws *workspace) treeState() (head string, dirty bool, err error) {
	if _, err := os.Stat(filepath.Join(ws.tree, ".git")); err != nil {
		return "", false, nil
	}
	g := ws.git(ws.tree)
	if head, err = g.line("rev-parse", "HEAD"); err != nil {
		return "", false, err
	}
	dirty, err = g.dirty()
	return head, dirty, err
}

// assemble makes build/go-ethereum: the pristine upstream module as commit
// "upstream" and one commit per patch (its hunks and its overlay files). It does
// nothing if the inputs are unchanged and the tree is as assembled or last
// exported, and refuses to throw away commits or changes that were not exported
// unless ws.discard (--discard, STATELAB_DISCARD=1) is set.
func (ws *workspace) assemble() error {
	up, err := ws.upstream()
	if err != nil {
		return err
	}
	digest, err := ws.digest(up)
	if err != nil {
		return err
	}
	head, dirty, err := ws.treeState()
	if err != nil {
		return err
	}
	stampDigest, stampHead := ws.readStamp()
	switch {
	case head != "" && head == stampHead && !dirty && digest == stampDigest:
		ws.logf("build/go-ethereum is up to date")
		return nil
	case head != "" && stampHead != "" && (head != stampHead || dirty):
		if !ws.discard {
			return errors.New("build/go-ethereum has commits or changes that are not exported; run './build.sh export' first (or STATELAB_DISCARD=1 ./build.sh to throw them away)")
		}
		ws.logf("discarding unexported work in build/go-ethereum (STATELAB_DISCARD=1)")
	}
	if f, err := ws.lint(); err != nil {
		return err
	} else if len(f.problems) > 0 {
		return ws.lintOrFail()
	}
	s, err := ws.loadSeries()
	if err != nil {
		return err
	}
	ws.logf("assembling build/go-ethereum from %s@%s", up.Path, up.Version)
	if err := ws.assembleTree(up, s); err != nil {
		return err
	}
	if head, _, err = ws.treeState(); err != nil {
		return err
	}
	ws.logf("applied %d patches", len(s))
	return ws.writeStamp(digest, head)
}

// assembleTree writes the tree from scratch.
func (ws *workspace) assembleTree(up *upstream, s series) error {
	os.Remove(ws.stampFile())
	if err := os.RemoveAll(ws.tree); err != nil {
		return err
	}
	if err := os.MkdirAll(ws.build, 0o755); err != nil {
		return err
	}
	if err := fsutil.CopyTree(up.Dir, ws.tree); err != nil {
		return err
	}
	g := ws.git(ws.tree)
	date := []string{"GIT_AUTHOR_DATE=2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2000-01-01T00:00:00Z"}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A", "-f"},
		{"commit", "-q", "-m", "upstream: " + up.Path + " " + up.Version},
		{"tag", "-f", "upstream"},
	} {
		if _, err := g.runWith(date, "", args...); err != nil {
			return err
		}
	}
	own, err := ws.ownVersions(s)
	if err != nil {
		return err
	}
	for _, p := range s {
		if err := ws.applyPatch(g, up, p, own); err != nil {
			return err
		}
	}
	return nil
}

// applyPatch applies one patch file (hunks, zero fuzz) and adds its overlay
// files as the patch has them (own, see ownVersions), as one commit.
func (ws *workspace) applyPatch(g git, up *upstream, p *patchFile, own map[string][]byte) error {
	file := filepath.Join(ws.root, "patches", p.file)
	if _, err := g.run("am", "-q", "--empty=keep", "--whitespace=nowarn", "--committer-date-is-author-date", file); err != nil {
		g.run("am", "--abort")
		return fmt.Errorf("%s does not apply to %s@%s: %v", p.file, up.Path, up.Version, err)
	}
	overlays := p.msg.values("Statelab-Overlay")
	if len(overlays) == 0 {
		return nil
	}
	for _, f := range overlays {
		dst := filepath.Join(ws.tree, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, own[f], 0o644); err != nil {
			return fmt.Errorf("%s: overlay file %s: %v", p.file, f, err)
		}
	}
	if _, err := g.run(append([]string{"add", "-f", "--"}, overlays...)...); err != nil {
		return err
	}
	date, err := g.line("log", "-1", "--format=%aI")
	if err != nil {
		return err
	}
	_, err = g.runWith([]string{"GIT_COMMITTER_DATE=" + date}, "", "commit", "-q", "--amend", "--no-edit", "--allow-empty")
	return err
}
