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

package slurm

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"statelab/tools/bench/study"
)

// Request is a study to submit, as bench run's flags give it.
type Request struct {
	Study        *study.Study
	Scale        string
	Out          string
	Bin          string
	Scratch      string // node-local work directory
	Partition    string
	Nodes        int      // lanes: nodes the study runs on at once
	Sbatch       []string // more sbatch options, e.g. --account=X or --time=4:00:00
	MemLimit     string
	GethCache    string
	CgroupParent string
	PrepareJobs  int
	DropCaches   string // shell command that drops the page cache on the nodes; "": the lanes write drop_caches (root)
	Dataset      string
	Log          io.Writer
}

// Submission is what Submit submitted.
type Submission struct {
	Plan   *Plan
	Lanes  []int  // lanes submitted: those with unfinished runs
	Array  string // job ID of the lanes' array; "" if none was needed
	Gather string // job ID of the gather job
}

// Submit checks a study request against the cluster, writes or resumes its
// plan and submits the lanes that have runs to make, then the gather job
// after them. Everything is checked before anything is submitted: Slurm on
// PATH, the partition, the scratch space the study needs on every node, and
// that no job of the study is still queued.
func Submit(c *Client, r Request) (*Submission, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	plan, err := newPlan(r)
	if err != nil {
		return nil, err
	}
	part, err := c.Partition(r.Partition)
	if err != nil {
		return nil, err
	}
	if r.Nodes > part.Nodes {
		fmt.Fprintf(r.Log, "bench: note: --nodes %d, and partition %s has %d: lanes wait for a free node, each on a whole node\n", r.Nodes, part.Name, part.Nodes)
	}
	sc, err := r.Study.Scale(r.Scale)
	if err != nil {
		return nil, err
	}
	need := ScratchNeed(r.Study, sc)
	if err := checkScratch(part, r.Scratch, need); err != nil {
		return nil, err
	}
	if old, err := ReadPlan(plan.Out); err == nil {
		if err := plan.resumable(old); err != nil {
			return nil, err
		}
	} else if _, statErr := os.Stat(PlanPath(plan.Out)); statErr == nil {
		return nil, err
	}
	queued, err := c.Jobs(plan.JobName)
	if err != nil {
		return nil, err
	}
	if len(queued) > 0 {
		return nil, fmt.Errorf("study %s in %s still has %d jobs queued or running (job %s %s): wait for them (bench status --out %s) or cancel them (scancel --name %s)", r.Study.Name, plan.Out, len(queued), queued[0].ID, queued[0].State, plan.Out, plan.JobName)
	}
	progress, err := plan.progress(r.Study)
	if err != nil {
		return nil, err
	}
	if err := plan.write(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(PlanDir(plan.Out), "logs"), 0o755); err != nil {
		return nil, err
	}
	os.Remove(gatherResultPath(plan.Out))
	sub := &Submission{Plan: plan}
	for l := range plan.Lanes {
		if progress.LaneMissing(l, plan.Lanes) {
			sub.Lanes = append(sub.Lanes, l)
		}
	}
	var after []string
	if len(sub.Lanes) > 0 {
		script, err := plan.writeScript("lane.sh", "slurm", "lane", "--out", plan.Out, "--lane", "$SLURM_ARRAY_TASK_ID")
		if err != nil {
			return nil, err
		}
		opts := plan.laneOptions(sub.Lanes)
		if sub.Array, err = c.Submit(script, opts...); err != nil {
			return nil, err
		}
		after = []string{"--dependency=afterany:" + sub.Array}
		fmt.Fprintf(r.Log, "bench: submitted lanes %s of study %s as job array %s (%d of %d measured runs to make, %s of scratch per node)\n",
			joinInts(sub.Lanes), r.Study.Name, sub.Array, progress.Missing(), len(progress.Configs)*(sc.Runs-1), gb(need))
	}
	script, err := plan.writeScript("gather.sh", "slurm", "gather", "--out", plan.Out)
	if err != nil {
		return nil, err
	}
	opts := append(plan.commonOptions(), append(after, "--output="+filepath.Join(PlanDir(plan.Out), "logs", "gather-job%j.log"))...)
	if sub.Gather, err = c.Submit(script, opts...); err != nil {
		if sub.Array != "" {
			c.Cancel(plan.JobName)
		}
		return nil, err
	}
	fmt.Fprintf(r.Log, "bench: submitted the gather job %s; follow with bench status --out %s\n", sub.Gather, plan.Out)
	return sub, nil
}

