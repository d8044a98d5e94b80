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

// Package study defines what bench measures: a study as its TOML file gives
// it (the dimensions of its matrix, the binaries, the [chain] it runs on,
// the [node] its memory-bounded scales stand in for, and its scales), the
// matrix of configurations it expands to at a scale, and the scale model
// that gives a scale's runs their memory bound and geth cache. It reads the
// study file and nothing else: running the matrix is the runner's.
package study

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"statelab/tools/bench/bytesize"
	"statelab/tools/internal/statekind"
)

// knownWorkloads are the workload files dumpgen writes.
var knownWorkloads = []string{"erc20_balanceof", "erc20_approve", "mixed_sload_sstore", "sload_benchmark", "sstore_variants", "uniform_read", "uniform_write"}

// knownTelemetry are the telemetry levels a study may ask for: "" runs
// without --rpc.telemetry, the others are --rpc.telemetry.level values.
var knownTelemetry = []string{"", "off", "block", "phase", "node"}

// knownBAL are the block-level access list types a study may ask for: the
// types geth import --bal.type applies (type 2, which lists addresses only,
// has no import mode).
var knownBAL = []string{"none", "type1", "type3", "type4"}

// Fork is the rule set a study's dumps are generated under: dumpgen's
// --fork, recorded in each dump's manifest.
type Fork string

const (
	// ForkDefault is the trie's default rules (no --fork): blocks carry no
	// access list.
	ForkDefault Fork = ""
	// ForkAmsterdam activates every fork up to Amsterdam at genesis, so that
	// every block carries its EIP-7928 access list and geth executes it on
	// its BAL path. MPT only: geth v1.17.10 runs a binary-trie chain under
	// Amsterdam's instruction set while applying EIP-4762, and dumpgen
	// refuses such a dump.
	ForkAmsterdam Fork = "amsterdam"
)

// validate refuses a fork dumpgen does not know, and one the study's tries
// or its [chain] cannot run under.
func (f Fork) validate(tries []statekind.Trie, chain bool) error {
	switch f {
	case ForkDefault:
		return nil
	case ForkAmsterdam:
	default:
		return fmt.Errorf("fork: unknown fork %q (want %q, or leave fork out for the trie's default rules)", string(f), string(ForkAmsterdam))
	}
	if chain {
		return fmt.Errorf("fork: %q applies to the dumps bench generates; a [chain] runs under its own genesis's rules", string(f))
	}
	if slices.Contains(tries, statekind.UBT) {
		return fmt.Errorf("fork = %q runs on MPT only, but tries has ubt: geth v1.17.10 runs a binary-trie chain under Amsterdam's instruction set while applying EIP-4762, and dumpgen refuses such a dump", string(f))
	}
	return nil
}

// Study is a benchmark study as defined in a TOML file: a matrix over trie
// kind, group depth, pebble block size, workload, BAL type, telemetry level,
// cache state and geth binary, plus the scales it can run at.
type Study struct {
	Name        string            `toml:"name"`
	Description string            `toml:"description"`
	Fork        Fork              `toml:"fork"` // rules of the dumps; ForkDefault: the trie's own
	Tries       []statekind.Trie  `toml:"tries"`
	GroupDepths []int             `toml:"group_depths"` // binary trie only, 1..8
	BlockSizes  []string          `toml:"block_sizes"`  // pebble data block sizes ("16KiB"); none: geth's default, no flag
	Workloads   []string          `toml:"workloads"`
	BAL         []string          `toml:"bal"`       // "none", "type1", ...; anything but none needs --bal.file
	Telemetry   []string          `toml:"telemetry"` // "" (off) or a --rpc.telemetry.level value
	Cache       []statekind.Cache `toml:"cache"`     // default: cold
	Geth        []Binary          `toml:"geth"`      // default: one binary named statelab, path geth
	GethArgs    []string          `toml:"geth_args"` // extra flags for every geth import
	Baseline    string            `toml:"baseline"`  // variant label the others are compared with
	Metric      string            `toml:"metric"`    // headline metric of the report, default ms_per_slot
	Order       string            `toml:"order"`     // "interleaved" (default) or "sequential"
	Exclude     []Exclusion       `toml:"exclude"`   // cells of the matrix not to run
	// Traces makes the study's telemetry runs export their spans to the
	// Jaeger of bench run --traces, which collects them: bench refuses to
	// run the study without one, since spans exported to no collector cost
	// geth other work than spans a collector takes.
	Traces bool `toml:"traces"`

	Node  *Node  `toml:"node"`  // the node that memory-bounded scales model
	Chain *Chain `toml:"chain"` // a chain dumpgen did not make; nil: dumpgen dumps
	// Fixtures are benchmark tests merged into the dumps' population
	// (dumpgen --fixture): workload name, a chain directory fixturechain
	// wrote. Their workloads run on the large state beside dumpgen's.
	Fixtures map[string]string `toml:"fixtures"`
	Scales   map[string]Scale  `toml:"scale"`

	Path string `toml:"-"` // file the study was read from, for error messages
}

