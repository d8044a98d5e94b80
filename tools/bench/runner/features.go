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
// --rpc.telemetry.level for a telemetry level.
func checkFeatures(configs []study.Config) error {
	help := map[string]string{}
	for _, c := range configs {
		var flag, what string
		switch {
		case c.UsesBAL():
			flag, what = "--bal.file", "BAL type "+c.BAL
		case c.Telemetry != "":
			flag, what = "--rpc.telemetry.level", "telemetry level "+c.Telemetry
		default:
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
		if !hasFlag(text, flag) {
			return fmt.Errorf("the study asks for %s, but %s import --help lists no %s: that feature has not landed in this binary", what, c.Geth.Path, flag)
		}
	}
	return nil
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
