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
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// Client runs Slurm's commands (sbatch, squeue, sinfo, scontrol, scancel)
// for bench. Slurm finds its cluster as it always does: SLURM_CONF or the
// system's slurm.conf. A Client is safe for concurrent use.
type Client struct {
	// Env is the commands' environment; nil: bench's own.
	Env []string
	// run runs a command and returns its standard output; nil: exec.
	run func(env []string, name string, args ...string) ([]byte, error)
}

// commands are the programs cluster mode needs on PATH.
var commands = []string{"sbatch", "squeue", "sinfo", "scontrol", "scancel"}

// Check fails unless Slurm's commands are on PATH.
func (c *Client) Check() error {
	for _, name := range commands {
		if _, err := exec.LookPath(name); err != nil {
			return fmt.Errorf("no Slurm on PATH: %s not found (install Slurm's client commands, e.g. Debian's slurm-client, or run the study without --slurm)", name)
		}
	}
	return nil
}

// command runs a Slurm command and returns its standard output; a failure
// carries the command's error output.
func (c *Client) command(name string, args ...string) ([]byte, error) {
	if c.run != nil {
		return c.run(c.Env, name, args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Env = c.Env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(string(out)) // scontrol says "not found" on stdout
		}
		if msg == "" {
			msg = err.Error()
		}
		return out, fmt.Errorf("%s %s: %s", name, strings.Join(args, " "), msg)
	}
	return out, nil
}

// Partition is what bench needs to know of a partition.
type Partition struct {
	Name      string
	Nodes     int   // nodes in the partition
	TmpDiskMB int64 // the smallest TmpDisk of its nodes (slurm.conf); 0: not configured
}

// Partition describes a partition; an unknown one is an error that names it.
func (c *Client) Partition(name string) (*Partition, error) {
	if name == "" {
		return nil, errors.New("--partition is required with --slurm")
	}
	if _, err := c.command("scontrol", "show", "partition", name); err != nil {
		return nil, fmt.Errorf("--partition %s: no such partition (%v)", name, err)
	}
	out, err := c.command("sinfo", "--noheader", "--partition", name, "--format", "%D %d")
	if err != nil {
		return nil, err
	}
	p := &Partition{Name: name, TmpDiskMB: -1}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		nodes, err1 := strconv.Atoi(f[0])
		tmp, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("sinfo: unexpected line %q", line)
		}
		p.Nodes += nodes
		if p.TmpDiskMB < 0 || tmp < p.TmpDiskMB {
			p.TmpDiskMB = tmp
		}
	}
	if p.Nodes == 0 {
		return nil, fmt.Errorf("--partition %s has no nodes", name)
	}
	return p, nil
}

// Submit submits a batch script with sbatch's options and returns the job
// ID.
func (c *Client) Submit(script string, options ...string) (string, error) {
	args := append([]string{"--parsable"}, options...)
	out, err := c.command("sbatch", append(args, script)...)
	if err != nil {
		return "", err
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";") // "ID;CLUSTER" on federated clusters
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("sbatch printed %q, not a job ID", strings.TrimSpace(string(out)))
	}
	return id, nil
}

// Job is a job (or array task) in the queue.
type Job struct {
	ID    string // 123, or 123_4 for an array task
	Name  string
	State string // PENDING, RUNNING, COMPLETING, ...
	Node  string // where it runs; the pending reason otherwise
}

// Jobs lists the queued and running jobs of a name.
func (c *Client) Jobs(name string) ([]Job, error) {
	out, err := c.command("squeue", "--noheader", "--name", name, "--format", "%i|%j|%T|%R")
	if err != nil {
		return nil, err
	}
	var jobs []Job
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			continue
		}
		jobs = append(jobs, Job{ID: f[0], Name: f[1], State: f[2], Node: f[3]})
	}
	return jobs, nil
}

// Cancel cancels the jobs of a name.
func (c *Client) Cancel(name string) error {
	_, err := c.command("scancel", "--name", name)
	return err
}
