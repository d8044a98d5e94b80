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
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// check proves that every patch stands alone: its pull request applies with
// git am on pristine upstream after those of its dependencies, every package
// then compiles, and the packages it changes pass go vet and their tests.
// Checks run jobs at a time, each in a worktree slot of its own
// (build/check/N), which later checks reuse: Go's build cache keys a cgo
// package on its directory, so a fixed path lets every check after the first
// reuse what earlier ones compiled and recompile only what its patches
// change. A check's output is printed when it ends, in one piece.

// worktreeLock serializes the adding and removing of the assembled tree's
// worktrees, which git records in one repository.
var worktreeLock sync.Mutex

// checkCost estimates how long checking a patch takes, to start the longest
// first: the test files of the packages it changes, in the assembled tree.
func (ws *workspace) checkCost(files []string) int {
	n := 0
	for _, pkg := range goPackages(files) {
		tests, _ := filepath.Glob(filepath.Join(ws.tree, filepath.FromSlash(pkg), "*_test.go"))
		n += len(tests)
	}
	return n
}

// check checks each patch alone, jobs at a time. only names one patch to
// check, or is empty for all.
func (ws *workspace) check(only string, jobs int) error {
	if err := ws.assemble(); err != nil {
		return err
	}
	if _, err := ws.upstream(); err != nil { // resolved once, before the checks share ws
		return err
	}
	commits, err := ws.treeCommits()
	if err != nil {
		return err
	}
	prs, err := ws.writePRs(commits)
	if err != nil {
		return err
	}
	type job struct {
		name string
		cost int
	}
	var todo []job
	for _, c := range commits {
		if only != "" && c.name != only {
			continue
		}
		files, err := ws.git(ws.tree).lines("diff", "--name-only", c.id+"^", c.id)
		if err != nil {
			return err
		}
		todo = append(todo, job{c.name, ws.checkCost(files)})
	}
	if only != "" && len(todo) == 0 {
		return fmt.Errorf("no patch named %q", only)
	}
	slices.SortStableFunc(todo, func(a, b job) int { return cmp.Compare(b.cost, a.cost) })

	var (
		mu     sync.Mutex // guards failed and the log
		failed []string
		wg     sync.WaitGroup
		next   = make(chan job)
	)
	for slot := range max(1, jobs) {
		wg.Go(func() {
			for j := range next {
				mu.Lock()
				ws.logf("check %s: started", j.name)
				mu.Unlock()
				out := new(checkLog)
				start := time.Now()
				err := ws.withLog(out).checkOne(prs, j.name, slot)
				mu.Lock()
				ws.logf("check %s: done in %s", j.name, time.Since(start).Round(time.Second))
				ws.log.Write(out.bytes())
				if err != nil {
					fmt.Fprintf(ws.log, "check: %s: %v\n", j.name, err)
					failed = append(failed, j.name)
				}
				mu.Unlock()
			}
		})
	}
	for _, j := range todo {
		if ws.ctx.Err() != nil {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()
	if err := ws.ctx.Err(); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("check failed: %s", strings.Join(failed, ", "))
	}
	ws.logf("every patch applies, compiles and passes its tests alone (%d checked, %d at a time)", len(todo), jobs)
	return nil
}

// withLog returns a copy of the workspace that logs to w. The copies share
// everything else; they are for checks that run side by side.
func (ws *workspace) withLog(w io.Writer) *workspace {
	c := *ws
	c.log = w
	return &c
}

// checkLog holds one check's output until the check ends. It is safe for
// concurrent writes: the check writes its progress while os/exec copies a
// child's stderr into it from a goroutine of its own.
type checkLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *checkLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// bytes returns what was written so far.
func (l *checkLog) bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.buf.Bytes())
}

// writePRs writes the pull request of every patch (build/pr) and returns
// them by name.
func (ws *workspace) writePRs(commits []treeCommit) (map[string]*prFiles, error) {
	prs := make(map[string]*prFiles, len(commits))
	for _, c := range commits {
		pr, err := ws.writePR(commits, c.name)
		if err != nil {
			return nil, err
		}
		prs[c.name] = pr
	}
	return prs, nil
}

