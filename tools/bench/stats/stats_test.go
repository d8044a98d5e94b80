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

package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol
}

// TestSummarize checks median and CV against values worked out by hand:
// mean 5, sample variance 32/7.
func TestSummarize(t *testing.T) {
	s := Summarize([]float64{2, 4, 4, 4, 5, 5, 7, 9, math.NaN()})
	if s.N != 8 {
		t.Errorf("n = %d, want 8 (NaN dropped)", s.N)
	}
	if s.Median != 4.5 {
		t.Errorf("median = %v, want 4.5", s.Median)
	}
	if want := 100 * math.Sqrt(32.0/7) / 5; !near(s.CV, want, 1e-9) {
		t.Errorf("cv = %v, want %v", s.CV, want)
	}
	if s.Min != 2 || s.Max != 9 {
		t.Errorf("range = [%v, %v], want [2, 9]", s.Min, s.Max)
	}
	// Eight values give a finite distribution-free 95% CI of the median:
	// order statistics 1 and 7 (2 and 7) cover it with probability
	// P(1 <= Binomial(8, 1/2) <= 6) = 246/256 >= 0.95, while 2 and 7 would
	// cover only 238/256.
	if s.MedianLo != 2 || s.MedianHi != 7 {
		t.Errorf("median CI = [%v, %v], want [2, 7]", s.MedianLo, s.MedianHi)
	}
	if lo, hi := Summarize([]float64{1, 2, 3}).ErrorBar(); lo != 1 || hi != 3 {
		t.Errorf("error bar of 3 values = [%v, %v], want the range [1, 3]", lo, hi)
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := Median(tt.in); got != tt.want {
			t.Errorf("Median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestMannWhitney checks U and the exact two-sided p-value against the
// enumerated null distribution: for sizes 5 and 4 there are C(9,4) = 126
// rank arrangements, 7 of them with U <= 3, so p = 2*7/126.
func TestMannWhitney(t *testing.T) {
	a := []float64{19, 22, 16, 29, 24}
	b := []float64{20, 11, 17, 12}
	got := MannWhitney(a, b)
	if got.U != 17 {
		t.Errorf("U = %v, want 17", got.U)
	}
	if want := 14.0 / 126; !near(got.P, want, 1e-9) {
		t.Errorf("p = %v, want %v", got.P, want)
	}
	// Completely separated samples of 4: p = 2/C(8,4) = 2/70.
	sep := MannWhitney([]float64{1, 2, 3, 4}, []float64{5, 6, 7, 8})
	if sep.U != 0 || !near(sep.P, 2.0/70, 1e-9) {
		t.Errorf("separated: U = %v p = %v, want 0 and %v", sep.U, sep.P, 2.0/70)
	}
	// Ties count half.
	if u := MannWhitney([]float64{1, 2, 2, 3}, []float64{2, 3, 4, 5}).U; u != 2.5 {
		t.Errorf("U with ties = %v, want 2.5", u)
	}
}

// TestBootstrapRatio checks the percentile interval on a case that can be
// worked out: a is constant, so each resampled ratio is Median(b*)/10, and
// Median(b*) of three draws from {20, 21, 22} is 20 or 22 with probability
// 7/27 each, more than 2.5%.
func TestBootstrapRatio(t *testing.T) {
	a := []float64{10, 10, 10}
	b := []float64{20, 21, 22}
	got := BootstrapRatio(a, b, 5000, 0.95, 1)
	if !near(got.Ratio, 2.1, 1e-12) || !near(got.Lo, 2.0, 1e-12) || !near(got.Hi, 2.2, 1e-12) {
		t.Errorf("ratio = %+v, want 2.1 [2.0, 2.2]", got)
	}
	same := BootstrapRatio([]float64{3, 4, 5}, []float64{3, 4, 5}, 2000, 0.95, 7)
	if same.Ratio != 1 || same.Lo > 1 || same.Hi < 1 || same.Lo >= same.Hi {
		t.Errorf("identical samples: %+v, want ratio 1 inside a non-empty CI", same)
	}
	if again := BootstrapRatio([]float64{3, 4, 5}, []float64{3, 4, 5}, 2000, 0.95, 7); again != same {
		t.Errorf("same seed gave %+v then %+v", same, again)
	}
	if r := BootstrapRatio(nil, b, 100, 0.95, 1); !math.IsNaN(r.Ratio) {
		t.Errorf("empty baseline: ratio %v, want NaN", r.Ratio)
	}
}

// TestSeed checks that a seed depends on every part and on where the parts
// split, and that it is stable: a report regenerated from its raw runs
// must draw the same resamples.
func TestSeed(t *testing.T) {
	for _, other := range [][]string{{"w", "v", "n"}, {"wv", "m"}, {"w", "vm"}, {"v", "w", "m"}} {
		if Seed(other...) == Seed("w", "v", "m") {
			t.Errorf("parts %q share the seed of w, v, m", other)
		}
	}
	// FNV-1a of "a\x00", worked out by hand: the CIs of a report regenerated
	// from old runs must not move.
	if got := Seed("a"); got != 0x089be207b544f1e4 {
		t.Errorf("Seed(a) = %#x, want %#x", got, uint64(0x089be207b544f1e4))
	}
}
