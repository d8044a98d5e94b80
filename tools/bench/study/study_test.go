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
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/internal/statekind"
)

// writeTemp writes text to a file of the given name in a test directory.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeStudy writes a study file into a test directory.
func writeStudy(t *testing.T, text string) string {
	t.Helper()
	return writeTemp(t, "study.toml", text)
}

// testMetrics are the metric names the test studies may choose from.
var testMetrics = []string{"ms_per_slot", "total_ms"}

const validStudy = `
name = "t"
tries = ["mpt", "ubt"]
group_depths = [5, 6, 7]
workloads = ["erc20_approve", "erc20_balanceof"]
baseline = "mpt"
[[geth]]
name = "statelab"
path = "geth"
[[geth]]
name = "upstream"
path = "geth-upstream"
[scale.smoke]
entries = 100
workload_blocks = 1
runs = 3
group_depths = [5]
[scale.big]
entries = 1000
workload_blocks = 2
runs = 5
`

func TestLoadStudyAndExpand(t *testing.T) {
	s, err := Load(writeStudy(t, validStudy), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if s.Metric != "ms_per_slot" || len(s.BAL) != 1 || s.BAL[0] != "none" || s.Cache[0] != statekind.Cold {
		t.Errorf("defaults not applied: metric %q bal %v cache %v", s.Metric, s.BAL, s.Cache)
	}
	big, err := s.Scale("big")
	if err != nil {
		t.Fatal(err)
	}
	// (mpt + 3 depths) x 2 binaries x 2 workloads.
	configs := s.Expand(big)
	if len(configs) != 16 {
		t.Fatalf("big: %d configurations, want 16", len(configs))
	}
	want := []string{"mpt-statelab", "mpt-upstream", "ubt-gd5-statelab", "ubt-gd5-upstream", "ubt-gd6-statelab", "ubt-gd6-upstream", "ubt-gd7-statelab", "ubt-gd7-upstream"}
	if got := Variants(configs); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("variants = %v, want %v", got, want)
	}
	if configs[0].Label() != "erc20_approve/mpt-statelab" {
		t.Errorf("first config: label %q", configs[0].Label())
	}
	// Workloads share a prepared datadir; binaries, depths and tries do not.
	if configs[0].DatadirKey() != configs[1].DatadirKey() {
		t.Errorf("workloads of one variant use datadirs %q and %q", configs[0].DatadirKey(), configs[1].DatadirKey())
	}
	keys := map[string]bool{}
	for _, c := range configs {
		keys[c.DatadirKey()] = true
	}
	if len(keys) != 8 {
		t.Errorf("%d prepared datadirs for 8 variants", len(keys))
	}
	moved := configs[0]
	moved.Geth.Path = "/elsewhere/geth"
	if moved.DatadirKey() == configs[0].DatadirKey() {
		t.Error("another binary under the same name reuses the prepared datadir")
	}
	// The smoke scale narrows the depths to GD-5.
	smoke, _ := s.Scale("smoke")
	if n := len(s.Expand(smoke)); n != 8 {
		t.Errorf("smoke: %d configurations, want 8", n)
	}
	big.Workloads = []string{"erc20_balanceof"}
	if n := len(s.Expand(big)); n != 8 {
		t.Errorf("big with one workload: %d configurations, want 8", n)
	}
	big.Tries = []statekind.Trie{statekind.MPT}
	if got := Variants(s.Expand(big)); strings.Join(got, ",") != "mpt-statelab,mpt-upstream" {
		t.Errorf("big on MPT only: variants %v", got)
	}
	if _, err := s.Scale("huge"); err == nil || !strings.Contains(err.Error(), "big, smoke") {
		t.Errorf("unknown scale: error %v, want one listing the scales", err)
	}
}

func TestVariantLabel(t *testing.T) {
	c := Config{Trie: statekind.MPT, Workload: "w", BAL: "type3", Telemetry: "block", Cache: statekind.Warm}
	if got := c.Variant(); got != "mpt-bal-type3-tel-block-warm" {
		t.Errorf("variant = %q", got)
	}
}

