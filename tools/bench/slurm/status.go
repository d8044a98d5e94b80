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
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Status prints a submitted study's progress per configuration (measured
// runs finished, warm-ups, failures), its queued and running jobs, and the
// gather job's verdict.
func Status(c *Client, out string, w io.Writer) error {
	p, s, err := openPlan(out)
	if err != nil {
		return err
	}
	prog, err := p.progress(s)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "study %s at scale %s over %d nodes of partition %s (%s)\n\n", s.Name, p.Scale, p.Lanes, p.Partition, p.Out)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "CONFIGURATION\tMEASURED\tWARM-UPS\tFAILED")
	var failures []string
	for _, cp := range prog.Configs {
		fmt.Fprintf(tw, "%s\t%d/%d\t%d/%d\t%d\n", cp.Label, cp.Measured, cp.Want, cp.WarmUps, p.Lanes, len(cp.Failed))
		failures = append(failures, cp.Failed...)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d of %d measured runs finished\n", prog.Measured(), prog.Measured()+prog.Missing())
	for _, f := range failures {
		fmt.Fprintf(w, "failed, to run again: %s\n", strings.Join(strings.Fields(strings.ReplaceAll(f, "\n", " | ")), " "))
	}
	jobs, err := c.Jobs(p.JobName)
	if err != nil {
		fmt.Fprintf(w, "jobs: %v\n", err)
	} else if len(jobs) == 0 {
		fmt.Fprintf(w, "jobs: none queued or running\n")
	}
	for _, j := range jobs {
		fmt.Fprintf(w, "job %s: %s (%s)\n", j.ID, j.State, j.Node)
	}
	if len(jobs) == 0 && prog.Missing() > 0 {
		fmt.Fprintf(w, "not finished: run the same bench run --slurm command again to make the missing runs\n")
	}
	switch res, err := ReadGatherResult(p.Out); {
	case err != nil:
	case res.OK:
		fmt.Fprintf(w, "gathered %s: %s/report.md\n", res.Date.Format("2006-01-02 15:04:05 UTC"), p.Out)
	default:
		fmt.Fprintf(w, "gather job failed: %s\n", res.Error)
	}
	return nil
}
