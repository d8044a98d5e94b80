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
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/runner"
	"statelab/tools/internal/statekind"
)

var abCommand = &cli.Command{
	Name:  "ab",
	Usage: "compare two geth binaries on one workload dump, cold cache, and print the ratio B/A with its CI",
	Flags: []cli.Flag{abAFlag, abBFlag, abDumpFlag, abGenesisFlag, abPopulationFlag, abTrieFlag, abGroupDepthFlag,
		abRunsFlag, abArgsAFlag, abArgsBFlag, outFlag, workFlag, binFlag, memLimitFlag, gethCacheFlag, cgroupParentFlag, prepareJobsFlag, appendFlag},
	Action: compareAB,
	Description: `Prepares a datadir per binary (one for both when --a and --b are the same
binary and only their flags differ), alternates cold runs of A and B, writes
the report into --out (default: an ab-TIME directory in --work) and prints
each metric's medians and the ratio B/A with its bootstrap CI and U test.`,
}

// compareAB runs an A/B comparison.
func compareAB(ctx *cli.Context) error {
	out := ctx.String(outFlag.Name)
	if out == "" {
		out = filepath.Join(ctx.String(workFlag.Name), "ab-"+time.Now().UTC().Format("20060102-150405"))
	}
	jobs, err := prepareJobs(ctx)
	if err != nil {
		return err
	}
	if err := checkAppend(ctx, out); err != nil {
		return err
	}
	trie, err := abTrie(ctx)
	if err != nil {
		return err
	}
	spec := &runner.ABSpec{
		Out:          out,
		Work:         ctx.String(workFlag.Name),
		Bin:          ctx.String(binFlag.Name),
		Log:          os.Stderr,
		A:            ctx.String(abAFlag.Name),
		B:            ctx.String(abBFlag.Name),
		Dump:         ctx.String(abDumpFlag.Name),
		Genesis:      ctx.String(abGenesisFlag.Name),
		Population:   ctx.StringSlice(abPopulationFlag.Name),
		Trie:         trie,
		GroupDepth:   ctx.Int(abGroupDepthFlag.Name),
		Runs:         ctx.Int(abRunsFlag.Name),
		ArgsA:        strings.Fields(ctx.String(abArgsAFlag.Name)),
		ArgsB:        strings.Fields(ctx.String(abArgsBFlag.Name)),
		MemLimit:     ctx.String(memLimitFlag.Name),
		GethCache:    ctx.String(gethCacheFlag.Name),
		CgroupParent: ctx.String(cgroupParentFlag.Name),
		PrepareJobs:  jobs,
	}
	if err := runner.RunAB(spec, ctx.App.Writer); err != nil {
		return err
	}
	fmt.Fprintf(ctx.App.Writer, "\nreport: %s\n", filepath.Join(out, "report.md"))
	return appendRun(ctx, out)
}

// abTrie is the --trie of an A/B comparison, nil when not given (the
// manifest's then).
func abTrie(ctx *cli.Context) (*statekind.Trie, error) {
	if !ctx.IsSet(abTrieFlag.Name) {
		return nil, nil
	}
	var trie statekind.Trie
	if err := trie.UnmarshalText([]byte(ctx.String(abTrieFlag.Name))); err != nil {
		return nil, fmt.Errorf("--trie: %v", err)
	}
	return &trie, nil
}
