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
//	balgen offline --datadir D --dump dump.rlp --out F [--type 1|3|4] [--geth PATH]
//	balgen convert --in F --out G [--to json|binary] [--type 1|3|4]
//	balgen eip7928 --in F [--dump dump.rlp] --out G
//
// offline imports the dump into a copy of datadir D (whose head is the dump's
// parent) with geth import --bal.record, which records what each block reads
// with its pre-block value; D is left unchanged. online lists what blocks
// N..M of a running node read, from the prestateTracer and the block's
// system calls, and reads the values at each block's parent (traceRange).
// eip7928 writes a Type-1 sidecar with write sets from standard EIP-7928 block
// access lists (eip7928.go). The codec is geth's core/balsidecar, the overlay package of statelab's
// BAL sidecar patch.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"statelab/core/balsidecar"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "balgen:", err)
		os.Exit(1)
	}
}

const usage = "usage: balgen online|offline|convert|eip7928 [flags] (see balgen CMD -h)"

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("balgen "+args[0], flag.ContinueOnError)
	typ := fs.Int("type", 4, "sidecar type to write: 1, 3 or 4")
	outPath := fs.String("out", "", "sidecar file to write (.bal.json: JSON, otherwise binary unless --to json)")
	switch args[0] {
	case "online":
		url := fs.String("rpc", "", "JSON-RPC endpoint with the debug and eth APIs: http(s)://, ws(s):// or the path of geth.ipc")
		from := fs.Uint64("from", 0, "first block")
		to := fs.Uint64("to", 0, "last block")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *url == "" || *outPath == "" || *from == 0 || *to < *from {
			return errors.New("online needs --rpc, --out and 0 < --from <= --to")
		}
		if err := checkType(*typ); err != nil {
			return err
		}
		f, err := traceRange(*url, *from, *to, *typ, os.Stderr)
		if err != nil {
			return err
		}
		return writeFile(*outPath, "", f, out)
	case "offline":
		datadir := fs.String("datadir", "", "stopped geth datadir whose head is the dump's parent (left unchanged)")
		dump := fs.String("dump", "", "RLP block dump, as geth import reads")
		geth := fs.String("geth", defaultGeth(), "patched geth binary")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *datadir == "" || *dump == "" || *outPath == "" {
			return errors.New("offline needs --datadir, --dump and --out")
		}
		if err := checkType(*typ); err != nil {
			return err
		}
		f, err := offline(*geth, *datadir, *dump, *typ, os.Stderr)
		if err != nil {
			return err
		}
		return writeFile(*outPath, "", f, out)
	case "eip7928":
		in := fs.String("in", "", "geth export file whose blocks carry EIP-7928 access lists, or with --dump an RLP stream of access lists")
		dump := fs.String("dump", "", "block dump whose blocks the access lists of --in belong to, one list per block above genesis, in order")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *in == "" || *outPath == "" {
			return errors.New("eip7928 needs --in and --out")
		}
		var (
			f       *balsidecar.File
			without int
			err     error
		)
		if *dump != "" {
			f, err = fromAccessLists(*in, *dump)
		} else {
			f, without, err = fromExport(*in)
		}
		if err != nil {
			return err
		}
		if without > 0 {
			fmt.Fprintf(out, "balgen: %d blocks of %s carry no access list and are not listed\n", without, *in)
		}
		if len(f.Blocks) == 0 {
			return fmt.Errorf("%s: no block carries an access list", *in)
		}
		return writeFile(*outPath, "", f, out)
	case "convert":
		in := fs.String("in", "", "sidecar to read (JSON or binary)")
		to := fs.String("to", "", "form to write: json or binary (default: by --out's name)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *in == "" || *outPath == "" {
			return errors.New("convert needs --in and --out")
		}
		if *to != "" && *to != "json" && *to != "binary" {
			return fmt.Errorf("invalid --to %q (want json or binary)", *to)
		}
		f, err := balsidecar.Load(*in)
		if err != nil {
			return err
		}
		if isSet(fs, "type") {
			if err := checkType(*typ); err != nil {
				return err
			}
			if *typ > f.Type {
				return fmt.Errorf("%s is type %d, it cannot be converted up to type %d", *in, f.Type, *typ)
			}
			if err := f.Downgrade(*typ); err != nil {
				return err
			}
		}
		return writeFile(*outPath, *to, f, out)
	}
	return errors.New(usage)
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func checkType(t int) error {
	if !balsidecar.ValidType(t) {
		return fmt.Errorf("invalid --type %d (want 1, 3 or 4)", t)
	}
	return nil
}
