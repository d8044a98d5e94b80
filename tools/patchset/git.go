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
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// gitConfig fixes the settings that change what git writes, so that assembly
// and export give the same bytes on every machine. The user's and the system's
// git configuration are not read (see gitEnv).
var gitConfig = []string{
	"-c", "core.autocrlf=false",
	"-c", "diff.renames=false",
	"-c", "core.quotepath=off",
	"-c", "advice.detachedHead=false",
	"-c", "init.defaultBranch=main",
	"-c", "commit.gpgsign=false",
}

// formatPatch are the flags of every git format-patch statelab runs: the patch
// files' format. Changing them changes every exported patch.
var formatPatch = []string{"format-patch", "--stdout", "--zero-commit", "--no-signature", "--full-index",
	"--always", "--stat=80", "--subject-prefix=PATCH", "-N"}

// gitEnv is the environment of every git command: a fixed committer, statelab
// as the author of commits made without one, and no user or system config.
func gitEnv(extra ...string) []string {
	env := append(os.Environ(),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_COMMITTER_NAME=statelab",
		"GIT_COMMITTER_EMAIL=statelab@localhost",
	)
	if os.Getenv("GIT_AUTHOR_NAME") == "" {
		env = append(env, "GIT_AUTHOR_NAME=statelab")
	}
	if os.Getenv("GIT_AUTHOR_EMAIL") == "" {
		env = append(env, "GIT_AUTHOR_EMAIL=statelab@localhost")
	}
	return append(env, extra...)
}

// git runs git commands in one directory.
type git struct {
	ctx context.Context
	dir string
}

func (ws *workspace) git(dir string) git {
	return git{ctx: ws.ctx, dir: dir}
}

// run runs git with the given arguments and returns its standard output.
func (g git) run(args ...string) (string, error) {
	return g.runWith(nil, "", args...)
}

// runWith runs git with extra environment variables and standard input.
func (g git) runWith(env []string, stdin string, args ...string) (string, error) {
	cmd := exec.CommandContext(g.ctx, "git", append(append([]string{}, gitConfig...), args...)...)
	cmd.Dir = g.dir
	cmd.Env = gitEnv(env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(stdout.String())
		}
		return stdout.String(), fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return stdout.String(), nil
}

// line runs git and returns its output without the final newline.
func (g git) line(args ...string) (string, error) {
	out, err := g.run(args...)
	return strings.TrimRight(out, "\n"), err
}

// lines runs git and returns its output lines, without empty ones.
func (g git) lines(args ...string) ([]string, error) {
	out, err := g.run(args...)
	if err != nil {
		return nil, err
	}
	return strings.Fields(out), nil
}

// authorEnv returns the environment that makes a new commit carry commit c's
// author and date, with c's author date as committer date.
func (g git) authorEnv(c string) ([]string, error) {
	out, err := g.run("log", "-1", "--format=%an%x00%ae%x00%aD", c)
	if err != nil {
		return nil, err
	}
	f := strings.Split(strings.TrimRight(out, "\n"), "\x00")
	if len(f) != 3 {
		return nil, fmt.Errorf("commit %s: unexpected author %q", c, out)
	}
	return []string{"GIT_AUTHOR_NAME=" + f[0], "GIT_AUTHOR_EMAIL=" + f[1], "GIT_AUTHOR_DATE=" + f[2], "GIT_COMMITTER_DATE=" + f[2]}, nil
}

// dirty reports whether the work tree has uncommitted changes or untracked files.
func (g git) dirty() (bool, error) {
	out, err := g.run("status", "--porcelain", "--untracked-files=normal")
	return out != "", err
}