func TestLoadStudyErrors(t *testing.T) {
	for _, tt := range []struct {
		name, old, new, want string
	}{
		{"bad trie", `tries = ["mpt", "ubt"]`, `tries = ["verkle"]`, `unknown trie "verkle"`},
		{"bad depth", `group_depths = [5, 6, 7]`, `group_depths = [5, 9]`, "group depth 9 outside 1..8"},
		{"bad population", "[scale.smoke]\nentries = 100", "[scale.smoke]\nentries = 100\npopulation = \"sideways\"", `population: "sideways" is neither`},
		{"bad shape", "[scale.smoke]\nentries = 100", "[scale.smoke]\nentries = 100\nshape = \"round\"", `shape: "round" is neither`},
		{"mainnet by blocks", "[scale.smoke]\nentries = 100", "[scale.smoke]\nentries = 100\nshape = \"mainnet\"\npopulation = \"blocks\"", `shape "mainnet" needs the population in the genesis`},
		{"bad workload", `"erc20_balanceof"]`, `"transfer"]`, `unknown workload "transfer"`},
		{"unknown key", `baseline = "mpt"`, `groupdepths = [5]`, "unknown keys groupdepths"},
		{"bad bal", `baseline = "mpt"`, `bal = ["type9"]`, `unknown type "type9"`},
		{"bad metric", `baseline = "mpt"`, `metric = "speed"`, `unknown metric "speed"`},
		{"bad order", `baseline = "mpt"`, `order = "random"`, `unknown order "random"`},
		{"type 2", `baseline = "mpt"`, `bal = ["type2"]`, `unknown type "type2"`},
		{"bad telemetry", `baseline = "mpt"`, "baseline = \"mpt\"\ntelemetry = [\"\", \"nodes\"]", `telemetry: unknown level "nodes"`},
		{"traces without telemetry", `baseline = "mpt"`, "baseline = \"mpt\"\ntraces = true", "traces = true, but telemetry has no level"},
		{"traces with telemetry off", `baseline = "mpt"`, "baseline = \"mpt\"\ntraces = true\ntelemetry = [\"\"]", "traces = true, but telemetry has no level"},
		{"empty exclusion", "[[geth]]\nname = \"statelab\"", "[[exclude]]\n[[geth]]\nname = \"statelab\"", "exclude[0]: sets no field"},
		{"no scale", "[scale.smoke]", "[other]", "unknown keys other"},
		{"scale workload", "runs = 3\n", "runs = 3\nworkloads = [\"sload_benchmark\"]\n", "not one of the study's"},
		{"scale trie", "runs = 3\n", "runs = 3\ntries = [\"verkle\"]\n", `(last key "scale.smoke.tries"): unknown trie "verkle" (want "mpt" or "ubt")`},
		{"cache", `baseline = "mpt"`, "baseline = \"mpt\"\ncache = [\"tepid\"]", `(last key "cache"): unknown cache state "tepid" (want "cold" or "warm")`},
		{"not the study's trie", "tries = [\"mpt\", \"ubt\"]\ngroup_depths = [5, 6, 7]\nworkloads = [\"erc20_approve\", \"erc20_balanceof\"]\nbaseline = \"mpt\"\n",
			"tries = [\"ubt\"]\ngroup_depths = [5, 6, 7]\nworkloads = [\"erc20_approve\", \"erc20_balanceof\"]\nbaseline = \"mpt\"\n[scale.mpt]\nentries = 1\nworkload_blocks = 1\nruns = 2\ntries = [\"mpt\"]\n",
			`scale.mpt: trie "mpt" is not one of the study's`},
		{"prepare self", `path = "geth-upstream"`, "path = \"geth-upstream\"\nprepare = \"upstream\"", `prepare = "upstream" names no other binary`},
		{"prepare unknown", `path = "geth-upstream"`, "path = \"geth-upstream\"\nprepare = \"base\"", `prepare = "base" names no other binary`},
		{"bad fork", `baseline = "mpt"`, "baseline = \"mpt\"\nfork = \"prague\"", `fork: unknown fork "prague" (want "amsterdam"`},
		{"fork case", `baseline = "mpt"`, "baseline = \"mpt\"\nfork = \"Amsterdam\"", `fork: unknown fork "Amsterdam"`},
		{"amsterdam on ubt", `baseline = "mpt"`, "baseline = \"mpt\"\nfork = \"amsterdam\"", `fork = "amsterdam" runs on MPT only, but tries has ubt`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(validStudy, tt.old, tt.new, 1)
			path := writeStudy(t, text)
			_, err := Load(path, testMetrics)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("error %v, want one naming %s and containing %q", err, path, tt.want)
			}
		})
	}
	path := writeStudy(t, strings.Replace(validStudy, "runs = 3", "runs = 1", 1))
	if _, err := Load(path, testMetrics); err == nil || !strings.Contains(err.Error(), "scale.smoke: runs must be at least 2") {
		t.Errorf("runs = 1: error %v", err)
	}
}

