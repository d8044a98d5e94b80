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
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandLine checks command lines that fail before any work: each is an
// error naming the problem.
func TestCommandLine(t *testing.T) {
	ws := newFixture(t).ws
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"nonsense"}, `unknown command "nonsense"`},
		{[]string{"lint", "extra"}, `lint takes no arguments (got ["extra"])`},
		{[]string{"--bogus"}, "flag provided but not defined: -bogus (see patchset -h)"},
		{[]string{"check", "--bogus"}, "check: flag provided but not defined: -bogus (see patchset check -h)"},
	} {
		err := newApp().RunContext(context.Background(), append([]string{"patchset", "-C", ws.root}, tc.args...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
	missing := filepath.Join(t.TempDir(), "none")
	if err := newApp().Run([]string{"patchset", "-C", missing, "lint"}); err == nil || !strings.Contains(err.Error(), "is not the statelab repository") {
		t.Errorf("-C %s: %v", missing, err)
	}
}
