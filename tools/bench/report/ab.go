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
	"fmt"
	"io"
	"math"
	"strings"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/study"
)

// PrintAB prints both binaries' medians and the ratio B/A with its bootstrap
// CI and U test, for every metric both have.
func PrintAB(w io.Writer, a *Analysis, configs []study.Config, args [2][]string) {
	wl := configs[0].Workload
	ca, cb := a.Cell(wl, configs[0].Variant()), a.Cell(wl, configs[1].Variant())
	fmt.Fprintf(w, "A = %s\nB = %s\nworkload %s, %d measured runs each (first discarded), cold cache\n\n",
		strings.TrimSpace(configs[0].Geth.Path+" "+strings.Join(args[0], " ")), strings.TrimSpace(configs[1].Geth.Path+" "+strings.Join(args[1], " ")), wl, len(ca.Runs))
	fmt.Fprintf(w, "%-22s %14s %14s %8s %22s %6s\n", "metric", "A median", "B median", "B/A", "95% CI (bootstrap)", "p")
	for _, m := range metrics.All() {
		sa, sb := ca.Summaries[m.Name], cb.Summaries[m.Name]
		cmp, ok := a.Comparison(wl, configs[1].Variant(), m.Name)
		if !ok || math.IsNaN(sa.Median) || math.IsNaN(sb.Median) {
			continue
		}
		fmt.Fprintf(w, "%-22s %14s %14s %8s %22s %6s\n", m.Name+" ("+m.Unit+")", Num(sa.Median), Num(sb.Median),
			Num(cmp.Ratio.Ratio), "["+Num(cmp.Ratio.Lo)+", "+Num(cmp.Ratio.Hi)+"]", Num(cmp.Test.P))
	}
}
