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

// Command balgen writes BAL sidecars for geth import --bal.file
// (docs/bal-sidecar.md) and converts them between their JSON and binary forms.
//
//	balgen online  --rpc URL --from N --to M --out F [--type 1|3|4]
//	balgen offline --datadir D --dump dump.rlp --out F [--type 1|3|4] [--geth PATH | --bin DIR]
//	balgen convert --in F --out G [--to json|binary] [--type 1|3]
//	balgen eip7928 --in F [--dump dump.rlp] --out G
//
// offline imports the dump into a copy of datadir D (whose head is the dump's
// parent) with geth import --bal.record, which records what each block reads
// with its pre-block value; D is left unchanged. online lists what blocks
// N..M of a running node read, from the prestateTracer and the block's
// system calls, and reads the values at each block's parent (traceRange).
// eip7928 writes a Type-1 sidecar with write sets from standard EIP-7928 block
// access lists (eip7928.go). The codec is geth's core/balsidecar, the overlay
// package of statelab's BAL sidecar patch.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"statelab/core/balsidecar"
)

// Flags more than one command takes.
var (
	outFlag = &cli.StringFlag{
		Name:     "out",
		Usage:    "sidecar file to write: JSON if its name ends in .json, else binary (convert: unless --to says otherwise)",
		Required: true,
	}
	typeFlag = &cli.StringFlag{
		Name:  "type",
		Usage: "sidecar type to write: 1, 3 or 4",
		Value: balsidecar.TypeFullPrestate.String(),
	}
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "balgen:", err)
		os.Exit(1)
	}
}

// run runs balgen with the given arguments (without the program name):
// results go to out, progress and help to errOut.
func run(args []string, out, errOut io.Writer) error {
	app := &cli.App{
		Name:     "balgen",
		Usage:    "write BAL sidecars for geth import --bal.file, and convert them",
		Commands: []*cli.Command{onlineCommand, offlineCommand, convertCommand, eip7928Command},
		Action: func(ctx *cli.Context) error {
			if ctx.Args().Present() {
				return fmt.Errorf("unknown command %q (want online, offline, convert or eip7928)", ctx.Args().First())
			}
			cli.ShowAppHelp(ctx)
			return errors.New("no command given (want online, offline, convert or eip7928)")
		},
		Writer:    out,
		ErrWriter: errOut,
	}
	return app.Run(append([]string{"balgen"}, args...))
}

// noArgs refuses arguments left after the flags: a flag given after one of
// them would otherwise be ignored.
func noArgs(ctx *cli.Context) error {
	if ctx.Args().Present() {
		return fmt.Errorf("unexpected arguments %q (flags go before any other argument, and balgen %s takes none)", strings.Join(ctx.Args().Slice(), " "), ctx.Command.Name)
	}
	return nil
}

// sidecarType returns the type named by the flag f of ctx.
func sidecarType(ctx *cli.Context, f *cli.StringFlag) (balsidecar.Type, error) {
	typ, err := balsidecar.ParseType(ctx.String(f.Name))
	if err != nil {
		return 0, fmt.Errorf("invalid --%s %s: %w", f.Name, ctx.String(f.Name), err)
	}
	return typ, nil
}