// Binary is one geth binary of a study, resolved against the binary directory
// when its path is relative.
//
// Args are import flags of this binary's runs only, after the study's
// geth_args: two entries with the same path and different Args compare one
// binary's settings (for example --bal.warm before against beside). Entries
// with the same path share their prepared datadirs and sidecars.
type Binary struct {
	Name string   `toml:"name"`
	Path string   `toml:"path"`
	Args []string `toml:"args" json:"args,omitempty"`
	// Prepare names another binary of the study that initialises and imports
	// the population into this binary's datadirs, for a geth that cannot
	// (unpatched upstream panics in init of a binary-trie genesis, the bug
	// patch 0001 fixes). Empty: the binary prepares its own.
	Prepare string `toml:"prepare"`
	// GroupDepthFlag passes --bintrie.groupdepth to every binary-trie import,
	// for a geth that does not read the depth recorded in the database (one
	// without patch 0002 opens a binary trie at its default depth, 5).
	GroupDepthFlag bool `toml:"groupdepth_flag"`

	// Datadir names the binary whose prepared datadirs this one uses: the
	// first binary of the study with the same path (ResolveBinaries sets it).
	// Empty: its own.
	Datadir string `toml:"-" json:"-"`

	preparePath string // resolved path of Prepare's binary
}

// Preparer is the binary that prepares this binary's datadirs.
func (b Binary) Preparer() string {
	if b.preparePath != "" {
		return b.preparePath
	}
	return b.Path
}

// Exclusion removes the cells of a study's matrix that match it: every field
// it sets must match, and a list field matches any of its values. For
// example the BAL study measures the warm-cache bound without BAL only:
//
//	[[exclude]]
//	cache = ["warm"]
//	bal = ["type1", "type3", "type4"]
type Exclusion struct {
	Tries       []statekind.Trie  `toml:"tries"`
	GroupDepths []int             `toml:"group_depths"`
	BlockSizes  []string          `toml:"block_sizes"`
	Workloads   []string          `toml:"workloads"`
	BAL         []string          `toml:"bal"`
	Telemetry   []string          `toml:"telemetry"`
	Cache       []statekind.Cache `toml:"cache"`
	Geth        []string          `toml:"geth"` // binary names
}

// matches reports whether the exclusion covers a configuration.
func (e Exclusion) matches(c Config) bool {
	return matchesAny(e.Tries, c.Trie) && matchesAny(e.GroupDepths, c.GroupDepth) &&
		(len(e.BlockSizes) == 0 || slices.Contains(mustBlockSizes(e.BlockSizes), c.BlockSize)) &&
		matchesAny(e.Workloads, c.Workload) && matchesAny(e.BAL, c.BAL) && matchesAny(e.Telemetry, c.Telemetry) &&
		matchesAny(e.Cache, c.Cache) && matchesAny(e.Geth, c.Geth.Name)
}

// matchesAny reports whether an exclusion's list matches v: an empty list
// matches every value.
func matchesAny[T comparable](list []T, v T) bool {
	return len(list) == 0 || slices.Contains(list, v)
}

