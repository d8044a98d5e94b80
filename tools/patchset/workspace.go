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
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"statelab/tools/internal/cliutil"
)

// upstreamModule is the module statelab patches; go.mod pins its version.
const upstreamModule = "github.com/ethereum/go-ethereum"

// ownDirs are top-level directories of the repository that hold statelab's own
// files even where upstream has a directory of the same name: they are never
// overlay roots, and no patch may add files under them.
var ownDirs = []string{"build", "docs", "out", "patches", "tools", "tracing"}

// workspace is a statelab checkout and its build directory. It is used by one
// command at a time; nothing in it is safe for concurrent use.
type workspace struct {
	ctx   context.Context
	root  string // the statelab repository
	build string // root/build: assembled tree, binaries, PR patches (gitignored)
	tree  string // build/go-ethereum: upstream plus one commit per patch
	bin   string // build/bin
	log   io.Writer

	// discard lets assembly throw away commits and changes in the tree
	// that were not exported (--discard, STATELAB_DISCARD=1).
	discard bool

	up *upstream // resolved on first use
}

// upstream is the pinned upstream module.
type upstream struct {
	Path    string
	Version string
	Dir     string // pristine module directory in the Go module cache
	Sum     string // go.sum hash (h1:...)
}

func newWorkspace(ctx context.Context, root string, log io.Writer) (*workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		return nil, fmt.Errorf("%s is not the statelab repository: %v", abs, err)
	}
	build := filepath.Join(abs, "build")
	return &workspace{
		ctx:   ctx,
		root:  abs,
		build: build,
		tree:  filepath.Join(build, "go-ethereum"),
		bin:   filepath.Join(build, "bin"),
		log:   log,
	}, nil
}

// logf prints a progress line.
func (ws *workspace) logf(format string, args ...any) {
	fmt.Fprintf(ws.log, "==> "+format+"\n", args...)
}

// upstream resolves the pinned upstream module: its version from go.mod, its
// directory from the module cache (downloading it if needed), and checks its
// hash against go.sum.
func (ws *workspace) upstream() (*upstream, error) {
	if ws.up != nil {
		return ws.up, nil
	}
	out, err := ws.output(ws.root, "go", "mod", "edit", "-json")
	if err != nil {
		return nil, err
	}
	var mod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal([]byte(out), &mod); err != nil {
		return nil, fmt.Errorf("go.mod: %v", err)
	}
	up := &upstream{Path: upstreamModule}
	for _, r := range mod.Require {
		if r.Path == upstreamModule {
			up.Version = r.Version
		}
	}
	if up.Version == "" {
		return nil, fmt.Errorf("go.mod does not require %s", upstreamModule)
	}
	out, err = ws.output(ws.root, "go", "mod", "download", "-json", up.Path+"@"+up.Version)
	if err != nil {
		return nil, err
	}
	var dl struct{ Dir, Sum, Error string }
	if err := json.Unmarshal([]byte(out), &dl); err != nil {
		return nil, fmt.Errorf("go mod download: %v", err)
	}
	if dl.Error != "" || dl.Dir == "" {
		return nil, fmt.Errorf("go mod download %s@%s: %s", up.Path, up.Version, dl.Error)
	}
	want, err := goSumHash(filepath.Join(ws.root, "go.sum"), up.Path, up.Version)
	if err != nil {
		return nil, err
	}
	if dl.Sum != want {
		return nil, fmt.Errorf("%s@%s: module hash %s does not match go.sum (%s)", up.Path, up.Version, dl.Sum, want)
	}
	up.Dir, up.Sum = dl.Dir, dl.Sum
	ws.up = up
	return up, nil
}

// goSumHash returns the module hash go.sum records for a module version.
func goSumHash(file, mod, version string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 3 && fields[0] == mod && fields[1] == version {
			return fields[2], nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("go.sum has no hash for %s %s", mod, version)
}

// inUpstream reports whether a slash path exists in the pristine upstream tree.
func (up *upstream) has(p string) bool {
	_, err := os.Lstat(filepath.Join(up.Dir, filepath.FromSlash(p)))
	return err == nil
}

// overlayRoots lists the repository's top-level directories that mirror an
// upstream top-level directory (cmd, core, ...), sorted.
func (ws *workspace) overlayRoots(up *upstream) ([]string, error) {
	entries, err := os.ReadDir(ws.root)
	if err != nil {
		return nil, err
	}
	var roots []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") || slices.Contains(ownDirs, name) {
			continue
		}
		if info, err := os.Stat(filepath.Join(up.Dir, name)); err == nil && info.IsDir() {
			roots = append(roots, name)
		}
	}
	return roots, nil
}

// overlayFiles lists every overlay file of the repository (slash paths relative
// to the root), sorted.
func (ws *workspace) overlayFiles(up *upstream) ([]string, error) {
	roots, err := ws.overlayRoots(up)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, r := range roots {
		err := filepath.WalkDir(filepath.Join(ws.root, r), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(ws.root, p)
			files = append(files, filepath.ToSlash(rel))
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	return files, nil
}

// mayHoldOverlay reports whether a patch may add a new file at slash path p: under
// an upstream top-level directory that is not one of statelab's own.
func mayHoldOverlay(up *upstream, p string) bool {
	top, _, ok := strings.Cut(p, "/")
	if !ok || slices.Contains(ownDirs, top) {
		return false
	}
	info, err := os.Stat(filepath.Join(up.Dir, top))
	return err == nil && info.IsDir()
}

// output runs a program in dir and returns its standard output; on failure the
// error carries its standard error.
func (ws *workspace) output(dir, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ws.ctx, name, args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// stream runs a program in dir with its output going to the log.
func (ws *workspace) stream(dir string, name string, args ...string) error {
	return cliutil.Stream(ws.ctx, ws.log, dir, name, args...)
}

// relPath shows a path relative to the repository root where it is inside it.
func (ws *workspace) relPath(p string) string {
	if rel, err := filepath.Rel(ws.root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// goPackages turns changed file paths into the sorted ./dir package patterns of
// their .go files.
func goPackages(files []string) []string {
	var pkgs []string
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			p := "./" + path.Dir(f)
			if p == "./." {
				p = "."
			}
			if !slices.Contains(pkgs, p) {
				pkgs = append(pkgs, p)
			}
		}
	}
	slices.Sort(pkgs)
	return pkgs
}
