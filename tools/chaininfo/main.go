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
	"flag"
	"fmt"
	"io"
	"os"

	"statelab/tools/internal/chainhead"
	"statelab/tools/internal/dumpmanifest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "chaininfo:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: chaininfo head|verify|files|persist [flags]")
	}
	fs := flag.NewFlagSet("chaininfo "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	datadir := fs.String("datadir", "", "geth data directory")
	manifestPath := fs.String("manifest", "", "dumpgen manifest.json")
	file := fs.String("file", "", "manifest file whose end the head must be (default: the last population file)")
	role := fs.String("role", "", "list only files of this role")
	if err := fs.Parse(args[1:]); err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("%s: unexpected arguments %v", args[0], fs.Args())
	}
	switch args[0] {
	case "head":
		head, err := chainhead.Read(*datadir)
		if err != nil {
			return err
		}
		return printJSON(out, head)
	case "verify":
		m, err := dumpmanifest.Read(*manifestPath)
		if err != nil {
			return err
		}
		head, want, err := chainhead.Verify(*datadir, m, *file)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "ok: block %d state root %s matches %s (group depth %d)\n", head.Number, head.Root.Hex(), want.File, head.GroupDepth)
		return nil
	case "persist":
		res, err := persistState(*datadir)
		if err != nil {
			return err
		}
		return printJSON(out, res)
	case "files":
		m, err := dumpmanifest.Read(*manifestPath)
		if err != nil {
			return err
		}
		for _, f := range m.Files {
			if *role == "" || f.Role == *role {
				fmt.Fprintln(out, f.File)
			}
		}
		return nil
	default:
		return fmt.Errorf("unknown command %q (head, verify, files, persist)", args[0])
	}
}

func printJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
