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

	"statelab/tools/bench/record"
	"statelab/tools/bench/record/recordtest"
)

// TestIOReport writes the I/O section and the per-block share plot.
func TestIOReport(t *testing.T) {
	var runs []*record.Run
	for i := 0; i < 4; i++ {
		runs = append(runs, recordtest.Bounded("mpt", i == 0, []uint64{100, 300, 500}, []uint64{80, 200, 300}))
	}
	a := Analyze(runs, "mpt")
	var buf bytes.Buffer
	writeIOSection(&buf, a, runs)
	text := buf.String()
	for _, want := range []string{"## I/O per state operation", "| uniform_read | read | mpt |", "pagecache-hit-%", "limit was reached in 4 of 4 bounded runs"} {
		if !strings.Contains(text, want) {
			t.Errorf("I/O section lacks %q:\n%s", want, text)
		}
	}
	files, err := writeSharePlots(t.TempDir(), a)
	if err != nil || len(files) != 2 || files[0] != "disk_read_share_uniform_read.png" || files[1] != "disk_byte_share_uniform_read.png" {
		t.Errorf("share plots %v, %v", files, err)
	}
	for _, kind := range shareKinds {
		pts := medianShares(a.Cell("uniform_read", "mpt").Runs, kind.of)
		if len(pts) != 2 || pts[0].X != 2 || math.Abs(pts[1].Y-0.5) > 1e-9 {
			t.Errorf("median %s %v, want blocks 2 and 3 (the first left out)", kind.file, pts)
		}
	}
}

// TestShareTable checks the quarters of the disk-byte share: a run that
// warms up shows a last quarter below its first.
func TestShareTable(t *testing.T) {
	// 9 blocks: blocks 2-3 read all from disk, blocks 8-9 none.
	syscr := []uint64{10, 20, 30, 40, 50, 60, 70, 80, 90}
	ops := []uint64{10, 20, 30, 35, 40, 45, 50, 50, 50}
	var runs []*record.Run
	for i := 0; i < 3; i++ {
		runs = append(runs, recordtest.Bounded("mpt", i == 0, syscr, ops))
	}
	var buf bytes.Buffer
	writeShareTable(&buf, Analyze(runs, "mpt"))
	if want := "| uniform_read | mpt | 9 | 100% | 0% | 50% |"; !strings.Contains(buf.String(), want) {
		t.Errorf("share table lacks %q:\n%s", want, buf.String())
	}
}
