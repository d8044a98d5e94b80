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

package results

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestPerBlock checks the per-block medians over the measured runs and
// the table's block 1, blocks 2-n and all-block means.
func TestPerBlock(t *testing.T) {
	bms, err := PerBlock(blockRuns(), "total_ms")
	if err != nil {
		t.Fatal(err)
	}
	if len(bms) != 2 {
		t.Fatalf("%d rows, want cold and warm", len(bms))
	}
	cold := bms[0]
	if cold.Variant != "cold" || cold.Runs != 3 || len(cold.Medians) != 3 {
		t.Fatalf("cold: %+v", cold)
	}
	// Measured runs scale 1, 1.1, 0.9: the medians are the unscaled blocks.
	for i, want := range []float64{300, 100, 100} {
		if math.Abs(cold.Medians[i]-want) > 1e-9 {
			t.Errorf("block %d median %v, want %v", i+1, cold.Medians[i], want)
		}
	}
	if cold.First() != 300 || cold.Mean(2, 3) != 100 || math.Abs(cold.Mean(1, 3)-500.0/3) > 1e-9 {
		t.Errorf("first %v, 2-n %v, all %v", cold.First(), cold.Mean(2, 3), cold.Mean(1, 3))
	}
	var buf bytes.Buffer
	WriteBlockTable(&buf, "total_ms", bms, []Segment{{1, 2}, {3, 9}}, true)
	if !strings.Contains(buf.String(), "| w | cold | 3 | 3 | 300 | 100 | 166.7 | 200 | 100 | 300 100 100 |") {
		t.Errorf("table:\n%s", buf.String())
	}
	for _, bad := range []string{"0-3", "5-2", "x"} {
		if _, err := ParseSegment(bad); err == nil {
			t.Errorf("segment %q accepted", bad)
		}
	}
	if seg, err := ParseSegment("129-300"); err != nil || seg != (Segment{129, 300}) {
		t.Errorf("129-300: %+v, %v", seg, err)
	}
	if _, err := PerBlock(blockRuns(), "mgas_s"); err == nil || !strings.Contains(err.Error(), "no column mgas_s in the blocks table") {
		t.Errorf("unknown column: %v", err)
	}
}
