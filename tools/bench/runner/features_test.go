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

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/study"
)

// TestArgFlags checks the flag names read from a binary's args: values and
// "=value" are left out, -flag is read as --flag.
func TestArgFlags(t *testing.T) {
	got := argFlags([]string{"--bal.parallel=false", "--bal.warm", "before", "-cache", "64", "--bal.prefetch-workers=25", "--", "-"})
	want := "--bal.parallel --bal.warm --cache --bal.prefetch-workers"
	if strings.Join(got, " ") != want {
		t.Errorf("argFlags = %v, want %s", got, want)
	}
}

// fakeGeth writes a geth whose import --help lists the given flags as
// geth's help does (name, value, default), and returns its path.
func fakeGeth(t *testing.T, flags ...string) string {
	t.Helper()
	var help strings.Builder
	for _, f := range flags {
		help.WriteString("    " + f + " value    (default: 0)\n          what it does\n")
	}
	path := filepath.Join(t.TempDir(), "geth")
	script := "#!/bin/sh\ncat <<'HELP'\nNAME:\n   geth import\nOPTIONS:\n" + help.String() + "HELP\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCheckFeatures checks that a binary's args, BAL types and telemetry
// levels are refused before anything is prepared when the binary's import
// command lacks their flag, with an error naming the flag and the binary.
func TestCheckFeatures(t *testing.T) {
	full := fakeGeth(t, "--bal.file", "--bal.parallel", "--bal.prefetch-workers", "--rpc.telemetry.level")
	old := fakeGeth(t, "--bal.file", "--cache")
	seq := study.Binary{Name: "seq", Path: full, Args: []string{"--bal.parallel=false"}}
	broken := filepath.Join(t.TempDir(), "geth")
	if err := os.WriteFile(broken, []byte("#!/bin/sh\necho 'Fatal: cannot open the keystore' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		c    study.Config
		want string // "": accepted
	}{
		{"args listed", study.Config{Geth: seq, BAL: "type4"}, ""},
		{"no args", study.Config{Geth: study.Binary{Name: "upstream", Path: old}, BAL: "none"}, ""},
		{"args missing", study.Config{Geth: study.Binary{Name: "w25", Path: old, Args: []string{"--cache", "64", "--bal.prefetch-workers=25"}}, BAL: "none"},
			"the study asks for --bal.prefetch-workers (args of binary w25), but " + old + " import --help lists no --bal.prefetch-workers"},
		{"bal missing", study.Config{Geth: study.Binary{Name: "x", Path: fakeGeth(t, "--cache")}, BAL: "type1"}, "asks for BAL type type1"},
		{"telemetry missing", study.Config{Geth: study.Binary{Name: "x", Path: old}, BAL: "none", Telemetry: "node"}, "lists no --rpc.telemetry.level"},
		{"block size listed", study.Config{Geth: study.Binary{Name: "x", Path: fakeGeth(t, "--bal.file", "--db.blocksize")}, BAL: "type1", BlockSize: 16 << 10}, ""},
		{"block size missing", study.Config{Geth: study.Binary{Name: "x", Path: old}, BAL: "type1", BlockSize: 16 << 10}, "asks for block size 16KiB, but"},
		{"help fails", study.Config{Geth: study.Binary{Name: "x", Path: broken}, BAL: "type1"}, broken + " import --help: exit status 1: Fatal: cannot open the keystore"},
	} {
		err := checkFeatures([]study.Config{tt.c})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}