// TestCheckBaseline checks that a baseline naming no variant of the matrix
// is refused, so that a report never compares with another variant.
func TestCheckBaseline(t *testing.T) {
	configs := []Config{{Trie: statekind.MPT, Cache: statekind.Warm}, {Trie: statekind.UBT, GroupDepth: 6}}
	for _, ok := range []string{"", "mpt-warm", "ubt-gd6"} {
		if err := CheckBaseline(ok, configs); err != nil {
			t.Errorf("baseline %q: %v", ok, err)
		}
	}
	err := CheckBaseline("ubt-gd6-warm", configs)
	if err == nil || !strings.Contains(err.Error(), `"ubt-gd6-warm"`) || !strings.Contains(err.Error(), "mpt-warm, ubt-gd6") {
		t.Errorf("unknown baseline: got %v, want an error naming it and the variants", err)
	}
}

// TestExclude checks that exclusions remove exactly the matching cells: all
// set fields must match, and a list matches any of its values.
func TestExclude(t *testing.T) {
	text := strings.Replace(validStudy, `baseline = "mpt"`, `baseline = "mpt"
bal = ["none", "type1", "type4"]
cache = ["cold", "warm"]
[[exclude]]
cache = ["warm"]
bal = ["type1", "type4"]
[[exclude]]
tries = ["ubt"]
geth = ["upstream"]`, 1)
	s, err := Load(writeStudy(t, text), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := s.Scale("smoke")
	got := map[string]int{}
	for _, c := range s.Expand(sc) {
		got[c.Variant()]++
		if c.Cache == statekind.Warm && c.BAL != "none" {
			t.Errorf("%s not excluded", c.Label())
		}
		if c.Trie == statekind.UBT && c.Geth.Name == "upstream" {
			t.Errorf("%s not excluded", c.Label())
		}
	}
	// mpt: 2 binaries x (3 cold BAL types + warm without BAL); ubt at GD-5:
	// statelab only, the same 4. Two workloads each.
	if n := len(s.Expand(sc)); n != (2*4+4)*2 {
		t.Errorf("%d configurations, want %d: %v", n, (2*4+4)*2, got)
	}
	for _, v := range []string{"mpt-warm-statelab", "mpt-bal-type4-upstream", "ubt-gd5-bal-type1-statelab", "ubt-gd5-warm-statelab"} {
		if got[v] != 2 {
			t.Errorf("variant %s: %d configurations, want 2 (have %v)", v, got[v], got)
		}
	}
}

// TestBinaryArgs checks that two entries of one binary with different Args
// share a prepared datadir, keep their own labels and pass their own flags
// after the study's.
func TestBinaryArgs(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "geth"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := Load(writeStudy(t, `
name = "t"
tries = ["mpt"]
workloads = ["erc20_approve"]
bal = ["type4"]
geth_args = ["--cache", "64"]
baseline = "mpt-bal-type4-beside"
[[geth]]
name = "beside"
path = "geth"
[[geth]]
name = "before"
path = "geth"
args = ["--bal.warm", "before"]
[scale.smoke]
entries = 100
workload_blocks = 1
runs = 2
`), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ResolveBinaries(dir); err != nil {
		t.Fatal(err)
	}
	sc, err := s.Scale("smoke")
	if err != nil {
		t.Fatal(err)
	}
	configs := s.Expand(sc)
	if len(configs) != 2 {
		t.Fatalf("have %d configurations, want 2", len(configs))
	}
	if configs[0].DatadirKey() != configs[1].DatadirKey() {
		t.Errorf("datadirs differ: %s, %s", configs[0].DatadirKey(), configs[1].DatadirKey())
	}
	if v := configs[1].Variant(); v != "mpt-bal-type4-before" {
		t.Errorf("variant %q, want mpt-bal-type4-before", v)
	}
	if got := strings.Join(configs[1].ImportArgs(s.GethArgs), " "); got != "--cache 64 --bal.warm before" {
		t.Errorf("import args %q", got)
	}
	if got := strings.Join(configs[0].ImportArgs(s.GethArgs), " "); got != "--cache 64" {
		t.Errorf("import args %q", got)
	}
}

// TestDatadirKeyStable checks the names of prepared datadirs against names
// the harness has given them before: a change would prepare every datadir
// of a work directory again (an hour each at 10^7 entries).
func TestDatadirKeyStable(t *testing.T) {
	for _, tt := range []struct {
		c    Config
		want string
	}{
		{Config{Trie: statekind.UBT, GroupDepth: 5, Geth: Binary{Name: "statelab", Path: "/work/build/bin/geth", Prepare: "x"}}, "ubt-gd5-statelab-b5b441a9-by-x"},
		{Config{Trie: statekind.MPT, Geth: Binary{Name: "upstream", Path: "/bin/geth-upstream", Datadir: "a"}}, "mpt-a-6d626b7e"},
		{Config{Trie: statekind.UBT, GroupDepth: 7, BlockSize: 16 << 10, Geth: Binary{Name: "statelab", Path: "/work/build/bin/geth"}}, "ubt-gd7-bs16KiB-statelab-b5b441a9"},
	} {
		if got := tt.c.DatadirKey(); got != tt.want {
			t.Errorf("DatadirKey of %+v = %s, want %s", tt.c, got, tt.want)
		}
	}
}

// TestPrepare checks that a binary with prepare has its datadirs prepared by
// the other binary, in a datadir of its own.
func TestPrepare(t *testing.T) {
	dir := t.TempDir()
	for _, b := range []string{"geth", "geth-upstream"} {
		if err := os.WriteFile(filepath.Join(dir, b), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	text := strings.Replace(validStudy, `path = "geth-upstream"`, "path = \"geth-upstream\"\nprepare = \"statelab\"\ngroupdepth_flag = true", 1)
	s, err := Load(writeStudy(t, text), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ResolveBinaries(dir); err != nil {
		t.Fatal(err)
	}
	sc, _ := s.Scale("smoke")
	var seen int
	for _, c := range s.Expand(sc) {
		switch c.Geth.Name {
		case "statelab":
			if c.Geth.Preparer() != filepath.Join(dir, "geth") || strings.Contains(c.DatadirKey(), "-by-") {
				t.Errorf("%s: preparer %s, datadir key %s", c.Label(), c.Geth.Preparer(), c.DatadirKey())
			}
		case "upstream":
			seen++
			if c.Geth.Preparer() != filepath.Join(dir, "geth") {
				t.Errorf("%s: prepared by %s, want statelab's geth", c.Label(), c.Geth.Preparer())
			}
			if !strings.HasSuffix(c.DatadirKey(), "-by-statelab") {
				t.Errorf("%s: datadir key %s", c.Label(), c.DatadirKey())
			}
			if !c.Geth.GroupDepthFlag {
				t.Errorf("%s: groupdepth_flag not read", c.Label())
			}
		}
	}
	if seen == 0 {
		t.Fatal("no upstream configuration")
	}
}

// TestFork checks the study's fork: the trie's default rules when left out,
// Amsterdam on an MPT study, and the refusal of Amsterdam on a study whose
// tries include the binary trie, naming the study file.
func TestFork(t *testing.T) {
	s, err := Load(writeStudy(t, validStudy), testMetrics)
	if err != nil {
		t.Fatal(err)
	}
	if s.Fork != ForkDefault {
		t.Errorf("study without fork: fork %q, want the default", s.Fork)
	}
	mpt := strings.Replace(validStudy, `tries = ["mpt", "ubt"]`, "fork = \"amsterdam\"\ntries = [\"mpt\"]", 1)
	if s, err = Load(writeStudy(t, mpt), testMetrics); err != nil {
		t.Fatal(err)
	}
	if s.Fork != ForkAmsterdam {
		t.Errorf("fork %q, want %q", s.Fork, ForkAmsterdam)
	}
	// The binary trie is refused whether it is the study's only trie or one
	// of them (a scale's tries are the study's, so a scale cannot add it).
	for _, tries := range []string{`tries = ["ubt"]`, `tries = ["ubt", "mpt"]`} {
		path := writeStudy(t, strings.Replace(mpt, `tries = ["mpt"]`, tries, 1))
		_, err := Load(path, testMetrics)
		if err == nil || !strings.HasPrefix(err.Error(), "study "+path+": ") || !strings.Contains(err.Error(), "MPT only, but tries has ubt") {
			t.Errorf("%s with amsterdam: error %v, want one naming %s and the binary trie", tries, err, path)
		}
	}
}
