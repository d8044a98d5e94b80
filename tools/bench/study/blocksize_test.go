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
	"slices"
	"strings"
	"testing"

	"statelab/tools/internal/statekind"
)

const blockSizeStudy = `
name = "t"
tries = ["mpt", "ubt"]
group_depths = [5, 6]
block_sizes = ["4KiB", "16384", "8KiB"]
workloads = ["uniform_read", "uniform_write"]
baseline = "ubt-gd5-bs4KiB"
[[exclude]]
group_depths = [6]
block_sizes = ["8KiB"]
[scale.smoke]
entries = 100
workload_blocks = 1
runs = 2
`

// TestBlockSizes checks that block sizes are a dimension of the matrix: each
// has its own variants, its own prepared datadirs and the geth flag.
func TestBlockSizes(t *testing.T) {
	s, err := Load(writeStudy(t, blockSizeStudy), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := s.Scale("smoke")
	configs := s.Expand(sc)
	// (mpt + 2 depths) x 3 sizes x 2 workloads, less GD-6 at 8 KiB.
	if len(configs) != 3*3*2-2 {
		t.Fatalf("%d configurations, want %d", len(configs), 3*3*2-2)
	}
	if err := CheckBaseline(s.Baseline, configs); err != nil {
		t.Fatal(err)
	}
	variants := Variants(configs)
	want := []string{"mpt-bs4KiB", "mpt-bs16KiB", "mpt-bs8KiB", "ubt-gd5-bs4KiB", "ubt-gd5-bs16KiB", "ubt-gd5-bs8KiB", "ubt-gd6-bs4KiB", "ubt-gd6-bs16KiB"}
	if !slices.Equal(variants, want) {
		t.Errorf("variants %v, want %v", variants, want)
	}
	keys := map[string]bool{}
	for i, c := range configs {
		key := c.DatadirKey()
		if keys[key] && configs[i-1].DatadirKey() != key {
			t.Errorf("%s: configurations of datadir %s are not adjacent", c.Label(), key)
		}
		keys[key] = true
		args := c.BlockSizeArgs()
		if len(args) != 1 || args[0] != "--db.blocksize="+FormatBlockSize(c.BlockSize) {
			t.Errorf("%s: block size args %v", c.Label(), args)
		}
	}
	if len(keys) != len(variants) {
		t.Errorf("%d prepared datadirs for %d variants: %v", len(keys), len(variants), keys)
	}
	// geth's default size shares the datadirs of studies without block sizes.
	for _, c := range configs {
		plain := c
		plain.BlockSize = 0
		if same := c.DatadirKey() == plain.DatadirKey(); same != (c.BlockSize == DefaultBlockSize) {
			t.Errorf("%s: datadir %s, without a block size %s", c.Label(), c.DatadirKey(), plain.DatadirKey())
		}
	}
	if got := (Config{Trie: statekind.UBT, GroupDepth: 6, BlockSize: 16 << 10}).Variant(); got != "ubt-gd6-bs16KiB" {
		t.Errorf("variant %q", got)
	}
	if args := (Config{Trie: statekind.MPT}).BlockSizeArgs(); args != nil {
		t.Errorf("geth's default block size passes %v, want no flag", args)
	}
}

func TestBlockSizeErrors(t *testing.T) {
	for _, tt := range []struct{ old, new, want string }{
		{`"8KiB"]`, `"3KiB"]`, `block_sizes: block size "3KiB" is not a power of two from 1KiB to 64KiB`},
		{`"8KiB"]`, `"128KiB"]`, `block size "128KiB" is not a power of two`},
		{`"8KiB"]`, `"16KB"]`, `block size "16KB" is not a power of two`},
		{`"8KiB"]`, `"lots"]`, `block_sizes: invalid size "lots"`},
		{`"16384", "8KiB"]`, `"16384", "16KiB"]`, `block size "16KiB" given twice`},
		{`block_sizes = ["8KiB"]`, `block_sizes = ["9KiB"]`, `exclude[0].block_sizes: block size "9KiB"`},
	} {
		path := writeStudy(t, strings.Replace(blockSizeStudy, tt.old, tt.new, 1))
		if _, err := Load(path, testMetrics); err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming %s and containing %q", tt.new, err, path, tt.want)
		}
	}
}

func TestFormatBlockSize(t *testing.T) {
	for n, want := range map[int64]string{4096: "4KiB", 64 << 10: "64KiB", 1536: "1536"} {
		if got := FormatBlockSize(n); got != want {
			t.Errorf("FormatBlockSize(%d) = %q, want %q", n, got, want)
		}
	}
}
