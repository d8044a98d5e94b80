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

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/prepare"
	"statelab/tools/internal/statekind"
)

// Flag categories, as bench run --help groups them.
const (
	dirCategory   = "DIRECTORIES"
	studyCategory = "STUDY"
	boundCategory = "MEMORY BOUND"
	traceCategory = "TRACES"
	abCategory    = "A/B"
	slurmCategory = "SLURM CLUSTER"
)

var (
	outFlag = &cli.StringFlag{
		Name:     "out",
		Usage:    "report directory (report.md, plots, benchstat.txt, runs.json, logs/)",
		Category: dirCategory,
	}
	workFlag = &cli.StringFlag{
		Name:     "work",
		Usage:    "work directory for dumps, prepared datadirs and the scratch datadir (reused across runs)",
		Value:    filepath.Join(os.TempDir(), "statelab-bench"),
		Category: dirCategory,
	}
	binFlag = &cli.StringFlag{
		Name:     "bin",
		Usage:    "directory of geth, dumpgen, balgen, chaininfo and tracesum; relative binary paths in a study resolve against it",
		Value:    "build/bin",
		EnvVars:  []string{"STATELAB_BIN"},
		Category: dirCategory,
	}
)

var (
	scaleFlag = &cli.StringFlag{
		Name:     "scale",
		Usage:    "scale defined in the study file (smoke, small, ...)",
		Value:    "smoke",
		Category: studyCategory,
	}
	prepareOnlyFlag = &cli.BoolFlag{
		Name:     "prepare-only",
		Usage:    "make the dumps, prepared datadirs and sidecars of the study, then stop without measuring (to prepare a study while another one measures)",
		Category: studyCategory,
	}
	dropCachesFlag = &cli.StringFlag{
		Name:     "drop-caches-cmd",
		Usage:    "command that drops the page cache before every run, for a user who is not root, e.g. \"sudo -n /usr/local/sbin/drop-caches\" (with a sudoers rule for it); the cold check after it is unchanged",
		Category: studyCategory,
	}
	prepareJobsFlag = &cli.IntFlag{
		Name:     "prepare-jobs",
		Usage:    "dumps and prepared datadirs made at once (dumpgen takes about a core and up to 9 GB at 10^7 entries, a population import a core or more and about 4 GB)",
		Value:    prepare.DefaultJobs,
		Category: studyCategory,
	}
)

var (
	tracesFlag = &cli.StringFlag{
		Name:     "traces",
		Usage:    "Jaeger query URL (e.g. http://127.0.0.1:16686): runs with a telemetry level export their spans to --otlp and their block traces are summarized with tracesum into traces/",
		Category: traceCategory,
	}
	otlpFlag = &cli.StringFlag{
		Name:     "otlp",
		Usage:    "OTLP endpoint of the Jaeger given by --traces",
		Value:    "http://127.0.0.1:4318",
		Category: traceCategory,
	}
)

var (
	memLimitFlag = &cli.StringFlag{
		Name:     "mem-limit",
		Usage:    "bound every cold run's geth, page cache included, with a memory cgroup (v1 or v2) of this size, e.g. 768MiB; run: \"auto\" scales the study's [node] memory-to-state ratio; replaces the scale's mem_limit",
		Category: boundCategory,
	}
	gethCacheFlag = &cli.StringFlag{
		Name:     "geth-cache",
		Usage:    "geth's --cache as a size, e.g. 48MiB; run: \"auto\" scales the study's [node] cache-to-state ratio; replaces the scale's geth_cache",
		Category: boundCategory,
	}
	cgroupParentFlag = &cli.StringFlag{
		Name:     "cgroup-parent",
		Usage:    "cgroup directory to make the memory-bounded runs' cgroups in (default: bench's own memory cgroup on cgroup v1, the root on cgroup v2)",
		Category: boundCategory,
	}
)

var (
	slurmFlag = &cli.BoolFlag{
		Name:     "slurm",
		Usage:    "submit the study to Slurm instead of running it here: lanes of runs on whole nodes, each preparing on its --scratch, then a gather job that writes the report; the same command again resumes it",
		Category: slurmCategory,
	}
	partitionFlag = &cli.StringFlag{
		Name:     "partition",
		Usage:    "Slurm partition of the study's jobs",
		Category: slurmCategory,
	}
	scratchFlag = &cli.StringFlag{
		Name:     "scratch",
		Usage:    "absolute path of a directory on every node's local disk: the lanes' work directory (dumps, prepared datadirs, the scratch datadir), kept across jobs",
		Category: slurmCategory,
	}
	nodesFlag = &cli.IntFlag{
		Name:     "nodes",
		Usage:    "nodes the study runs on at once: its lanes, each with its own warm-up round and every nodes-th measured round",
		Value:    1,
		Category: slurmCategory,
	}
	sbatchArgFlag = &cli.StringSliceFlag{
		Name:     "sbatch-arg",
		Usage:    "more sbatch options for every job, e.g. --sbatch-arg=--account=lab --sbatch-arg=--time=8:00:00",
		Category: slurmCategory,
	}
	waitFlag = &cli.BoolFlag{
		Name:     "wait",
		Usage:    "wait for the submitted jobs to end and fail unless the gather job wrote the report",
		Category: slurmCategory,
	}
)

var (
	abAFlag = &cli.StringFlag{
		Name:     "a",
		Usage:    "geth binary A (the baseline): a path, or the name of a binary in --bin",
		Required: true,
		Category: abCategory,
	}
	abBFlag = &cli.StringFlag{
		Name:     "b",
		Usage:    "geth binary B: a path, or the name of a binary in --bin",
		Required: true,
		Category: abCategory,
	}
	abDumpFlag = &cli.StringFlag{
		Name:     "dump",
		Usage:    "workload block file to import",
		Required: true,
		Category: abCategory,
	}
	abGenesisFlag = &cli.StringFlag{
		Name:     "genesis",
		Usage:    "genesis.json (default: the manifest.json beside --dump)",
		Category: abCategory,
	}
	abPopulationFlag = &cli.StringSliceFlag{
		Name:     "population",
		Usage:    "population block files (default: the manifest.json beside --dump)",
		Category: abCategory,
	}
	abTrieFlag = &cli.StringFlag{
		Name:     "trie",
		Usage:    fmt.Sprintf("%s or %s (default: the manifest's, else %s)", statekind.UBT, statekind.MPT, statekind.MPT),
		Category: abCategory,
	}
	abGroupDepthFlag = &cli.IntFlag{
		Name:     "groupdepth",
		Usage:    "binary trie group depth",
		Value:    5,
		Category: abCategory,
	}
	abRunsFlag = &cli.IntFlag{
		Name:     "runs",
		Usage:    "runs per binary, the first discarded",
		Value:    5,
		Category: abCategory,
	}
	abArgsAFlag = &cli.StringFlag{
		Name:     "a-args",
		Usage:    "extra geth import flags for A, space separated",
		Category: abCategory,
	}
	abArgsBFlag = &cli.StringFlag{
		Name:     "b-args",
		Usage:    "extra geth import flags for B, space separated (e.g. \"--rpc.telemetry --rpc.telemetry.level phase\" with --a and --b the same binary)",
		Category: abCategory,
	}
)

// requireOut returns --out, made if missing, or an error naming the flag.
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
