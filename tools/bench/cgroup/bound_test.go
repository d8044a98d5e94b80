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

package cgroup

import (
	"os"
	"strings"
	"testing"
)

// TestVerifyBound checks each way a run's bound can fail verification.
func TestVerifyBound(t *testing.T) {
	cg := &Group{Version: 1, Mem: "/sys/fs/cgroup/memory/job/run1", Limit: 256 << 20}
	good := func() (*Observed, End) {
		seen := &Observed{PID: 42, Inside: true, Samples: 10, Peaks: Peaks{Usage: 250 << 20, Anon: 100 << 20}}
		return seen, End{Limit: 256 << 20, Peak: 256 << 20, LimitHits: 3}
	}
	m, end := good()
	rec, err := Verify(cg, *m, end, Sample{})
	if err != nil || !rec.Reached || rec.Peak != 256<<20 {
		t.Fatalf("good run: %+v, %v", rec, err)
	}
	for _, tt := range []struct {
		name   string
		change func(*Observed, *End)
		want   string
	}{
		{"not inside", func(m *Observed, _ *End) { m.Inside = false }, "never seen in cgroup"},
		{"no samples", func(m *Observed, _ *End) { m.Samples = 0 }, "no reading"},
		{"unreadable", func(m *Observed, _ *End) { m.Err = os.ErrNotExist }, "not verified"},
		{"limit changed", func(_ *Observed, e *End) { e.Limit = 1 << 40 }, "bound changed"},
		{"above limit", func(m *Observed, _ *End) { m.Peaks.Usage = 300 << 20 }, "above its limit"},
		{"just above slack", func(_ *Observed, e *End) { e.Peak = 257<<20 + 1 }, "above its limit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, end := good()
			tt.change(m, &end)
			if _, err := Verify(cg, *m, end, Sample{}); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	m, end = good()
	end.Peak = 256<<20 + 4096 // the kernel let one page past the limit
	if _, err := Verify(cg, *m, end, Sample{}); err != nil {
		t.Errorf("one page past the limit: %v", err)
	}
	m, end = good()
	m.Peaks.Usage, end.Peak, end.LimitHits = 100<<20, 120<<20, 0
	if rec, err := Verify(cg, *m, end, Sample{}); err != nil || rec.Reached {
		t.Errorf("run far below its bound: %+v, %v; want it verified and not reached", rec, err)
	}
}

// TestPeaks checks that the peaks follow each figure's own highest sample,
// and the process's memory as usage less page cache.
func TestPeaks(t *testing.T) {
	var p Peaks
	p.Add(Sample{Usage: 100, File: 80, Anon: 15})
	p.Add(Sample{Usage: 90, File: 20, Anon: 60})
	if want := (Peaks{Usage: 100, File: 80, Anon: 60, NonFile: 70}); p != want {
		t.Errorf("peaks %+v, want %+v", p, want)
	}
}
