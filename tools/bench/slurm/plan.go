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

// Package slurm runs a bench study as Slurm jobs. A study's runs are split
// into lanes, one array task each on a whole node (--exclusive): a lane
// prepares the study's datadirs on the node's local scratch, makes its own
// warm-up round and then its share of the measured rounds, writing every
// finished run into the report directory's run store (record.Store) on
// shared storage. A gather job, after the lanes, writes the report and
// appends the dataset. Submitting the same study to the same report
// directory again resumes it: only lanes with unfinished runs are
// submitted, and a lane skips the runs the store holds.
package slurm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"statelab/tools/bench/record"
	"statelab/tools/bench/runner"
)

// Plan is a study submitted to Slurm, kept in the report directory
// (slurm/plan.json) for the jobs and for resubmissions. Paths are absolute:
// the jobs run on other machines, which see the report directory, bench and
// the binaries at the same paths (shared storage).
type Plan struct {
	Study        string   `json:"study"` // the study file as submitted, kept in the plan's directory
	StudyHash    string   `json:"study_sha256"`
	Scale        string   `json:"scale"`
	Out          string   `json:"out"`
	Bin          string   `json:"bin"`
	Bench        string   `json:"bench"`   // the bench binary the jobs run
	Scratch      string   `json:"scratch"` // node-local work directory of the lanes
	Partition    string   `json:"partition"`
	Lanes        int      `json:"lanes"` // nodes the study spreads over at once
	Sbatch       []string `json:"sbatch_args,omitempty"`
	MemLimit     string   `json:"mem_limit,omitempty"`
	GethCache    string   `json:"geth_cache,omitempty"`
	CgroupParent string   `json:"cgroup_parent,omitempty"`
	PrepareJobs  int      `json:"prepare_jobs"`
	DropCaches   string   `json:"drop_caches_cmd,omitempty"` // how the lanes drop the page cache; "": as root
	Dataset      string   `json:"dataset,omitempty"`         // results dataset the gather job appends the study to
	Dir          string   `json:"dir"`                       // the jobs' working directory: where bench run was started
	JobName      string   `json:"job_name"`                  // every job of the study has it
}

// PlanDir is where a report directory keeps its Slurm plan, job scripts,
// job logs, lane descriptions and failure notes.
func PlanDir(out string) string { return filepath.Join(out, "slurm") }

// PlanPath is the plan's file in a report directory.
func PlanPath(out string) string { return filepath.Join(PlanDir(out), "plan.json") }

// Store is the run store of a report directory: one file per finished run.
func Store(out string) record.Store { return record.Store{Dir: filepath.Join(out, "runs")} }

// FailedDir holds a note per failed run that has not finished since.
func FailedDir(out string) string { return filepath.Join(PlanDir(out), "failed") }

// LaneInfoPath is where a lane describes its node and scale model.
func LaneInfoPath(out string, lane int) string {
	return filepath.Join(PlanDir(out), "lane-"+strconv.Itoa(lane)+".json")
}

// laneInfoPaths are the lanes' description files, by lane.
func (p *Plan) laneInfoPaths() []string {
	var paths []string
	for l := range p.Lanes {
		paths = append(paths, LaneInfoPath(p.Out, l))
	}
	return paths
}

// GatherOptions places the plan's pieces for runner.GatherStudy.
func (p *Plan) GatherOptions() runner.GatherOptions {
	return runner.GatherOptions{Scale: p.Scale, Out: p.Out, Bin: p.Bin, Lanes: p.Lanes,
		Store: Store(p.Out), Failed: FailedDir(p.Out), Infos: p.laneInfoPaths()}
}

// jobName names every job of a study in a report directory.
func jobName(study, out string) string {
	sum := sha256.Sum256([]byte(out))
	return "statelab-" + study + "-" + hex.EncodeToString(sum[:4])
}

// ReadPlan reads the plan of a report directory.
func ReadPlan(out string) (*Plan, error) {
	blob, err := os.ReadFile(PlanPath(out))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s holds no study submitted to Slurm (no %s)", out, PlanPath(out))
	}
	if err != nil {
		return nil, err
	}
	var p Plan
	if err := json.Unmarshal(blob, &p); err != nil {
		return nil, fmt.Errorf("%s: %v", PlanPath(out), err)
	}
	return &p, nil
}

// write writes the plan into its report directory.
func (p *Plan) write() error {
	if err := os.MkdirAll(PlanDir(p.Out), 0o755); err != nil {
		return err
	}
	blob, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(PlanPath(p.Out), blob, 0o644)
}

// resumable fails unless an earlier plan of the report directory is the
// same study at the same scale over as many lanes with the same binaries:
// the runs it finished are then runs of this one.
func (p *Plan) resumable(old *Plan) error {
	switch {
	case old.StudyHash != p.StudyHash:
		return fmt.Errorf("--out %s holds runs of another study file (%s); give another --out", p.Out, old.Study)
	case old.Scale != p.Scale:
		return fmt.Errorf("--out %s holds runs of scale %s, not %s; give another --out", p.Out, old.Scale, p.Scale)
	case old.Lanes != p.Lanes:
		return fmt.Errorf("--out %s holds a study spread over %d nodes, not %d: resume it with --nodes %d", p.Out, old.Lanes, p.Lanes, old.Lanes)
	case old.Bin != p.Bin:
		return fmt.Errorf("--out %s holds runs of the binaries in %s, not %s; give another --out", p.Out, old.Bin, p.Bin)
	}
	return nil
}
