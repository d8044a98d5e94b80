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
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/prepare"
	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/runner"
	"statelab/tools/bench/study"
)

var (
	outFlag = &cli.StringFlag{
		Name:  "out",
		Usage: "report directory (report.md, plots, benchstat.txt, runs.json, logs/)",
	}
	workFlag = &cli.StringFlag{
		Name:  "work",
		Usage: "work directory for dumps, prepared datadirs and the scratch datadir (reused across runs)",
		Value: filepath.Join(os.TempDir(), "statelab-bench"),
	}
	binFlag = &cli.StringFlag{
		Name:    "bin",
		Usage:   "directory of geth, dumpgen, balgen, chaininfo and tracesum; relative binary paths in a study resolve against it",
		Value:   "build/bin",
		EnvVars: []string{"STATELAB_BIN"},
	}
	scaleFlag = &cli.StringFlag{
		Name:  "scale",
		Usage: "scale defined in the study file (smoke, small, ...)",
		Value: "smoke",
	}
)

var (
	tracesFlag = &cli.StringFlag{
		Name:  "traces",
		Usage: "Jaeger query URL (e.g. http://127.0.0.1:16686): runs with a telemetry level export their spans to --otlp and their block traces are summarized with tracesum into traces/",
	}
	otlpFlag = &cli.StringFlag{
		Name:  "otlp",
		Usage: "OTLP endpoint of the Jaeger given by --traces",
		Value: "http://127.0.0.1:4318",
	}
)

var (
	memLimitFlag = &cli.StringFlag{
		Name:  "mem-limit",
		Usage: "bound every cold run's geth, page cache included, with a memory cgroup (v1 or v2) of this size, e.g. 768MiB; run: \"auto\" scales the study's [node] memory-to-state ratio; replaces the scale's mem_limit",
	}
	gethCacheFlag = &cli.StringFlag{
		Name:  "geth-cache",
		Usage: "geth's --cache as a size, e.g. 48MiB; run: \"auto\" scales the study's [node] cache-to-state ratio; replaces the scale's geth_cache",
	}
	prepareOnlyFlag = &cli.BoolFlag{
		Name:  "prepare-only",
		Usage: "make the dumps, prepared datadirs and sidecars of the study, then stop without measuring (to prepare a study while another one measures)",
	}
	prepareJobsFlag = &cli.IntFlag{
		Name:  "prepare-jobs",
		Usage: "dumps and prepared datadirs made at once (dumpgen takes about a core and up to 9 GB at 10^7 entries, a population import a core or more and about 4 GB)",
		Value: prepare.DefaultJobs,
	}
	cgroupParentFlag = &cli.StringFlag{
		Name:  "cgroup-parent",
		Usage: "cgroup directory to make the memory-bounded runs' cgroups in (default: bench's own memory cgroup on cgroup v1, the root on cgroup v2)",
	}
)

var runStudyCommand = &cli.Command{
	Name:      "run",
	Usage:     "run a study",
	ArgsUsage: "STUDY.toml",
	Flags:     []cli.Flag{scaleFlag, outFlag, workFlag, binFlag, tracesFlag, otlpFlag, memLimitFlag, gethCacheFlag, cgroupParentFlag, prepareOnlyFlag, prepareJobsFlag},
	Action:    runAction,
}

var reportCommand = &cli.Command{
	Name:   "report",
	Usage:  "rewrite the report, plots and benchstat file of --out from its runs.json and meta.json",
	Flags:  []cli.Flag{outFlag},
	Action: reportAction,
}

var abCommand = &cli.Command{
	Name:  "ab",
	Usage: "compare two geth binaries on one workload dump, cold cache, and print the ratio B/A with its CI",
	Flags: []cli.Flag{
		&cli.StringFlag{Name: "a", Usage: "geth binary A (the baseline)", Required: true},
		&cli.StringFlag{Name: "b", Usage: "geth binary B", Required: true},
		&cli.StringFlag{Name: "dump", Usage: "workload block file to import", Required: true},
		&cli.StringFlag{Name: "genesis", Usage: "genesis.json (default: the manifest.json beside --dump)"},
		&cli.StringSliceFlag{Name: "population", Usage: "population block files (default: the manifest.json beside --dump)"},
		&cli.StringFlag{Name: "trie", Usage: "ubt or mpt (default: the manifest's)"},
		&cli.IntFlag{Name: "groupdepth", Usage: "binary trie group depth", Value: 5},
		&cli.IntFlag{Name: "runs", Usage: "runs per binary, the first discarded", Value: 5},
		&cli.StringFlag{Name: "a-args", Usage: "extra geth import flags for A, space separated"},
		&cli.StringFlag{Name: "b-args", Usage: "extra geth import flags for B, space separated (e.g. \"--telemetry --telemetry.level phase\" with --a and --b the same binary)"},
		outFlag, workFlag, binFlag, memLimitFlag, gethCacheFlag, cgroupParentFlag, prepareJobsFlag,
	},
	Action: abAction,
}

