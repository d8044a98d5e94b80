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
	"strings"
	"testing"

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
	"statelab/tools/bench/study"
	"statelab/tools/internal/statekind"
)

// TestPrintAB prints an A/B comparison of a binary against one twice as
// slow: both medians, the ratio 2 and the binaries with their flags.
func TestPrintAB(t *testing.T) {
	a := study.Config{Trie: statekind.MPT, Workload: "w", Geth: study.Binary{Name: "a", Path: "/bin/geth-a"}, ShowGeth: true}
	b := a
	b.Geth = study.Binary{Name: "b", Path: "/bin/geth-b"}
	var runs []*record.Run
	for i, ms := range []float64{500, 100, 110, 90} {
		for _, side := range []struct {
			c     study.Config
			scale float64
		}{{a, 1}, {b, 2}} {
			r := recordtest.Run(side.c.Variant(), "w", i == 0, 100, side.scale*ms)
			r.Config = side.c
			runs = append(runs, r)
		}
	}
	var buf bytes.Buffer
	PrintAB(&buf, Analyze(runs, a.Variant()), []study.Config{a, b}, [2][]string{nil, {"--cache", "64"}})
	text := buf.String()
	for _, want := range []string{"A = /bin/geth-a\n", "B = /bin/geth-b --cache 64\n", "3 measured runs each", "total_ms (ms/block)               100            200        2 "} {
		if !strings.Contains(text, want) {
			t.Errorf("A/B output lacks %q:\n%s", want, text)
		}
	}
}
