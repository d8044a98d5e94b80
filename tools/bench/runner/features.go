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
	"fmt"
	"os/exec"
	"strings"

	"statelab/tools/bench/study"
)

// checkFeatures refuses a matrix that asks a geth binary for a flag its
// import command does not have: --bal.file for BAL types other than none,
// --rpc.telemetry.level for a telemetry level, and every flag of the
// binary's own args (a study of --bal.parallel run on a geth without it
// would otherwise fail at its first run, after the preparation).
func checkFeatures(configs []study.Config) error {
	help := map[string]string{}
	for _, c := range configs {
		type want struct{ flag, what string }
		var wants []want
		switch {
		case c.UsesBAL():
			wants = append(wants, want{"--bal.file", "BAL type " + c.BAL})
		case c.Telemetry != "":
			wants = append(wants, want{"--rpc.telemetry.level", "telemetry level " + c.Telemetry})
		}
		for _, f := range argFlags(c.Geth.Args) {
			wants = append(wants, want{f, f + " (args of binary " + c.Geth.Name + ")"})
		}
		if len(wants) == 0 {
			continue
		}
		text, ok := help[c.Geth.Path]
		if !ok {
			out, err := exec.Command(c.Geth.Path, "import", "--help").CombinedOutput()
			if err != nil {
				return fmt.Errorf("%s import --help: %v", c.Geth.Path, err)
			}
			text = string(out)
			help[c.Geth.Path] = text
		}
		for _, w := range wants {
			if !hasFlag(text, w.flag) {
				return fmt.Errorf("the study asks for %s, but %s import --help lists no %s: that feature has not landed in this binary", w.what, c.Geth.Path, w.flag)
			}
		}
	}
	return nil
}

// argFlags lists the flag names of an argument list: "--bal.parallel=false"
// and "--bal.warm", "before" give --bal.parallel and --bal.warm. geth
// accepts -flag for --flag; its help lists the long form.
func argFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			continue // a value, or the end of the flags
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		out = append(out, "--"+name)
	}
	return out
}

// hasFlag reports whether a help text lists a flag (as a whole word).
func hasFlag(help, flag string) bool {
	for _, f := range strings.Fields(help) {
		if strings.TrimRight(f, ",") == flag {
			return true
		}
	}
	return false
}