// empty reports whether the exclusion sets no field, and so would match
// every configuration.
func (e Exclusion) empty() bool {
	return len(e.Tries)+len(e.GroupDepths)+len(e.BlockSizes)+len(e.Workloads)+len(e.BAL)+len(e.Telemetry)+len(e.Cache)+len(e.Geth) == 0
}

// Scale sets the size of a study run: the dump, the number of runs (the first
// of each configuration is discarded) and optionally fewer group depths.
type Scale struct {
	Entries        int   `toml:"entries"`
	WorkloadBlocks int   `toml:"workload_blocks"`
	Runs           int   `toml:"runs"`
	GroupDepths    []int `toml:"group_depths"`
	// Tries and Workloads, when set, replace the study's tries and
	// workloads at this scale (each must be one of them).
	Tries     []statekind.Trie `toml:"tries,omitempty"`
	Workloads []string         `toml:"workloads,omitempty"`

	// WorkloadGas is the gas of each workload block (dumpgen
	// --workload-gas-target); 0 keeps dumpgen's gas target.
	WorkloadGas uint64 `toml:"workload_gas,omitempty"`
	// Population is where dumpgen puts the population: "genesis" (the
	// default, "" too) places it in the genesis state and bench writes each
	// datadir straight from it (dumpgen datadir, minutes at 10^8 entries);
	// "blocks" creates it with population blocks that bench imports, as
	// before the direct writer.
	Population string `toml:"population,omitempty"`
	// Shape is the population's shape: "dumpgen" (the default, "" too) or
	// "mainnet" (mainnet's shares of EOAs, contracts and slots and its
	// slots per contract; dumpgen --shape mainnet), which needs the
	// population in the genesis.
	Shape string `toml:"shape,omitempty"`
	// MemLimit bounds every cold run's geth, page cache included, with a
	// memory cgroup: a size ("768MiB"), or "auto" for the [node] table's
	// memory-to-state ratio times the reference datadir. "" runs unbounded.
	MemLimit string `toml:"mem_limit,omitempty"`
	// GethCache is geth's --cache: a size, or "auto" for the node's
	// --cache-to-state ratio times the reference datadir. "" keeps geth's
	// default.
	GethCache string `toml:"geth_cache,omitempty"`
}

// Load reads and validates a study file. metrics are the names its headline
// metric may take (package metrics knows them; a study only names one).
func Load(path string, metrics []string) (*Study, error) {
	var s Study
	md, err := toml.DecodeFile(path, &s)
	if err != nil {
		return nil, fmt.Errorf("study %s: %v", path, err)
	}
	if undec := md.Undecoded(); len(undec) > 0 {
		keys := make([]string, len(undec))
		for i, k := range undec {
			keys[i] = k.String()
		}
		return nil, fmt.Errorf("study %s: unknown keys %s", path, strings.Join(keys, ", "))
	}
	s.Path = path
	s.setDefaults()
	if err := s.validate(metrics); err != nil {
		return nil, fmt.Errorf("study %s: %v", path, err)
	}
	return &s, nil
}

// setDefaults fills the dimensions a study leaves out with their single
// default value.
func (s *Study) setDefaults() {
	if s.Name == "" {
		s.Name = strings.TrimSuffix(filepath.Base(s.Path), filepath.Ext(s.Path))
	}
	if len(s.BAL) == 0 {
		s.BAL = []string{"none"}
	}
	if len(s.Telemetry) == 0 {
		s.Telemetry = []string{""}
	}
	if len(s.Cache) == 0 {
		s.Cache = []statekind.Cache{statekind.Cold}
	}
	if len(s.Geth) == 0 {
		s.Geth = []Binary{{Name: "statelab", Path: "geth"}}
	}
	if s.Metric == "" {
		s.Metric = "ms_per_slot"
	}
	if s.Order == "" {
		s.Order = "interleaved"
	}
}

