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
	"errors"
	"strings"
	"testing"
)

// fakeSlurm answers Slurm commands from a table of "name args" to output;
// a command not in it fails as Slurm does for an unknown partition.
func fakeSlurm(answers map[string]string) *Client {
	return &Client{run: func(env []string, name string, args ...string) ([]byte, error) {
		key := name + " " + strings.Join(args, " ")
		if out, ok := answers[key]; ok {
			return []byte(out), nil
		}
		return nil, errors.New(key + ": invalid partition specified")
	}}
}

// TestPartition checks the node count and the smallest TmpDisk over sinfo's
// lines, and an unknown partition named in the error.
func TestPartition(t *testing.T) {
	c := fakeSlurm(map[string]string{
		"scontrol show partition bench":                     "PartitionName=bench\n",
		"sinfo --noheader --partition bench --format %D %d": "2 500000\n1 200000\n",
	})
	p, err := c.Partition("bench")
	if err != nil || p.Nodes != 3 || p.TmpDiskMB != 200000 {
		t.Fatalf("partition: %+v, %v", p, err)
	}
	if _, err := c.Partition("nosuch"); err == nil || !strings.Contains(err.Error(), "--partition nosuch") {
		t.Errorf("unknown partition: %v", err)
	}
}

// TestSubmitAndJobs checks sbatch's job ID (with a cluster suffix) and
// squeue's lines.
func TestSubmitAndJobs(t *testing.T) {
	c := fakeSlurm(map[string]string{
		"sbatch --parsable --array=0,1 job.sh":            "4711;cluster\n",
		"sbatch --parsable job.sh":                        "Submitted batch job 12\n",
		"squeue --noheader --name s --format %i|%j|%T|%R": "4711_0|s|RUNNING|node1\n4712|s|PENDING|(Dependency)\n",
	})
	if id, err := c.Submit("job.sh", "--array=0,1"); err != nil || id != "4711" {
		t.Errorf("array: %q, %v", id, err)
	}
	if _, err := c.Submit("job.sh"); err == nil || !strings.Contains(err.Error(), "not a job ID") {
		t.Errorf("unparsable output: %v", err)
	}
	jobs, err := c.Jobs("s")
	if err != nil || len(jobs) != 2 || jobs[0].ID != "4711_0" || jobs[0].Node != "node1" || jobs[1].State != "PENDING" {
		t.Errorf("jobs: %+v, %v", jobs, err)
	}
}

// TestCheckScratch checks the scratch check against TmpDisk.
func TestCheckScratch(t *testing.T) {
	p := &Partition{Name: "bench", Nodes: 1, TmpDiskMB: 1}
	err := checkScratch(p, "/local/statelab", 300<<20)
	if err == nil || !strings.Contains(err.Error(), "--scratch /local/statelab") || !strings.Contains(err.Error(), "TmpDisk") || !strings.Contains(err.Error(), "315 MB") {
		t.Errorf("too little TmpDisk: %v", err)
	}
	p.TmpDiskMB = 1000
	if err := checkScratch(p, "/local/statelab", 300<<20); err != nil {
		t.Errorf("enough TmpDisk: %v", err)
	}
}

// TestResumable checks that a plan resumes only the same study, scale,
// lanes and binaries, each refusal saying what differs.
func TestResumable(t *testing.T) {
	old := &Plan{Study: "a.toml", StudyHash: "h", Scale: "smoke", Lanes: 2, Bin: "/bin1", Out: "/out"}
	same := *old
	same.Partition = "other" // another partition may resume it
	if err := same.resumable(old); err != nil {
		t.Errorf("same study: %v", err)
	}
	for want, change := range map[string]func(p *Plan){
		"another study file": func(p *Plan) { p.StudyHash = "x" },
		"scale smoke":        func(p *Plan) { p.Scale = "small" },
		"--nodes 2":          func(p *Plan) { p.Lanes = 3 },
		"/bin1":              func(p *Plan) { p.Bin = "/bin2" },
	} {
		p := *old
		change(&p)
		if err := p.resumable(old); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want an error with %q, have %v", want, err)
		}
	}
}
