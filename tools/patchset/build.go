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
	"os"
	"path/filepath"
	"strings"
)

// buildBinaries builds geth and evm from the assembled tree, statelab's tools,
// and unpatched upstream geth (build/bin/geth-upstream), into build/bin.
func (ws *workspace) buildBinaries() error {
	if err := os.MkdirAll(ws.bin, 0o755); err != nil {
		return err
	}
	ws.logf("building geth and evm")
	if err := ws.stream(ws.tree, "go", "build", "-o", ws.bin+"/", "./cmd/geth", "./cmd/evm"); err != nil {
		return err
	}
	ws.logf("building statelab tools")
	if err := ws.stream(ws.root, "go", "build", "-o", ws.bin+"/", "./tools/..."); err != nil {
		return err
	}
	if err := ws.buildUpstreamGeth(); err != nil {
		return err
	}
	entries, _ := os.ReadDir(ws.bin)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	ws.logf("built: %s", strings.Join(names, " "))
	return nil
}

// buildUpstreamGeth builds unpatched upstream geth as build/bin/geth-upstream,
// from a worktree of the tree's upstream commit with upstream's own go.mod, for
// A/B runs and for showing that statelab's dumps are standard.
func (ws *workspace) buildUpstreamGeth() error {
	wt := filepath.Join(ws.build, "upstream")
	g := ws.git(ws.tree)
	want, err := g.line("rev-parse", "upstream")
	if err != nil {
		return err
	}
	if have, err := ws.git(wt).line("rev-parse", "HEAD"); err != nil || have != want {
		if err := os.RemoveAll(wt); err != nil {
			return err
		}
		if _, err := g.run("worktree", "prune"); err != nil {
			return err
		}
		if _, err := g.run("worktree", "add", "-q", "--detach", wt, "upstream"); err != nil {
			return err
		}
	}
	ws.logf("building unpatched upstream geth (geth-upstream)")
	return ws.stream(wt, "go", "build", "-o", filepath.Join(ws.bin, "geth-upstream"), "./cmd/geth")
}

// treePackages lists the packages (./dir) whose .go files the patches change or
// add, relative to the upstream commit.
func (ws *workspace) treePackages() ([]string, error) {
	files, err := ws.git(ws.tree).lines("diff", "--name-only", "upstream", "HEAD")
	if err != nil {
		return nil, err
	}
	return goPackages(files), nil
}
