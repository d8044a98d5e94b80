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
// blockchain_tests, blockchain_tests_engine and blockchain_tests_engine_x)
// and Engine API payload sets (JSON-RPC request lines, as
// NethermindEth/gas-benchmarks ships them) into chain directories that geth
// init and geth import take, laid out as chaingen writes them:
//
//	fixturechain --out DIR [--force] [--genesis GENESIS.json] FILE|DIR...
//
// Every test whose blocks are all valid and form one chain from its genesis
// to its expected head becomes DIR/<test name>/ with genesis.json (the
// fixture's pre-state, genesis header fields and the chain config of its
// network, as geth's tests package runs it), chain.rlp (the blocks, as geth
// export writes them) and manifest.json (the head's root and hash, which
// chaininfo verify checks a datadir against). Tests with invalid blocks,
// side chains, blocks before the merge, unknown networks or a genesis whose
// hash is not the fixture's are skipped and counted by reason, naming the
// test and block; a run that converts nothing fails. A file that is not
// fixture JSON, a payload file that is cut short, and a payload set made for
// another genesis than --genesis are errors naming the file, test and block.
//
// These are chains nobody here wrote: fresh accounts, fee recipients,
// system contracts, self-destructs and contract creation in every shape
// the consensus tests cover. docs/bal-sidecar.md shows how to check BAL
// sidecars against them, docs/eest-benchmarks.md the benchmark releases.
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

	"github.com/ethereum/go-ethereum/core"
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
	genesisFlag = &cli.StringFlag{
		Name:  "genesis",
		Usage: "geth genesis file the payload sets (.txt files of Engine API requests) were made for",
	}
)

// newApp returns the command line application, printing to out.
func newApp(out io.Writer) *cli.App {
	app := cliutil.NewApp("fixturechain", "turn blockchain test fixtures into chain directories for geth init and import")
	app.UsageText = "fixturechain --out DIR [--force] [--genesis GENESIS.json] FILE|DIR..."
	app.Flags = []cli.Flag{outFlag, forceFlag, genesisFlag}
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
// files, payload files and directories given as arguments, and counts the
// others by reason.
func convert(ctx *cli.Context) error {
	out, w := ctx.String(outFlag.Name), ctx.App.Writer
	if out == "" {
		return errors.New("--out is required")
	}
	if ctx.NArg() == 0 {
		return errors.New("no fixture files or directories given")
	}
	files, payloadFiles, err := inputFiles(ctx.Args().Slice())
	if err != nil {
		return err
	}
	var genesis *core.Genesis
	if len(payloadFiles) > 0 {
		path := ctx.String(genesisFlag.Name)
		if path == "" {
			return fmt.Errorf("%d payload files (.txt, e.g. %s) need --genesis: the genesis they were made for", len(payloadFiles), payloadFiles[0])
		}
		if genesis, err = readGenesis(path); err != nil {
			return err
		}
	} else if ctx.IsSet(genesisFlag.Name) {
		return errors.New("--genesis is for payload files (.txt), and none were given")
	}
	c := &converter{out: out, force: ctx.Bool(forceFlag.Name), w: w, names: make(dirNames), skipped: make(map[string][]string)}
	for i, file := range files {
		if err := c.fixtureFile(file); err != nil {
			return err
		}
		if (i+1)%200 == 0 {
			fmt.Fprintf(w, "fixturechain: %d/%d files, %d chains written\n", i+1, len(files), c.written)
		}
	}
	sets := groupPayloadSets(payloadFiles)
	for i, set := range sets {
		ch, err := set.convert(genesis, ctx.String(genesisFlag.Name))
		if err := c.add("payload set "+set.name, ch, err); err != nil {
			return err
		}
		if (i+1)%200 == 0 {
			fmt.Fprintf(w, "fixturechain: %d/%d payload sets, %d chains written\n", i+1, len(sets), c.written)
		}
	}
	fmt.Fprintf(w, "fixturechain: %d chains written to %s from %d fixture files and %d payload sets\n", c.written, out, len(files), len(sets))
	c.report()
	if c.written == 0 {
		return errors.New("no chain written: every test was skipped, for the reasons above")
	}
	return nil
}

// converter writes the chains of one run and counts the tests it skips.
type converter struct {
	out     string
	force   bool
	w       io.Writer
	names   dirNames
	groups  preAllocs
	written int
	skipped map[string][]string // details by reason
}

// fixtureFile converts the tests of one fixture file.
func (c *converter) fixtureFile(file string) error {
	tests, err := readFixtures(file)
	if s := (*skipError)(nil); errors.As(err, &s) {
		c.skipped[s.reason] = append(c.skipped[s.reason], s.detail)
		return nil
	}
	if err != nil {
		return err
	}
	for _, test := range tests {
		ch, err := test.convert(&c.groups)
		if err := c.add(file, ch, err); err != nil {
			return err
		}
	}
	return nil
}

// add writes a converted chain, its manifest naming source, or counts the
// skip; other errors end the run.
func (c *converter) add(source string, ch *chain, err error) error {
	if s := (*skipError)(nil); errors.As(err, &s) {
		c.skipped[s.reason] = append(c.skipped[s.reason], s.detail)
		return nil
	}
	if err != nil {
		return err
	}
	if err := ch.write(c.out, c.names.unique(ch.dirName()), c.force, source); err != nil {
		return err
	}
	c.written++
	return nil
}

// report prints the skips by reason, naming the first three of each.
func (c *converter) report() {
	reasons := make([]string, 0, len(c.skipped))
	for r := range c.skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		what := "tests"
		if r == lfsReason {
			what = "files"
		}
		fmt.Fprintf(c.w, "  skipped %d %s: %s\n", len(c.skipped[r]), what, r)
		for i, d := range c.skipped[r] {
			if i == 3 {
				fmt.Fprintf(c.w, "    ... and %d more\n", len(c.skipped[r])-3)
				break
			}
			fmt.Fprintf(c.w, "    %s\n", d)
		}
	}
}

// inputFiles expands the arguments into fixture files and payload files
// (.txt): files as given, directories walked for *.json files outside
// pre_alloc directories and for *.txt files.
func inputFiles(args []string) (fixtures, payloads []string, err error) {
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, nil, err
		}
		if !info.IsDir() {
			if strings.HasSuffix(arg, ".txt") {
				payloads = append(payloads, arg)
			} else {
				fixtures = append(fixtures, arg)
			}
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "pre_alloc" {
				return filepath.SkipDir // engine_x genesis groups, read by the tests naming them
			}
			switch {
			case d.IsDir():
			case strings.HasSuffix(path, ".json"):
				fixtures = append(fixtures, path)
			case strings.HasSuffix(path, ".txt"):
				payloads = append(payloads, path)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	return fixtures, payloads, nil
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
