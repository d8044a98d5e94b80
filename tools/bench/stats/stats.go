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

// Package stats holds the statistics of bench's reports: a sample's median
// with its distribution-free CI and its CV, the Mann-Whitney U test of two
// samples and the bootstrap CI of a ratio of medians. The median CI and the
// U test's p-value come from golang.org/x/perf's benchmath, the CV and the
// percentiles from gonum, as benchstat computes them. It knows nothing of
// runs or metrics: every function takes plain samples.
package stats

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"

	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/stat"
)

// Summary describes one configuration's sample of a metric.
type Summary struct {
	N        int     `json:"n"`
	Median   float64 `json:"median"`
	MedianLo float64 `json:"median_lo"` // distribution-free 95% CI of the median
	MedianHi float64 `json:"median_hi"`
	CV       float64 `json:"cv_pct"` // sample standard deviation over mean, in percent
	Min      float64 `json:"min"`
	Max      float64 `json:"max"`
}

// ErrorBar returns the 95% CI of the median, or the sample's range when there
// are too few values for a finite CI (fewer than 6).
func (s Summary) ErrorBar() (lo, hi float64) {
	if math.IsInf(s.MedianLo, 0) || math.IsInf(s.MedianHi, 0) || math.IsNaN(s.MedianLo) {
		return s.Min, s.Max
	}
	return s.MedianLo, s.MedianHi
}

// Summarize computes the median with its CI (benchmath, assuming nothing about
// the distribution) and the CV (gonum). NaN values are dropped first.
func Summarize(xs []float64) Summary {
	xs = finite(xs)
	if len(xs) == 0 {
		nan := math.NaN()
		return Summary{Median: nan, MedianLo: nan, MedianHi: nan, CV: nan, Min: nan, Max: nan}
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(xs, &benchmath.DefaultThresholds), 0.95)
	out := Summary{N: len(xs), Median: s.Center, MedianLo: s.Lo, MedianHi: s.Hi, CV: math.NaN(),
		Min: slices.Min(xs), Max: slices.Max(xs)}
	if len(xs) > 1 {
		if mean := stat.Mean(xs, nil); mean != 0 {
			out.CV = 100 * stat.StdDev(xs, nil) / math.Abs(mean)
		}
	}
	return out
}

// UTest is a two-sided Mann-Whitney U test of two samples.
type UTest struct {
	U float64 `json:"u"` // U statistic of the first sample: pairs where it is larger, ties counting half
	P float64 `json:"p"` // exact or normal-approximation p-value (benchmath)
}

// MannWhitney tests whether a and b come from the same distribution.
func MannWhitney(a, b []float64) UTest {
	a, b = finite(a), finite(b)
	if len(a) == 0 || len(b) == 0 {
		return UTest{U: math.NaN(), P: math.NaN()}
	}
	var u float64
	for _, x := range a {
		for _, y := range b {
			switch {
			case x > y:
				u++
			case x == y:
				u += 0.5
			}
		}
	}
	th := benchmath.DefaultThresholds
	cmp := benchmath.AssumeNothing.Compare(benchmath.NewSample(a, &th), benchmath.NewSample(b, &th))
	return UTest{U: u, P: cmp.P}
}

// RatioCI is a ratio of medians, b over a, with its bootstrap CI.
type RatioCI struct {
	Ratio float64 `json:"ratio"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// BootstrapRatio resamples a and b independently with replacement iters
// times and returns Median(b)/Median(a) with the percentile interval of
// the resampled ratios at the given confidence (0.95 for a 95% CI). The seed
// makes reports reproducible.
func BootstrapRatio(a, b []float64, iters int, confidence float64, seed uint64) RatioCI {
	a, b = finite(a), finite(b)
	nan := RatioCI{Ratio: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if len(a) == 0 || len(b) == 0 || Median(a) == 0 {
		return nan
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	ra, rb := make([]float64, len(a)), make([]float64, len(b))
	ratios := make([]float64, 0, iters)
	for range iters {
		resample(rng, a, ra)
		resample(rng, b, rb)
		if ma := Median(ra); ma != 0 {
			ratios = append(ratios, Median(rb)/ma)
		}
	}
	slices.Sort(ratios)
	alpha := (1 - confidence) / 2
	return RatioCI{
		Ratio: Median(b) / Median(a),
		Lo:    stat.Quantile(alpha, stat.Empirical, ratios, nil),
		Hi:    stat.Quantile(1-alpha, stat.Empirical, ratios, nil),
	}
}

// resample fills dst with draws from src with replacement.
func resample(rng *rand.Rand, src, dst []float64) {
	for i := range dst {
		dst[i] = src[rng.IntN(len(src))]
	}
}

// Median returns the middle value of xs, the mean of the two middle values
// for an even count. xs is not modified.
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// finite drops NaN and infinite values.
func finite(xs []float64) []float64 {
	out := make([]float64, 0, len(xs))
	for _, x := range xs {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			out = append(out, x)
		}
	}
	return out
}

// Seed derives a bootstrap seed from what is compared, so that a report is
// reproducible from its raw runs.
func Seed(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}