// runAction runs a study file.
func runAction(ctx *cli.Context) error {
	if ctx.NArg() != 1 {
		return errors.New("run: want one study file, e.g. bench run bench/studies/groupdepth.toml --out DIR")
	}
	jobs, err := prepareJobs(ctx)
	if err != nil {
		return err
	}
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	s, err := study.Load(ctx.Args().First(), metrics.Names())
	if err != nil {
		return err
	}
	return runner.RunStudy(s, runner.StudyOptions{
		Scale: ctx.String(scaleFlag.Name), Out: out, Work: ctx.String(workFlag.Name), Bin: ctx.String(binFlag.Name),
		Jaeger: ctx.String(tracesFlag.Name), OTLP: ctx.String(otlpFlag.Name),
		MemLimit: ctx.String(memLimitFlag.Name), GethCache: ctx.String(gethCacheFlag.Name), CgroupParent: ctx.String(cgroupParentFlag.Name),
		PrepareOnly: ctx.Bool(prepareOnlyFlag.Name), PrepareJobs: jobs, Log: os.Stderr,
	})
}

// abAction runs an A/B comparison.
func abAction(ctx *cli.Context) error {
	out := ctx.String(outFlag.Name)
	if out == "" {
		out = filepath.Join(ctx.String(workFlag.Name), "ab-"+time.Now().UTC().Format("20060102-150405"))
	}
	jobs, err := prepareJobs(ctx)
	if err != nil {
		return err
	}
	spec := &runner.ABSpec{
		Out: out, Work: ctx.String(workFlag.Name), Bin: ctx.String(binFlag.Name), Log: os.Stderr,
		A: ctx.String("a"), B: ctx.String("b"), Dump: ctx.String("dump"), Genesis: ctx.String("genesis"),
		Population: ctx.StringSlice("population"), Trie: ctx.String("trie"),
		GroupDepth: ctx.Int("groupdepth"), Runs: ctx.Int("runs"),
		ArgsA: strings.Fields(ctx.String("a-args")), ArgsB: strings.Fields(ctx.String("b-args")),
		MemLimit: ctx.String(memLimitFlag.Name), GethCache: ctx.String(gethCacheFlag.Name), CgroupParent: ctx.String(cgroupParentFlag.Name), PrepareJobs: jobs,
	}
	if err := runner.RunAB(spec, ctx.App.Writer); err != nil {
		return err
	}
	fmt.Fprintf(ctx.App.Writer, "\nreport: %s\n", filepath.Join(out, "report.md"))
	return nil
}

// reportAction rewrites a report from its raw runs.
func reportAction(ctx *cli.Context) error {
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	runs, err := record.Read(filepath.Join(out, "runs.json"))
	if err != nil {
		return err
	}
	meta, err := report.ReadMeta(filepath.Join(out, "meta.json"))
	if err != nil {
		return err
	}
	return report.WriteOutputs(out, meta, runs)
}

// requireOut returns --out or an error naming the flag.
func requireOut(ctx *cli.Context) (string, error) {
	out := ctx.String(outFlag.Name)
	if out == "" {
		return "", errors.New("--out is required")
	}
	return out, os.MkdirAll(out, 0o755)
}

// prepareJobs reads --prepare-jobs, which must be at least 1.
func prepareJobs(ctx *cli.Context) (int, error) {
	n := ctx.Int(prepareJobsFlag.Name)
	if n < 1 {
		return 0, fmt.Errorf("--prepare-jobs must be at least 1, have %d", n)
	}
	return n, nil
}
