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
	"bytes"
	"math"
	"strings"
	"testing"

	"statelab/tools/bench/study"
)

// TestWriteModel checks that the model table sets the node beside the run
// with their ratios to the state.
func TestWriteModel(t *testing.T) {
	node := &study.Node{Name: "n", RAM: "64GiB", State: "360GB", CacheMB: 4096, BlockGas: 100_000_000, BlocksPerRun: 300, ReadaheadKB: 128}
	if err := node.Parse(); err != nil {
		t.Fatal(err)
	}
	m, err := study.ResolveModel(node, study.Scale{WorkloadBlocks: 300, MemLimit: "auto", GethCache: "auto"}, "", "", "/w/prep", 4_000_000_000)
	if err != nil {
		t.Fatal(err)
	}
	m.CalibrateFor("w/a", 300<<20)
	var buf bytes.Buffer
	writeModel(&buf, m, modelMeasures{runs: 5, reached: 5, process: 300 << 20, pageLeft: 700_000_000, hitPct: 61.5})
	text := buf.String()
	for _, want := range []string{"## Scale model", "| memory / state | 19.09% |", "| page cache left for the state / state | 16.70% | 17.50% (median", "| blocks per run | 300 | 300 |", "| 61.5% |", "5 of 5", "FADV_RANDOM", "calibrated per configuration"} {
		if !strings.Contains(text, want) {
			t.Errorf("model table lacks %q:\n%s", want, text)
		}
	}
	buf.Reset()
	writeModel(&buf, &study.Model{}, modelMeasures{hitPct: math.NaN()})
	if buf.Len() != 0 {
		t.Errorf("unbounded run without a node printed a model:\n%s", buf.String())
	}
}