// applyPR applies the pull requests of the named patch's dependencies, then its
// own, with git am in wt, a worktree of pristine upstream.
func (ws *workspace) applyPR(wt string, prs map[string]*prFiles, name string) error {
	pr := prs[name]
	for _, d := range append(slices.Clone(pr.deps), name) {
		if _, err := ws.git(wt).run("am", "-q", "--empty=keep", prs[d].patch); err != nil {
			return fmt.Errorf("%s does not apply with git am on pristine upstream after %s: %v",
				ws.relPath(prs[d].patch), dependencyList(pr.deps), err)
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
	prs, err := ws.writePRs(commits)
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
			return ws.applyPR(wt, prs, c.name)
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

// checkOne checks one patch alone in worktree slot slot.
func (ws *workspace) checkOne(prs map[string]*prFiles, name string, slot int) error {
	wt, err := ws.checkSlot(slot)
	if err != nil {
		return err
	}
	if err := ws.applyPR(wt, prs, name); err != nil {
		return err
	}
	files, err := ws.git(wt).lines("diff", "--name-only", "HEAD~1", "HEAD")
	if err != nil {
		return err
	}
	pkgs := goPackages(files)
	start := time.Now()
	if err := ws.compileAll(wt); err != nil {
		return fmt.Errorf("does not compile alone: %v", err)
	}
	ws.logf("compiled in %s", time.Since(start).Round(time.Second))
	if len(pkgs) == 0 {
		return nil
	}
	start = time.Now()
	if err := ws.stream(wt, "go", append([]string{"vet"}, pkgs...)...); err != nil {
		return fmt.Errorf("go vet: %v", err)
	}
	ws.logf("vetted in %s", time.Since(start).Round(time.Second))
	start = time.Now()
	_, err = ws.goTestRerunFlaky(wt, "check", []string{"-count=1", "-timeout", "30m"}, pkgs, upstreamTests(ws.up))
	ws.logf("tested %s in %s", strings.Join(pkgs, " "), time.Since(start).Round(time.Second))
	return err
}

// compileAll compiles every package of the tree in dir, commands included,
// and links none: go list -export builds each package's export data, which
// takes a compile, and reports what does not compile. (go build ./... also
// links the 14 commands of geth's tree, 34 s here each time, cached or not;
// the tests of the packages a patch touches link their own test binaries.)
func (ws *workspace) compileAll(dir string) error {
	return ws.stream(dir, "go", "list", "-export", "-f", "{{if .Error}}{{.Error}}{{end}}", "./...")
}

// checkSlot returns worktree slot i of the assembled tree, build/check/i, at
// the upstream commit with nothing else in it: reset if it exists and belongs
// to the tree, made anew otherwise (after a reassembly, say).
func (ws *workspace) checkSlot(i int) (string, error) {
	dir := filepath.Join(ws.build, "check", strconv.Itoa(i))
	g := ws.git(dir)
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		g.run("am", "--abort") // after a patch that did not apply
		_, err := g.run("checkout", "-q", "-f", "--detach", "upstream")
		if err == nil {
			_, err = g.run("clean", "-q", "-f", "-d", "-x")
		}
		if err == nil {
			return dir, nil
		}
	}
	worktreeLock.Lock()
	defer worktreeLock.Unlock()
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	t := ws.git(ws.tree)
	if _, err := t.run("worktree", "prune"); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	if _, err := t.run("worktree", "add", "-q", "-f", "--detach", dir, "upstream"); err != nil {
		return "", err
	}
	return dir, nil
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
		worktreeLock.Lock()
		defer worktreeLock.Unlock()
		g.run("worktree", "remove", "--force", dir)
		os.RemoveAll(dir)
		g.run("worktree", "prune")
	}
	worktreeLock.Lock()
	_, err = g.run("worktree", "add", "-q", "--detach", dir, commit)
	worktreeLock.Unlock()
	if err != nil {
		remove()
		return "", nil, err
	}
	return dir, remove, nil
}

// dependencyList names a patch's dependencies for an error message.
func dependencyList(deps []string) string {
	if len(deps) == 0 {
		return "no dependencies"
	}
	return strings.Join(deps, ", ")
}