// validate checks every dimension and scale of the study.
func (s *Study) validate(metrics []string) error {
	if len(s.Tries) == 0 {
		return errors.New("tries is empty")
	}
	if slices.Contains(s.Tries, statekind.UBT) && len(s.GroupDepths) == 0 {
		return errors.New("group_depths is empty but tries has ubt")
	}
	if err := checkDepths("group_depths", s.GroupDepths); err != nil {
		return err
	}
	if err := s.Fork.validate(s.Tries, s.Chain != nil); err != nil {
		return err
	}
	if _, err := parseBlockSizes("block_sizes", s.BlockSizes); err != nil {
		return err
	}
	if len(s.Workloads) == 0 {
		return errors.New("workloads is empty")
	}
	known := knownWorkloads
	if len(s.Fixtures) > 0 {
		if err := s.validateFixtures(); err != nil {
			return fmt.Errorf("fixtures: %v", err)
		}
		known = append(slices.Clone(knownWorkloads), slices.Sorted(maps.Keys(s.Fixtures))...)
	}
	if s.Chain != nil {
		if err := s.Chain.validate(filepath.Dir(s.Path)); err != nil {
			return fmt.Errorf("chain: %v", err)
		}
		if len(s.Tries) != 1 || s.Tries[0] != s.Chain.Trie {
			return fmt.Errorf("tries: a [chain] study runs on its chain's trie only, [%q]", s.Chain.Trie)
		}
		known = s.Chain.workloadNames()
	}
	for _, w := range s.Workloads {
		if !slices.Contains(known, w) {
			return fmt.Errorf("workloads: unknown workload %q (want one of %s)", w, strings.Join(known, ", "))
		}
	}
	for _, b := range s.BAL {
		if !slices.Contains(knownBAL, b) {
			return fmt.Errorf("bal: unknown type %q (want one of %s)", b, strings.Join(knownBAL, ", "))
		}
	}
	for _, l := range s.Telemetry {
		if !slices.Contains(knownTelemetry, l) {
			return fmt.Errorf("telemetry: unknown level %q (want \"\" for no telemetry, or off, block, phase, node)", l)
		}
	}
	if s.Traces && !slices.ContainsFunc(s.Telemetry, func(l string) bool { return l != "" }) {
		return errors.New("traces = true, but telemetry has no level: no run exports spans")
	}
	names := map[string]bool{}
	for _, g := range s.Geth {
		if g.Name == "" || g.Path == "" || strings.ContainsAny(g.Name, " /") {
			return fmt.Errorf("geth: binary %+v needs a name without spaces or slashes and a path", g)
		}
		if names[g.Name] {
			return fmt.Errorf("geth: binary name %q used twice", g.Name)
		}
		names[g.Name] = true
	}
	for _, g := range s.Geth {
		if g.Prepare == "" {
			continue
		}
		if g.Prepare == g.Name || !names[g.Prepare] {
			return fmt.Errorf("geth: binary %s: prepare = %q names no other binary of the study", g.Name, g.Prepare)
		}
	}
	for i, e := range s.Exclude {
		if e.empty() {
			return fmt.Errorf("exclude[%d]: sets no field, so it would exclude every run", i)
		}
		if _, err := parseBlockSizes(fmt.Sprintf("exclude[%d].block_sizes", i), e.BlockSizes); err != nil {
			return err
		}
	}
	if s.Order != "interleaved" && s.Order != "sequential" {
		return fmt.Errorf("order: unknown order %q (want interleaved or sequential)", s.Order)
	}
	if !slices.Contains(metrics, s.Metric) {
		return fmt.Errorf("metric: unknown metric %q", s.Metric)
	}
	if len(s.Scales) == 0 {
		return errors.New("no [scale.NAME] table")
	}
	if s.Node != nil {
		if err := s.Node.Parse(); err != nil {
			return fmt.Errorf("node: %v", err)
		}
	}
	for name, sc := range s.Scales {
		if err := sc.validate(s.Chain != nil); err != nil {
			return fmt.Errorf("scale.%s: %v", name, err)
		}
		for _, w := range sc.Workloads {
			if !slices.Contains(s.Workloads, w) {
				return fmt.Errorf("scale.%s: workload %q is not one of the study's", name, w)
			}
		}
		for _, t := range sc.Tries {
			if !slices.Contains(s.Tries, t) {
				return fmt.Errorf("scale.%s: trie %q is not one of the study's", name, t)
			}
		}
		if (sc.MemLimit == "auto" || sc.GethCache == "auto") && s.Node == nil {
			return fmt.Errorf("scale.%s: \"auto\" needs a [node] table to scale from", name)
		}
	}
	return nil
}

