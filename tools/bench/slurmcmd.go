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
	"time"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/results"
	"statelab/tools/bench/slurm"
	"statelab/tools/bench/study"
)

var statusCommand = &cli.Command{
	Name:   "status",
	Usage:  "show the progress of a study submitted with bench run --slurm",
	Flags:  []cli.Flag{outFlag},
	Action: showStatus,
	Description: `Prints, per configuration, the measured runs and warm-ups finished and
the failed runs still to make, the study's queued and running jobs, and the
gather job's verdict.`,
}

var (
	laneFlag = &cli.IntFlag{Name: "lane", Usage: "lane of the study to run", Required: true}

	slurmCommand = &cli.Command{
		Name:  "slurm",
		Usage: "the jobs of a study submitted with bench run --slurm (run by Slurm, not by hand)",
		Subcommands: []*cli.Command{{
			Name:   "lane",
			Usage:  "prepare the study on this node's scratch and make the lane's runs",
			Flags:  []cli.Flag{outFlag, laneFlag},
			Action: runLane,
		}, {
			Name:   "gather",
			Usage:  "write the report of a study whose lanes finished, and append its dataset",
			Flags:  []cli.Flag{outFlag},
			Action: gatherStudy,
		}},
	}
)

// submitStudy submits a study to Slurm, and with --wait waits for it.
func submitStudy(ctx *cli.Context, s *study.Study, out string, jobs int) error {
	if ctx.Bool(prepareOnlyFlag.Name) {
		return errors.New("--prepare-only with --slurm: the lanes prepare the study on their nodes as they start")
	}
	if ctx.String(tracesFlag.Name) != "" {
		return errors.New("--traces with --slurm: cluster mode does not collect traces yet")
	}
	if err := checkAppend(ctx, out); err != nil {
		return err
	}
	c := &slurm.Client{}
	_, err := slurm.Submit(c, slurm.Request{
		Study:        s,
		Scale:        ctx.String(scaleFlag.Name),
		Out:          out,
		Bin:          ctx.String(binFlag.Name),
		Scratch:      ctx.String(scratchFlag.Name),
		Partition:    ctx.String(partitionFlag.Name),
		Nodes:        ctx.Int(nodesFlag.Name),
		Sbatch:       ctx.StringSlice(sbatchArgFlag.Name),
		MemLimit:     ctx.String(memLimitFlag.Name),
		GethCache:    ctx.String(gethCacheFlag.Name),
		CgroupParent: ctx.String(cgroupParentFlag.Name),
		PrepareJobs:  jobs,
		DropCaches:   ctx.String(dropCachesFlag.Name),
		Dataset:      ctx.String(appendFlag.Name),
		Log:          os.Stderr,
	})
	if err != nil || !ctx.Bool(waitFlag.Name) {
		return err
	}
	if err := slurm.Wait(c, out, 2*time.Second, os.Stderr); err != nil {
		return err
	}
	fmt.Fprintf(ctx.App.Writer, "wrote %s/report.md\n", out)
	return nil
}

// refuseSlurmFlags fails a local run given cluster flags, which would do
// nothing without --slurm.
func refuseSlurmFlags(ctx *cli.Context) error {
	for _, f := range []string{partitionFlag.Name, scratchFlag.Name, nodesFlag.Name, sbatchArgFlag.Name, waitFlag.Name} {
		if ctx.IsSet(f) {
			return fmt.Errorf("--%s is a cluster flag: give --slurm too, or leave it out", f)
		}
	}
	return nil
}

// runLane runs a lane job.
func runLane(ctx *cli.Context) error {
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	return slurm.RunLane(out, ctx.Int(laneFlag.Name), os.Getenv("SLURMD_NODENAME"), os.Stderr)
}

// gatherStudy runs the gather job.
func gatherStudy(ctx *cli.Context) error {
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	return slurm.Gather(out, func(dataset, out string) error {
		id := results.StudyID(dataset, out)
		if err := appendStudy(dataset, out, id, results.HeadCommit()); err != nil {
			return fmt.Errorf("--dataset: %v", err)
		}
		fmt.Fprintf(ctx.App.Writer, "dataset %s: study %s appended\n", dataset, id)
		return nil
	})
}

// showStatus prints a submitted study's progress.
func showStatus(ctx *cli.Context) error {
	out := ctx.String(outFlag.Name)
	if out == "" {
		return errors.New("--out is required: the report directory the study was submitted with")
	}
	return slurm.Status(&slurm.Client{}, out, ctx.App.Writer)
}