// newPlan makes the plan of a request, with absolute paths.
func newPlan(r Request) (*Plan, error) {
	if r.Nodes < 1 {
		return nil, fmt.Errorf("--nodes must be at least 1, have %d", r.Nodes)
	}
	if r.Scratch == "" {
		return nil, errors.New("--scratch is required with --slurm: a directory on every node's local disk where the lanes prepare their datadirs")
	}
	if !filepath.IsAbs(r.Scratch) {
		return nil, fmt.Errorf("--scratch %s: give an absolute path, as every node sees it", r.Scratch)
	}
	if r.Study.Traces {
		return nil, fmt.Errorf("study %s collects traces from a Jaeger, which cluster mode does not do yet: run it without --slurm", r.Study.Path)
	}
	blob, err := os.ReadFile(r.Study.Path)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(blob)
	bench, err := os.Executable()
	if err != nil {
		return nil, err
	}
	p := &Plan{StudyHash: hex.EncodeToString(sum[:]), Scale: r.Scale, Scratch: r.Scratch, Partition: r.Partition,
		Lanes: r.Nodes, Sbatch: r.Sbatch, MemLimit: r.MemLimit, GethCache: r.GethCache, CgroupParent: r.CgroupParent,
		PrepareJobs: r.PrepareJobs, DropCaches: r.DropCaches, Bench: bench}
	for _, f := range []struct {
		dst *string
		src string
	}{{&p.Study, r.Study.Path}, {&p.Out, r.Out}, {&p.Bin, r.Bin}, {&p.Dataset, r.Dataset}} {
		if f.src == "" {
			continue
		}
		if *f.dst, err = filepath.Abs(f.src); err != nil {
			return nil, err
		}
	}
	if p.Dir, err = os.Getwd(); err != nil {
		return nil, err
	}
	p.JobName = jobName(r.Study.Name, p.Out)
	return p, nil
}

// commonOptions are the sbatch options of every job of the plan.
func (p *Plan) commonOptions() []string {
	opts := []string{"--job-name=" + p.JobName, "--partition=" + p.Partition, "--nodes=1", "--ntasks=1", "--chdir=" + p.Dir}
	return append(opts, p.Sbatch...)
}

// laneOptions are the sbatch options of the lanes' array: whole nodes, the
// node's memory unbounded by Slurm (bench bounds its runs itself), requeued
// on node failure, at most Lanes at once.
func (p *Plan) laneOptions(lanes []int) []string {
	opts := append(p.commonOptions(), "--exclusive", "--mem=0", "--requeue",
		fmt.Sprintf("--array=%s%%%d", joinInts(lanes), p.Lanes),
		"--output="+filepath.Join(PlanDir(p.Out), "logs", "lane-%a-job%A.log"))
	return opts
}

// writeScript writes a job script that runs bench with args (a $VARIABLE
// argument is left to the shell) and returns its path.
func (p *Plan) writeScript(name string, args ...string) (string, error) {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n# Written by bench run --slurm: a job of study " + p.JobName + ".\nexec " + shellQuote(p.Bench))
	for _, a := range args {
		if strings.HasPrefix(a, "$") {
			b.WriteString(` "` + a + `"`)
		} else {
			b.WriteString(" " + shellQuote(a))
		}
	}
	b.WriteString("\n")
	path := filepath.Join(PlanDir(p.Out), name)
	return path, os.WriteFile(path, []byte(b.String()), 0o755)
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// gatherResultPath is where the gather job records its verdict.
func gatherResultPath(out string) string { return filepath.Join(PlanDir(out), "gather.json") }