// validate checks one scale. On a user's chain the dump's size comes from
// its files, so entries and workload_blocks are not needed.
func (sc Scale) validate(chain bool) error {
	if sc.Entries <= 0 && !chain {
		return fmt.Errorf("entries must be positive, have %d", sc.Entries)
	}
	if sc.WorkloadBlocks <= 0 && !chain {
		return fmt.Errorf("workload_blocks must be positive, have %d", sc.WorkloadBlocks)
	}
	if sc.Runs < 2 {
		return fmt.Errorf("runs must be at least 2 (the first is discarded), have %d", sc.Runs)
	}
	if err := checkDepths("group_depths", sc.GroupDepths); err != nil {
		return err
	}
	switch sc.Population {
	case "", PopulationGenesis, PopulationBlocks:
	default:
		return fmt.Errorf("population: %q is neither %q nor %q", sc.Population, PopulationGenesis, PopulationBlocks)
	}
	switch sc.Shape {
	case "", ShapeDumpgen:
	case ShapeMainnet:
		if !sc.GenesisPlaced() {
			return fmt.Errorf("shape %q needs the population in the genesis, not population = %q", sc.Shape, sc.Population)
		}
	default:
		return fmt.Errorf("shape: %q is neither %q nor %q", sc.Shape, ShapeDumpgen, ShapeMainnet)
	}
	for key, v := range map[string]string{"mem_limit": sc.MemLimit, "geth_cache": sc.GethCache} {
		if v == "" || v == "auto" {
			continue
		}
		if _, err := bytesize.Parse(v); err != nil {
			return fmt.Errorf("%s: %v", key, err)
		}
	}
	return nil
}

// Where a scale's population is (Scale.Population).
const (
	PopulationGenesis = "genesis"
	PopulationBlocks  = "blocks"
)

// Shapes of a scale's population (Scale.Shape).
const (
	ShapeDumpgen = "dumpgen"
	ShapeMainnet = "mainnet"
)

// MainnetShaped reports whether the scale's population has mainnet's shape.
func (sc Scale) MainnetShaped() bool {
	return sc.Shape == ShapeMainnet
}

// GenesisPlaced reports whether the scale's population is placed in the
// genesis, as it is unless the study says "blocks".
func (sc Scale) GenesisPlaced() bool {
	return sc.Population != PopulationBlocks
}

// checkDepths refuses group depths outside 1..8.
func checkDepths(key string, depths []int) error {
	for _, d := range depths {
		if d < 1 || d > 8 {
			return fmt.Errorf("%s: group depth %d outside 1..8", key, d)
		}
	}
	return nil
}

// Scale returns the named scale, or an error listing the defined ones.
func (s *Study) Scale(name string) (Scale, error) {
	sc, ok := s.Scales[name]
	if !ok {
		var have []string
		for n := range s.Scales {
			have = append(have, n)
		}
		sort.Strings(have)
		return Scale{}, fmt.Errorf("--scale: study %s defines no scale %q (have %s)", s.Path, name, strings.Join(have, ", "))
	}
	return sc, nil
}

// ResolveBinaries makes relative binary paths absolute against dir and checks
// that each binary exists.
func (s *Study) ResolveBinaries(dir string) error {
	for i, g := range s.Geth {
		p := g.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("study %s: geth binary %s: %v (set --bin)", s.Path, g.Name, err)
		}
		s.Geth[i].Path = p
	}
	first := map[string]string{}
	for i, g := range s.Geth {
		if _, ok := first[g.Path]; !ok {
			first[g.Path] = g.Name
		}
		s.Geth[i].Datadir = first[g.Path]
		for _, o := range s.Geth {
			if g.Prepare != "" && o.Name == g.Prepare {
				s.Geth[i].preparePath = o.Path
			}
		}
	}
	return nil
}
