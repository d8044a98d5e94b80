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
	"context"
	"fmt"
	"strings"

	"statelab/tools/bench/study"
	"statelab/tools/internal/gethrun"
)

// checkFeatures refuses a matrix that asks a geth binary for a flag its
// import command does not have: --bal.file for BAL types other than none,
// --rpc.telemetry.level for a telemetry level, --db.blocksize for a block
// size, and every flag of the binary's own args (a study of --bal.parallel
// run on a geth without it would otherwise fail at its first run, after the
// preparation).
func checkFeatures(configs []study.Config) error {
	help := map[string]string{}
	for _, c := range configs {
		for _, need := range neededFlags(c) {
			text, ok := help[c.Geth.Path]
			if !ok {
				var out strings.Builder
				cmd := &gethrun.Cmd{Path: c.Geth.Path, Args: []string{"import", "--help"}, Name: c.Geth.Path + " import --help",
					OnLine: func(line string) { out.WriteString(line + "\n") }}
				if err := cmd.Run(context.Background()); err != nil {
					return err
				}
				text = out.String()
				help[c.Geth.Path] = text
			}
			if !hasFlag(text, need.flag) {
				return fmt.Errorf("the study asks for %s, but %s import --help lists no %s: that feature has not landed in this binary", need.what, c.Geth.Path, need.flag)
			}
		}
	}
	return nil
}

// neededFlag is a geth flag a configuration needs, and what of it does.
type neededFlag struct{ flag, what string }

// neededFlags lists the flags of a configuration that not every geth has.
func neededFlags(c study.Config) []neededFlag {
	var out []neededFlag
	if c.UsesBAL() {
		out = append(out, neededFlag{"--bal.file", "BAL type " + c.BAL})
	}
	if c.Telemetry != "" {
		out = append(out, neededFlag{"--rpc.telemetry.level", "telemetry level " + c.Telemetry})
	}
	if c.BlockSize != 0 {
		out = append(out, neededFlag{"--db.blocksize", "block size " + study.FormatBlockSize(c.BlockSize)})
	}
	for _, f := range argFlags(c.Geth.Args) {
		out = append(out, neededFlag{f, f + " (args of binary " + c.Geth.Name + ")"})
	}
	return out
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
