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
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/runner"
	"statelab/tools/bench/study"
)

// loadStudy loads the plan's study file and checks that it is the one
// submitted.
func (p *Plan) loadStudy() (*study.Study, error) {
	blob, err := os.ReadFile(p.Study)
	if err != nil {
		return nil, err
	}
	if sum := sha256.Sum256(blob); hex.EncodeToString(sum[:]) != p.StudyHash {
		return nil, fmt.Errorf("study file %s changed since it was submitted; submit it again to another --out", p.Study)
	}
	return study.Load(p.Study, metrics.Names())
}

// openPlan reads the plan of a report directory and loads its study.
func openPlan(out string) (*Plan, *study.Study, error) {
	p, err := ReadPlan(out)
	if err != nil {
		return nil, nil, err
	}
	s, err := p.loadStudy()
	if err != nil {
		return nil, nil, err
	}
	return p, s, nil
}

// progress reads how far the plan's study has come.
func (p *Plan) progress(s *study.Study) (*runner.Progress, error) {
	return runner.StudyProgress(s, p.Scale, p.Lanes, Store(p.Out), FailedDir(p.Out))
}

// RunLane runs lane of the plan in the report directory out on this node:
// what a lane job does.
func RunLane(out string, lane int, node string, log io.Writer) error {
	p, s, err := openPlan(out)
	if err != nil {
		return err
	}
	if node == "" {
		if node, err = os.Hostname(); err != nil {
			return err
		}
	}
	fmt.Fprintf(log, "bench: lane %d of %d of study %s on node %s, scratch %s\n", lane, p.Lanes, s.Name, node, p.Scratch)
	o := runner.StudyOptions{Scale: p.Scale, Out: p.Out, Work: p.Scratch, Bin: p.Bin, MemLimit: p.MemLimit,
		GethCache: p.GethCache, CgroupParent: p.CgroupParent, PrepareJobs: max(p.PrepareJobs, 1), DropCaches: p.DropCaches, Log: log}
	return runner.RunLane(s, o, runner.Lane{Index: lane, Count: p.Lanes, Node: node,
		Store: Store(p.Out), Failed: FailedDir(p.Out), Info: LaneInfoPath(p.Out, lane)})
}

// GatherResult is the gather job's verdict, kept for bench run --wait and
// bench status.
type GatherResult struct {
	OK    bool      `json:"ok"`
	Error string    `json:"error,omitempty"`
	Date  time.Time `json:"date"`
}

// Gather writes the report of the plan in out once every lane finished its
// runs, as the gather job does, and records the verdict. appendDataset,
// when the plan names a dataset, appends the study to it.
func Gather(out string, appendDataset func(dataset, out string) error) error {
	p, err := ReadPlan(out)
	if err != nil {
		return err
	}
	err = gather(p, appendDataset)
	res := GatherResult{OK: err == nil, Date: time.Now().UTC()}
	if err != nil {
		res.Error = err.Error()
	}
	blob, _ := json.MarshalIndent(res, "", "  ")
	if werr := os.WriteFile(gatherResultPath(p.Out), blob, 0o644); werr != nil && err == nil {
		err = werr
	}
	return err
}

func gather(p *Plan, appendDataset func(dataset, out string) error) error {
	s, err := p.loadStudy()
	if err != nil {
		return err
	}
	if err := runner.GatherStudy(s, p.GatherOptions()); err != nil {
		return err
	}
	if p.Dataset != "" && appendDataset != nil {
		return appendDataset(p.Dataset, p.Out)
	}
	return nil
}

// ReadGatherResult reads the verdict of the last gather job; it fails with
// fs.ErrNotExist while none has ended since the last submission.
func ReadGatherResult(out string) (*GatherResult, error) {
	blob, err := os.ReadFile(gatherResultPath(out))
	if err != nil {
		return nil, err
	}
	var r GatherResult
	if err := json.Unmarshal(blob, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", gatherResultPath(out), err)
	}
	return &r, nil
}

// Wait waits until no job of the plan is queued or running, printing a
// status line whenever the progress changes, and returns the gather job's
// verdict.
func Wait(c *Client, out string, poll time.Duration, log io.Writer) error {
	p, s, err := openPlan(out)
	if err != nil {
		return err
	}
	last := ""
	for {
		jobs, err := c.Jobs(p.JobName)
		if err != nil {
			return err
		}
		prog, err := p.progress(s)
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%d of %d measured runs finished, %d jobs queued or running", prog.Measured(), prog.Measured()+prog.Missing(), len(jobs))
		if line != last {
			fmt.Fprintf(log, "bench: %s\n", line)
			last = line
		}
		if len(jobs) == 0 {
			break
		}
		time.Sleep(poll)
	}
	res, err := ReadGatherResult(p.Out)
	if err != nil {
		return fmt.Errorf("the study's jobs ended, but its gather job left no verdict (cancelled?): see %s/logs; run the same command again to resume", PlanDir(p.Out))
	}
	if !res.OK {
		return fmt.Errorf("gather job: %s", res.Error)
	}
	return nil
}
