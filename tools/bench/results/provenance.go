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

package results

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// A study's commit says which statelab made its runs: for a run that
// appends to the dataset, the commit bench was built from; for results
// imported later, the commit that added them to the repository.

// AddedIn is the git commit that added a file, or "" when it is not in a
// git work tree or not committed.
func AddedIn(path string) string {
	cmd := exec.Command("git", "log", "-1", "--diff-filter=A", "--format=%H", "--", filepath.Base(path))
	cmd.Dir = filepath.Dir(path)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// HeadCommit is the statelab commit bench was built from: the VCS stamp of
// its binary, else HEAD of the git work tree it runs in, marked "-dirty"
// when the tree had changes; "" if neither is known.
func HeadCommit() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev string
		dirty := false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			if dirty {
				rev += "-dirty"
			}
			return rev
		}
	}
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	if status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(status)) > 0 {
		rev += "-dirty"
	}
	return rev
}
