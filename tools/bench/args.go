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
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst rewrites `bench run STUDY.toml --scale smoke --out DIR` into
// `bench run --scale smoke --out DIR STUDY.toml`: urfave/cli stops parsing
// flags at the first positional argument. It applies to the run command only,
// whose flags all take a value but its boolean flags.
func flagsFirst(args []string) []string {
	if len(args) < 3 || args[1] != "run" {
		return args
	}
	out := []string{args[0], args[1]}
	var positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			positional = append(positional, rest[i+1:]...)
			i = len(rest)
		case len(a) > 1 && a[0] == '-':
			out = append(out, a)
			if !strings.Contains(a, "=") && !isBoolFlag(a) && i+1 < len(rest) && a != "-h" && a != "--help" {
				out = append(out, rest[i+1])
				i++
			}
		default:
			positional = append(positional, a)
		}
	}
	return append(out, positional...)
}

// isBoolFlag reports whether a flag token (--prepare-only, -prepare-only)
// names one of the run command's boolean flags, which take no value.
func isBoolFlag(token string) bool {
	name := strings.TrimLeft(token, "-")
	for _, f := range runCommand.Flags {
		if _, ok := f.(*cli.BoolFlag); ok && slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}
