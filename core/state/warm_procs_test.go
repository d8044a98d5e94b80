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

package state

import (
	"runtime"
	"testing"
)

// setProcs sets GOMAXPROCS for a test and restores it after.
func setProcs(t *testing.T, n int) {
	t.Helper()
	prev := runtime.GOMAXPROCS(n)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
}

func checkProcs(t *testing.T, when string, want int) {
	t.Helper()
	if got := runtime.GOMAXPROCS(0); got != want {
		t.Fatalf("%s: GOMAXPROCS %d, want %d", when, got, want)
	}
}

func TestProcsRaiseOverlapping(t *testing.T) {
	setProcs(t, 2)
	var r procsRaise

	end1 := r.raise(25, 100)
	checkProcs(t, "first raise", 2*ioProcsPerProc)
	end2 := r.raise(25, 100)
	checkProcs(t, "second raise", 2*ioProcsPerProc)
	end1()
	checkProcs(t, "first raise ended", 2*ioProcsPerProc)
	end2()
	checkProcs(t, "both ended", 2)

	// A raise after the value changed restores the new value.
	runtime.GOMAXPROCS(3)
	end := r.raise(25, 100)
	checkProcs(t, "raise from 3", 3*ioProcsPerProc)
	end()
	checkProcs(t, "ended", 3)
}

func TestProcsRaiseBounded(t *testing.T) {
	setProcs(t, 2)
	var r procsRaise

	end := r.raise(5, 100)
	checkProcs(t, "5 workers", 5)
	end()
	checkProcs(t, "ended", 2)

	// Too few reads: nothing to raise.
	end = r.raise(25, ioProcsMinReads-1)
	checkProcs(t, "few reads", 2)
	end()
	checkProcs(t, "ended", 2)

	// Fewer workers than Ps: nothing to raise.
	end = r.raise(1, 100)
	checkProcs(t, "1 worker", 2)
	end()
	checkProcs(t, "ended", 2)
}

// TestWarmRestoresProcs checks that warming leaves GOMAXPROCS as it found
// it, on both tries.
func TestWarmRestoresProcs(t *testing.T) {
	setProcs(t, 2)
	for _, ubt := range []bool{false, true} {
		sdb, root, addrs := warmTestState(t, ubt, 3, 300)
		state := warmAccessList(t, sdb, root, addrs, 300, 25)
		if state.PrefetchWarmStats().Nodes == 0 {
			t.Fatalf("ubt=%v: nothing warmed", ubt)
		}
		state.StopPrefetcher()
		checkProcs(t, "after warming", 2)
	}
}

// BenchmarkProcsRaise measures a raise and its restore, which stop the world
// twice.
func BenchmarkProcsRaise(b *testing.B) {
	prev := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(prev)
	var r procsRaise
	for b.Loop() {
		r.raise(25, ioProcsMinReads)()
	}
}
