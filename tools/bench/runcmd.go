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
	"os"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/runner"
	"statelab/tools/bench/study"
)

var runCommand = &cli.Command{
	Name:      "run",
	Usage:     "run a study",
	ArgsUsage: "STUDY.toml",
	Flags: []cli.Flag{scaleFlag, outFlag, workFlag, binFlag, tracesFlag, otlpFlag,
		memLimitFlag, gethCacheFlag, cgroupParentFlag, prepareOnlyFlag, prepareJobsFlag, dropCachesFlag, appendFlag,
		slurmFlag, partitionFlag, scratchFlag, nodesFlag, sbatchArgFlag, waitFlag},
	Action: runStudy,
	Description: `Runs every configuration of the study's matrix at --scale, cold cache
unless the study says otherwise, and writes runs.json as the runs come, then
report.md, the plots, benchstat.txt and meta.json into --out; with
--dataset, then appends them to that results dataset. Flags may follow the
study file.

With --slurm it submits the study to a Slurm cluster instead (docs/cluster.md):
the same study file, the same report directory and the same dataset rows.`,
}

// runStudy runs a study file.
func runStudy(ctx *cli.Context) error {
	if ctx.NArg() != 1 {
		return errors.New("run: want one study file, e.g. bench run tools/bench/studies/groupdepth.toml --out DIR")
	}
	jobs, err := prepareJobs(ctx)
	if err != nil {
		return err
	}
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	if err := checkAppend(ctx, out); err != nil {
		return err
	}
	s, err := study.Load(ctx.Args().First(), metrics.Names())
	if err != nil {
		return err
	}
	if ctx.Bool(slurmFlag.Name) {
		return submitStudy(ctx, s, out, jobs)
	}
	if err := refuseSlurmFlags(ctx); err != nil {
		return err
	}
	err = runner.RunStudy(s, runner.StudyOptions{
		Scale:        ctx.String(scaleFlag.Name),
		Out:          out,
		Work:         ctx.String(workFlag.Name),
		Bin:          ctx.String(binFlag.Name),
		Jaeger:       ctx.String(tracesFlag.Name),
		OTLP:         ctx.String(otlpFlag.Name),
		MemLimit:     ctx.String(memLimitFlag.Name),
		GethCache:    ctx.String(gethCacheFlag.Name),
		CgroupParent: ctx.String(cgroupParentFlag.Name),
		PrepareOnly:  ctx.Bool(prepareOnlyFlag.Name),
		PrepareJobs:  jobs,
		DropCaches:   ctx.String(dropCachesFlag.Name),
		Log:          os.Stderr,
	})
	if err != nil || ctx.Bool(prepareOnlyFlag.Name) {
		return err
	}
	return appendRun(ctx, out)
}
