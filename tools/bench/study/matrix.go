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
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"statelab/tools/internal/statekind"
)

// Config is one cell of a study's matrix: everything that defines a run except
// its index.
type Config struct {
	Trie       statekind.Trie  `json:"trie"`
	GroupDepth int             `json:"group_depth,omitempty"` // 0 on MPT
	BlockSize  int64           `json:"block_size,omitempty"`  // pebble data block size in bytes; 0: geth's default, no flag
	Workload   string          `json:"workload"`
	BAL        string          `json:"bal"`
	Telemetry  string          `json:"telemetry,omitempty"`
	Cache      statekind.Cache `json:"cache"`
	Geth       Binary          `json:"geth"`

	ShowGeth bool `json:"-"` // the study has several binaries, so the label names them
}

// Variant is the configuration's label without the workload: the thing a
// study compares, for example "ubt-gd5", "mpt", "mpt-bal-type1",
// "ubt-gd6-bs16KiB" or "mpt-upstream". Defaults (geth's block size, no BAL,
// telemetry off, cold cache) are left out.
func (c Config) Variant() string {
	parts := []string{c.Trie.String()}
	if c.Trie == statekind.UBT {
		parts[0] = fmt.Sprintf("%s-gd%d", c.Trie, c.GroupDepth)
	}
	if c.BlockSize != 0 {
		parts = append(parts, "bs"+FormatBlockSize(c.BlockSize))
	}
	if c.BAL != "" && c.BAL != "none" {
		parts = append(parts, "bal-"+c.BAL)
	}
	if c.Telemetry != "" {
		parts = append(parts, "tel-"+c.Telemetry)
	}
	if c.Cache != statekind.Cold {
		parts = append(parts, c.Cache.String())
	}
	if c.ShowGeth {
		parts = append(parts, c.Geth.Name)
	}
	return strings.Join(parts, "-")
}

// ImportArgs are the extra import flags of the configuration's runs: the
// study's, then its binary's own.
func (c Config) ImportArgs(study []string) []string {
	return append(append([]string{}, study...), c.Geth.Args...)
}

// Label names the configuration uniquely: workload and variant.
func (c Config) Label() string {
	return c.Workload + "/" + c.Variant()
}

// DatadirKey names the prepared datadir the configuration starts from: the
// population imported by its binary (name and a hash of its path, so that
// another binary under the same name gets its own) into its trie at its
// group depth and block size. Binaries of one path (differing in Args) share
// the first one's. At geth's default block size the configuration shares the
// datadir of one without a block size: both hold tables of that size.
func (c Config) DatadirKey() string {
	name := c.Geth.Name
	if c.Geth.Datadir != "" {
		name = c.Geth.Datadir
	}
	bin := fmt.Sprintf("%s-%08x", name, pathHash(c.Geth.Path))
	if c.Geth.Prepare != "" {
		bin += "-by-" + c.Geth.Prepare
	}
	if c.BlockSize != 0 && c.BlockSize != DefaultBlockSize {
		bin = "bs" + FormatBlockSize(c.BlockSize) + "-" + bin
	}
	if c.Trie == statekind.UBT {
		return fmt.Sprintf("%s-gd%d-%s", c.Trie, c.GroupDepth, bin)
	}
	return c.Trie.String() + "-" + bin
}

// pathHash is FNV-1a of a binary's path and a zero byte, cut to 32 bits, as
// the names of prepared datadirs have always had it: it must not change, or
// every prepared datadir would be prepared again.
func pathHash(path string) uint32 {
	h := fnv.New64a()
	h.Write([]byte(path))
	h.Write([]byte{0})
	return uint32(h.Sum64())
}

// UsesBAL reports whether the configuration imports with a BAL sidecar.
func (c Config) UsesBAL() bool {
	return c.BAL != "" && c.BAL != "none"
}

// TriesAt lists the tries a study runs at a scale: the scale's, when set,
// else the study's.
func (s *Study) TriesAt(sc Scale) []statekind.Trie {
	if len(sc.Tries) > 0 {
		return sc.Tries
	}
	return s.Tries
}

// Expand lists the study's configurations at a scale, grouped so that runs
// sharing a prepared datadir are adjacent. The scale's tries, group depths
// and workloads, when set, replace the study's. Without block sizes every
// configuration has geth's default.
func (s *Study) Expand(sc Scale) []Config {
	depths := s.GroupDepths
	if len(sc.GroupDepths) > 0 {
		depths = sc.GroupDepths
	}
	workloads := s.Workloads
	if len(sc.Workloads) > 0 {
		workloads = sc.Workloads
	}
	sizes := mustBlockSizes(s.BlockSizes)
	if len(sizes) == 0 {
		sizes = []int64{0}
	}
	var out []Config
	for _, trie := range s.TriesAt(sc) {
		gds := []int{0}
		if trie == statekind.UBT {
			gds = depths
		}
		for _, gd := range gds {
			for _, bs := range sizes {
				for _, geth := range s.Geth {
					for _, bal := range s.BAL {
						for _, tel := range s.Telemetry {
							for _, cache := range s.Cache {
								for _, wl := range workloads {
									c := Config{
										Trie: trie, GroupDepth: gd, BlockSize: bs, Workload: wl, BAL: bal,
										Telemetry: tel, Cache: cache, Geth: geth,
										ShowGeth: len(s.Geth) > 1,
									}
									if !s.excluded(c) {
										out = append(out, c)
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

// excluded reports whether one of the study's exclusions covers c.
func (s *Study) excluded(c Config) bool {
	for _, e := range s.Exclude {
		if e.matches(c) {
			return true
		}
	}
	return false
}

// Variants returns the distinct variant labels of configs, in order.
func Variants(configs []Config) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range configs {
		if v := c.Variant(); !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// CheckBaseline fails if baseline, when set, is not the variant of one of
// configs: every ratio of the report would silently be taken against
// another variant.
func CheckBaseline(baseline string, configs []Config) error {
	if baseline == "" {
		return nil
	}
	vs := Variants(configs)
	if !slices.Contains(vs, baseline) {
		return fmt.Errorf("baseline %q is not one of the study's variants (%s)", baseline, strings.Join(vs, ", "))
	}
	return nil
}
