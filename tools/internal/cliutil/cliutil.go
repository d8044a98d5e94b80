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

// Package cliutil is the command-line style statelab's tools share, geth's
// conventions for urfave/cli v2 (cmd/geth, cmd/evm): flags are package-level
// variables with a Name, Usage, Value, EnvVars and Category, commands are
// *cli.Command values whose Action returns an error, and main prints that
// error on one line and exits 1. Both -flag and --flag work.
package cliutil

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"
)

// NewApp returns an app named name, without a help command or version flag,
// that returns a usage error (an unknown flag, a bad value) as an error
// naming its remedy instead of printing the help.
func NewApp(name, usage string) *cli.App {
	return &cli.App{
		Name:            name,
		Usage:           usage,
		HideHelpCommand: true,
		OnUsageError:    UsageError,
		Writer:          os.Stdout,
		ErrWriter:       os.Stderr,
	}
}

// UsageError is the OnUsageError of statelab's apps and commands: it returns
// err, prefixed with the command it belongs to and followed by where the help
// is, e.g. "head: flag provided but not defined: -nope (see chaininfo head -h)".
func UsageError(ctx *cli.Context, err error, isSubcommand bool) error {
	if cmd := ctx.Command; isSubcommand && cmd != nil {
		return fmt.Errorf("%s: %v (see %s %s -h)", cmd.Name, err, ctx.App.Name, cmd.Name)
	}
	return fmt.Errorf("%v (see %s -h)", err, ctx.App.Name)
}

// Exit ends a tool's main: with status 0 for a nil err, else printing err as
// "name: err" to stderr and exiting 1.
func Exit(name string, err error) {
	if err == nil {
		os.Exit(0)
	}
	fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
	os.Exit(1)
}

// NoArgs returns an error if the command line has arguments after its flags,
// for commands that take none.
func NoArgs(ctx *cli.Context) error {
	if ctx.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %v", ctx.Args().Slice())
	}
	return nil
}
