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

package study

import (
	"math"
	"strings"
	"testing"
)

// testNode is 64 GiB of RAM against 360 GB of state, geth's default cache.
func testNode(t *testing.T) *Node {
	n := &Node{Name: "n", RAM: "64GiB", State: "360GB", CacheMB: 4096, BlockGas: 100_000_000, BlocksPerRun: 300, ReadaheadKB: 128}
	if err := n.Parse(); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestResolveModel(t *testing.T) {
	node := testNode(t)
	var ref int64 = 4_000_000_000 // a 4 GB datadir
	m, err := ResolveModel(node, Scale{WorkloadBlocks: 300, WorkloadGas: 10_000_000, MemLimit: "auto", GethCache: "auto"}, "", "", "/w/prep", ref)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Calibrate || m.MemLimit != 0 {
		t.Fatalf("auto limit %+v: want one left to calibrate", m)
	}
	// The node leaves 64 GiB - 8 GiB (twice its cache) to the page cache.
	if want := float64(56<<30) / 360e9; math.Abs(m.PageShare-want) > 1e-12 {
		t.Errorf("page share %v, want %v", m.PageShare, want)
	}
	m.CalibrateFor("w/a", 200<<20)
	m.CalibrateFor("w/b", 100<<20)
	budget := int64(math.Round(m.PageShare * float64(ref)))
	if want := int64(math.Round(200<<20*CalibrationMargin)) + budget; m.LimitFor("w/a") != want {
		t.Errorf("calibrated limit %d, want %d: the warm-up's process memory plus the node's page-cache share", m.LimitFor("w/a"), want)
	}
	if lo, hi := m.LimitRange(); hi-lo != int64(math.Round(200<<20*CalibrationMargin))-int64(math.Round(100<<20*CalibrationMargin)) {
		t.Errorf("limits %d..%d: every configuration must get the same page-cache budget", lo, hi)
	}
	if m.LimitFor("w/uncalibrated") != 0 {
		t.Error("a configuration without a warm-up got a limit")
	}
	if want := int(float64(4096<<20) / 360e9 * float64(ref) / (1 << 20)); m.GethCache != want {
		t.Errorf("auto cache %d MiB, want %d", m.GethCache, want)
	}
	if args := m.CacheArgs(); len(args) != 2 || args[0] != "--cache" {
		t.Errorf("cache args %v", args)
	}
	// The command line replaces the scale's settings; a tiny state gets
	// geth's floor.
	m, err = ResolveModel(node, Scale{MemLimit: "auto", GethCache: "auto"}, "1GiB", "", "/w/prep", 10_000_000)
	if err != nil || m.MemLimit != 1<<30 || m.Calibrate || m.GethCache != minGethCacheMB {
		t.Errorf("override: %+v, %v", m, err)
	}
	if _, err := ResolveModel(nil, Scale{}, "auto", "", "/w/prep", ref); err == nil || !strings.Contains(err.Error(), "[node]") {
		t.Errorf("auto without a node: %v", err)
	}
	if _, err := ResolveModel(nil, Scale{}, "100MiB", "200MiB", "/w/prep", ref); err == nil || !strings.Contains(err.Error(), "does not fit") {
		t.Errorf("cache above the bound: %v", err)
	}
	if m, err := ResolveModel(nil, Scale{}, "", "", "/w/prep", ref); err != nil || m.MemLimit != 0 || m.CacheArgs() != nil {
		t.Errorf("no bound: %+v, %v", m, err)
	}
}

func TestNodeModelErrors(t *testing.T) {
	for _, n := range []Node{
		{RAM: "64GiB", State: "32GiB", CacheMB: 4096},
		{RAM: "64GiB", State: "360GB", CacheMB: 4096, Process: "64GiB"},
		{RAM: "x", State: "360GB", CacheMB: 4096},
		{RAM: "64GiB", State: "360GB", CacheMB: 0},
	} {
		if err := n.Parse(); err == nil {
			t.Errorf("node %+v accepted", n)
		}
	}
}
