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

// Command fixturechain turns blockchain test fixtures (the JSON of
// ethereum/tests' BlockchainTests and of execution-spec-tests'
// blockchain_tests) into chain directories that geth init and geth import
// take, laid out as chaingen writes them:
//
//	fixturechain --out DIR [--force] FILE|DIR...
//
// Every test whose blocks are all valid and form one chain from its genesis
// to its expected head becomes DIR/<test name>/ with genesis.json (the
// fixture's pre-state, genesis header fields and the chain config of its
// network, as geth's tests package runs it), chain.rlp (the blocks, as geth
// export writes them) and manifest.json (the head's root and hash, which
// chaininfo verify checks a datadir against). Tests with invalid blocks,
// side chains, blocks before the merge, unknown networks or a genesis whose
// hash is not the fixture's are skipped and counted by reason; a file that
// is not fixture JSON is an error naming the file.
//
// These are chains nobody here wrote: fresh accounts, fee recipients,
// system contracts, self-destructs and contract creation in every shape
// the consensus tests cover. docs/bal-sidecar.md shows how to check BAL
// sidecars against them.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/cliutil"
)

var (
	outFlag = &cli.StringFlag{
		Name:  "out",
		Usage: "output directory (one subdirectory per test)",
	}
	forceFlag = &cli.BoolFlag{
		Name:  "force",
		Usage: "overwrite the files of tests already in --out",
	}
)

// newApp returns the command line application, printing to out.
func newApp(out io.Writer) *cli.App {
	app := cliutil.NewApp("fixturechain", "turn blockchain test fixtures into chain directories for geth init and import")
	app.UsageText = "fixturechain --out DIR [--force] FILE|DIR..."
	app.Flags = []cli.Flag{outFlag, forceFlag}
	app.Action = convert
	app.Writer = out
	return app
}

func main() {
	cliutil.Exit("fixturechain", newApp(os.Stdout).Run(os.Args))
}

// run executes a fixturechain command line, printing to stdout.
func run(args []string) error {
	return newApp(os.Stdout).Run(append([]string{"fixturechain"}, args...))
}

// convert writes a chain directory for every convertible test of the fixture
// files and directories given as arguments, and counts the others by reason.
func convert(ctx *cli.Context) error {
	out, w := ctx.String(outFlag.Name), ctx.App.Writer
	if out == "" {
		return errors.New("--out is required")
	}
	if ctx.NArg() == 0 {
		return errors.New("no fixture files or directories given")
	}
	files, err := fixtureFiles(ctx.Args().Slice())
	if err != nil {
		return err
	}
	var (
		written int
		skipped = make(map[string][]string) // details by reason
		names   = make(dirNames)
	)
	for i, file := range files {
		tests, err := readFixtures(file)
		if s := (*skipError)(nil); errors.As(err, &s) {
			skipped[s.reason] = append(skipped[s.reason], s.detail)
			continue
		}
		if err != nil {
			return err
		}
		for _, test := range tests {
			c, err := test.convert()
			if err != nil {
				skipped[skipReason(err)] = append(skipped[skipReason(err)], skipDetail(err))
				continue
			}
			if err := c.write(out, names.unique(c.dirName()), ctx.Bool(forceFlag.Name), file); err != nil {
				return err
			}
			written++
		}
		if (i+1)%200 == 0 {
			fmt.Fprintf(w, "fixturechain: %d/%d files, %d chains written\n", i+1, len(files), written)
		}
	}
	fmt.Fprintf(w, "fixturechain: %d chains written to %s from %d files\n", written, out, len(files))
	reasons := make([]string, 0, len(skipped))
	for r := range skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		what := "tests"
		if r == lfsReason {
			what = "files"
		}
		fmt.Fprintf(w, "  skipped %d %s: %s\n", len(skipped[r]), what, r)
		for i, d := range skipped[r] {
			if i == 3 {
				fmt.Fprintf(w, "    ... and %d more\n", len(skipped[r])-3)
				break
			}
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
	return nil
}

// fixtureFiles expands the arguments: files as given, directories walked for
// *.json files.
func fixtureFiles(args []string) ([]string, error) {
	var files []string
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// dirNames hands out the directory names of one run. Test names repeat
// across files (ethereum/tests has randomStatetest384 in two), so a name
// seen before gets a numeric suffix; the manifest keeps the file and test.
type dirNames map[string]int

func (n dirNames) unique(name string) string {
	n[name]++
	if k := n[name]; k > 1 {
		unique := fmt.Sprintf("%s-%d", name, k)
		n[unique]++ // a later test literally named so gets its own suffix
		return unique
	}
	return name
}
