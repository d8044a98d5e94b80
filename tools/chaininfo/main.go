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

// Command chaininfo reads the head of a stopped geth datadir and checks it against
// a dumpgen manifest. head, verify and files open the chain database
// read-only and never write; persist writes the state that a path-scheme
// datadir keeps in its journal to the key-value store (see persistState).
//
//	chaininfo head --datadir D                      print head number, hash, state root, group depth
//	chaininfo verify --datadir D --manifest M [--file F]
//	                                                exit 1 unless the head is the end of file F
//	                                                (default: the population) of manifest M
//	chaininfo files --manifest M [--role R]         list the manifest's files, in order
//	chaininfo persist --datadir D                   write the journaled state layers of D to disk
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/chainhead"
	"statelab/tools/internal/cliutil"
	"statelab/tools/internal/dumpmanifest"
)

var (
	datadirFlag = &cli.StringFlag{
		Name:  "datadir",
		Usage: "geth data directory (of a stopped geth)",
	}
	manifestFlag = &cli.StringFlag{
		Name:  "manifest",
		Usage: "dumpgen manifest.json",
	}
	fileFlag = &cli.StringFlag{
		Name:        "file",
		Usage:       "manifest file whose end the head must be",
		DefaultText: "the last population file",
	}
	roleFlag = &cli.StringFlag{
		Name:        "role",
		Usage:       "list only files of this role (population, workload)",
		DefaultText: "every file",
	}
)

var (
	headCommand = &cli.Command{
		Name:         "head",
		Usage:        "print the head's number, hash, state root and group depth as JSON",
		Flags:        []cli.Flag{datadirFlag},
		Action:       head,
		OnUsageError: cliutil.UsageError,
	}
	verifyCommand = &cli.Command{
		Name:         "verify",
		Usage:        "exit 1 unless the head is the end of a file of the manifest",
		Flags:        []cli.Flag{datadirFlag, manifestFlag, fileFlag},
		Action:       verify,
		OnUsageError: cliutil.UsageError,
	}
	filesCommand = &cli.Command{
		Name:         "files",
		Usage:        "list the manifest's files, in import order",
		Flags:        []cli.Flag{manifestFlag, roleFlag},
		Action:       files,
		OnUsageError: cliutil.UsageError,
	}
	persistCommand = &cli.Command{
		Name:         "persist",
		Usage:        "write the state layers a path-scheme datadir keeps in its journal to disk",
		Flags:        []cli.Flag{datadirFlag},
		Action:       persist,
		OnUsageError: cliutil.UsageError,
	}
)

// newApp returns the command line application, printing to out.
func newApp(out io.Writer) *cli.App {
	app := cliutil.NewApp("chaininfo", "read the head of a stopped geth datadir and check it against a manifest")
	app.Commands = []*cli.Command{headCommand, verifyCommand, filesCommand, persistCommand}
	app.Action = func(ctx *cli.Context) error {
		if ctx.NArg() > 0 {
			return fmt.Errorf("unknown command %q (head, verify, files, persist)", ctx.Args().First())
		}
		return errors.New("usage: chaininfo head|verify|files|persist [flags]")
	}
	app.Writer = out
	return app
}

func main() {
	cliutil.Exit("chaininfo", newApp(os.Stdout).Run(os.Args))
}

// head prints the head of --datadir.
func head(ctx *cli.Context) error {
	if err := cliutil.NoArgs(ctx); err != nil {
		return err
	}
	h, err := chainhead.Read(ctx.String(datadirFlag.Name))
	if err != nil {
		return err
	}
	return printJSON(ctx.App.Writer, h)
}

// verify checks the head of --datadir against the end of --file of --manifest.
func verify(ctx *cli.Context) error {
	if err := cliutil.NoArgs(ctx); err != nil {
		return err
	}
	m, err := dumpmanifest.Read(ctx.String(manifestFlag.Name))
	if err != nil {
		return err
	}
	h, want, err := chainhead.Verify(ctx.String(datadirFlag.Name), m, ctx.String(fileFlag.Name))
	if err != nil {
		return err
	}
	fmt.Fprintf(ctx.App.Writer, "ok: block %d state root %s matches %s (group depth %d)\n", h.Number, h.Root.Hex(), want.File, h.GroupDepth)
	return nil
}

// files lists the files of --manifest, of --role if given.
func files(ctx *cli.Context) error {
	if err := cliutil.NoArgs(ctx); err != nil {
		return err
	}
	m, err := dumpmanifest.Read(ctx.String(manifestFlag.Name))
	if err != nil {
		return err
	}
	role := ctx.String(roleFlag.Name)
	for _, f := range m.Files {
		if role == "" || f.Role == role {
			fmt.Fprintln(ctx.App.Writer, f.File)
		}
	}
	return nil
}

// persist writes the journaled state of --datadir to disk.
func persist(ctx *cli.Context) error {
	if err := cliutil.NoArgs(ctx); err != nil {
		return err
	}
	res, err := persistState(ctx.String(datadirFlag.Name))
	if err != nil {
		return err
	}
	return printJSON(ctx.App.Writer, res)
}

func printJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
