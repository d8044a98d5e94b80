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
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// buildBinaries builds geth and evm from the assembled tree, statelab's tools,
// and unpatched upstream geth (build/bin/geth-upstream), into build/bin.
func (ws *workspace) buildBinaries() error {
	if err := os.MkdirAll(ws.bin, 0o755); err != nil {
		return err
	}
	ws.logf("building geth and evm")
	if err := ws.stream(ws.tree, nil, "go", "build", "-o", ws.bin+"/", "./cmd/geth", "./cmd/evm"); err != nil {
		return err
	}
	ws.logf("building statelab tools")
	if err := ws.stream(ws.root, nil, "go", "build", "-o", ws.bin+"/", "./tools/..."); err != nil {
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
	return ws.stream(wt, nil, "go", "build", "-o", filepath.Join(ws.bin, "geth-upstream"), "./cmd/geth")
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

// worktree checks out a commit of the assembled tree in a new temporary
// directory. The returned function removes it.
func (ws *workspace) worktree(commit string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "statelab-check-")
	if err != nil {
		return "", nil, err
	}
	g := ws.git(ws.tree)
	remove := func() {
		g.run("worktree", "remove", "--force", dir)
		os.RemoveAll(dir)
		g.run("worktree", "prune")
	}
	if _, err := g.run("worktree", "add", "-q", "--detach", dir, commit); err != nil {
		remove()
		return "", nil, err
	}
	return dir, remove, nil
}

// check applies each patch's pull request, after those of its dependencies, with
// git am on pristine upstream, then builds the tree, vets and tests the packages
// the patch changes. only names one patch to check, or is empty for all.
func (ws *workspace) check(only string) error {
	if err := ws.assemble(); err != nil {
		return err
	}
	commits, err := ws.treeCommits()
	if err != nil {
		return err
	}
	var failed []string
	for _, c := range commits {
		if only != "" && c.name != only {
			continue
		}
		ws.logf("check %s", c.name)
		start := time.Now()
		if err := ws.checkOne(commits, c.name); err != nil {
			fmt.Fprintf(ws.log, "check: %s: %v\n", c.name, err)
			failed = append(failed, c.name)
		}
		ws.logf("check %s: %s", c.name, time.Since(start).Round(time.Second))
		if ws.ctx.Err() != nil {
			return ws.ctx.Err()
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("check failed: %s", strings.Join(failed, ", "))
	}
	ws.logf("every patch applies, builds and passes its tests alone")
	return nil
}

// applyPR applies the pull requests of the named patch's dependencies, then its
// own, with git am in wt, a worktree of pristine upstream.
func (ws *workspace) applyPR(wt string, commits []treeCommit, name string) error {
	pr, err := ws.writePR(commits, name)
	if err != nil {
		return err
	}
	for _, d := range append(pr.deps, name) {
		out, err := ws.writePR(commits, d)
		if err != nil {
			return err
		}
		if _, err := ws.git(wt).run("am", "-q", "--empty=keep", out.patch); err != nil {
			return fmt.Errorf("%s does not apply with git am on pristine upstream after %s: %v",
				ws.relPath(out.patch), dependencyList(pr.deps), err)
		}
	}
	return nil
}

// checkPRsApply applies every patch's pull request after its dependencies' on
// pristine upstream, without building: the first step of check, fast enough for
// the test suite, so that an undeclared dependency fails in seconds.
func (ws *workspace) checkPRsApply() error {
	commits, err := ws.treeCommits()
	if err != nil {
		return err
	}
	var failed []string
	for _, c := range commits {
		err := func() error {
			wt, remove, err := ws.worktree("upstream")
			if err != nil {
				return err
			}
			defer remove()
			return ws.applyPR(wt, commits, c.name)
		}()
		if err != nil {
			fmt.Fprintf(ws.log, "check: %s: %v\n", c.name, err)
			failed = append(failed, c.name)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("pull requests do not apply alone: %s", strings.Join(failed, ", "))
	}
	ws.logf("%d pull requests apply alone after their dependencies", len(commits))
	return nil
}

// dependencyList names a patch's dependencies for an error message.
func dependencyList(deps []string) string {
	if len(deps) == 0 {
		return "no dependencies"
	}
	return strings.Join(deps, ", ")
}

// checkOne checks one patch alone.
func (ws *workspace) checkOne(commits []treeCommit, name string) error {
	wt, remove, err := ws.worktree("upstream")
	if err != nil {
		return err
	}
	defer remove()
	if err := ws.applyPR(wt, commits, name); err != nil {
		return err
	}
	files, err := ws.git(wt).lines("diff", "--name-only", "HEAD~1", "HEAD")
	if err != nil {
		return err
	}
	pkgs := goPackages(files)
	start := time.Now()
	if err := ws.stream(wt, nil, "go", "build", "./..."); err != nil {
		return fmt.Errorf("does not build alone: %v", err)
	}
	ws.logf("check %s: built in %s", name, time.Since(start).Round(time.Second))
	if len(pkgs) == 0 {
		return nil
	}
	start = time.Now()
	if err := ws.stream(wt, nil, "go", append([]string{"vet"}, pkgs...)...); err != nil {
		return fmt.Errorf("go vet: %v", err)
	}
	ws.logf("check %s: vetted in %s", name, time.Since(start).Round(time.Second))
	up, err := ws.upstream()
	if err != nil {
		return err
	}
	start = time.Now()
	_, err = ws.goTestRerunFlaky(wt, "check", []string{"-count=1", "-timeout", "30m"}, pkgs, upstreamTests(up))
	ws.logf("check %s: tested %v in %s", name, pkgs, time.Since(start).Round(time.Second))
	return err
}
