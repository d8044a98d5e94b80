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

package report

import (
	"bufio"
	"io"
	"math"
	"os"

	"golang.org/x/perf/benchfmt"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
)

// writeBenchstat writes the measured runs in the Go benchmark format: one
// line per run named Import/workload=W, under a file configuration
// "variant: V", so that `benchstat benchstat.txt` puts the variants side by
// side (its default columns are the file configuration).
func writeBenchstat(path string, runs []*record.Run) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := encodeBenchstat(bw, runs); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// encodeBenchstat writes the benchmark lines of runs, skipping warm-ups and
// metrics a run does not have.
func encodeBenchstat(w io.Writer, runs []*record.Run) error {
	bw := benchfmt.NewWriter(w)
	for _, r := range runs {
		if r.WarmUp {
			continue
		}
		res := &benchfmt.Result{
			Config: []benchfmt.Config{{Key: "variant", Value: []byte(r.Variant), File: true}},
			Name:   benchfmt.Name("Import/workload=" + r.Workload),
			Iters:  1,
		}
		for _, m := range metrics.All() {
			if v := m.Value(r); !math.IsNaN(v) && !math.IsInf(v, 0) {
				res.Values = append(res.Values, benchfmt.Value{Value: v, Unit: m.Unit})
			}
		}
		if err := bw.Write(res); err != nil {
			return err
		}
	}
	return nil
}
