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
	"strings"
	"testing"
)

// TestWithPatchTable checks that the table replaces exactly the lines between
// the markers, one row per patch, and that a README without well-formed
// markers is refused with an error naming the problem.
func TestWithPatchTable(t *testing.T) {
	s := series{
		{file: "0001-core-a.patch", subject: "core: a"},
		{file: "0002-core-b.patch", subject: "core: b | c"},
	}
	readme := "# x\n\nIntro.\n\n" + patchTableBeg + "\n| stale | table |\n" + patchTableEnd + "\n\nRest.\n"
	got, err := withPatchTable(readme, s)
	if err != nil {
		t.Fatal(err)
	}
	want := "# x\n\nIntro.\n\n" + patchTableBeg + "\n| patch | what it does |\n|---|---|\n" +
		"| [`core-a`](docs/fork-overview.md#core-a) | core: a |\n" +
		"| [`core-b`](docs/fork-overview.md#core-b) | core: b \\| c |\n" +
		patchTableEnd + "\n\nRest.\n"
	if got != want {
		t.Errorf("README:\n%s\nwant:\n%s", got, want)
	}
	if again, _ := withPatchTable(got, s); again != got {
		t.Error("regenerating the table changed it")
	}
	for name, c := range map[string]struct{ readme, want string }{
		"no markers":     {"# x\n", "README.md has no patch table"},
		"no end":         {patchTableBeg + "\n", "README.md has no patch table"},
		"end first":      {patchTableEnd + "\n" + patchTableBeg + "\n", "<!-- patches:end --> (line 1) comes before <!-- patches:begin --> (line 2)"},
		"begin twice":    {patchTableBeg + "\n" + patchTableBeg + "\n" + patchTableEnd + "\n", "<!-- patches:begin --> appears twice (lines 1 and 2)"},
		"marker in text": {"see " + patchTableBeg + "\n" + patchTableEnd + "\n", "README.md has no patch table"},
	} {
		if _, err := withPatchTable(c.readme, s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
}
