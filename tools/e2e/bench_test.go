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

//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/results"
)

// benchBin returns tools/bench: the one in $STATELAB_BIN, else one built for
// the test.
func benchBin(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("STATELAB_BIN"); dir != "" {
		if path := filepath.Join(dir, "bench"); fileExists(path) {
			return path
		}
	}
	path := filepath.Join(t.TempDir(), "bench")
	out, err := exec.Command("go", "build", "-o", path, "statelab/tools/bench").CombinedOutput()
	if err != nil {
		t.Fatalf("building tools/bench: %v\n%s", err, out)
	}
	return path
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// tinyStudy is one configuration on a small dump: two runs, the first
// discarded.
const tinyStudy = `
name = "tiny"
tries = ["ubt"]
group_depths = [4]
workloads = ["erc20_approve"]
baseline = "ubt-gd4"
[scale.smoke]
entries = 2000
workload_blocks = 1
runs = 2
`

// TestBenchTinyStudy runs a study end to end: dump, prepared datadir, two cold
// runs, report, plots and benchstat file, and the results appended to a
// dataset with their recipe and no path of this machine.
func TestBenchTinyStudy(t *testing.T) {
	geth := bin(t, "geth")
	dir := t.TempDir()
	study := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(study, []byte(tinyStudy), 0o644); err != nil {
		t.Fatal(err)
	}
	out, work, dataset := filepath.Join(dir, "out"), filepath.Join(dir, "work"), filepath.Join(dir, "dataset")
	cmd := exec.Command(benchBin(t), "run", study, "--scale", "smoke", "--out", out, "--work", work, "--bin", filepath.Dir(geth), "--dataset", dataset)
	output, err := cmd.CombinedOutput()
	if os.Geteuid() != 0 {
		// Without root the cache cannot be dropped: the study must refuse.
		if err == nil || !strings.Contains(string(output), "drop_caches") {
			t.Fatalf("bench run as non-root: %v, want a drop_caches error\n%s", err, output)
		}
		return
	}
	if err != nil {
		t.Fatalf("bench run: %v\n%s", err, output)
	}
	for _, f := range []string{"report.md", "benchstat.txt", "ms_per_slot.png", "total_ms.png", "meta.json"} {
		if !fileExists(filepath.Join(out, f)) {
			t.Errorf("%s not written", f)
		}
	}
	// The population is in the genesis and the datadir written directly,
	// with its provenance: bench's default.
	if written, _ := filepath.Glob(filepath.Join(work, "datadirs", "*-gen*", "*", "datadir", "statewriter.json")); len(written) == 0 {
		t.Errorf("no prepared datadir written directly under %s", filepath.Join(work, "datadirs"))
	}
	blob, err := os.ReadFile(filepath.Join(out, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		WarmUp bool              `json:"warm_up"`
		Blocks []json.RawMessage `json:"blocks"`
		Cache  struct {
			State         string `json:"state"`
			ResidentAfter int64  `json:"resident_after"`
			DatadirBytes  int64  `json:"datadir_bytes"`
		} `json:"cache"`
		ReadBytes uint64 `json:"read_bytes"`
	}
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || !runs[0].WarmUp || runs[1].WarmUp {
		t.Fatalf("runs.json: %d runs (warm-up flags %v), want a warm-up and a measured run", len(runs), runs)
	}
	for i, r := range runs {
		if len(r.Blocks) != 1 {
			t.Errorf("run %d: %d per-block entries, want 1", i, len(r.Blocks))
		}
		if r.Cache.State != "cold" || r.Cache.DatadirBytes == 0 || r.Cache.ResidentAfter*100 > r.Cache.DatadirBytes {
			t.Errorf("run %d: cache check %+v, want a cold datadir", i, r.Cache)
		}
	}
	bench, _ := os.ReadFile(filepath.Join(out, "benchstat.txt"))
	if !strings.Contains(string(bench), "variant: ubt-gd4") || !strings.Contains(string(bench), "BenchmarkImport/workload=erc20_approve 1 ") {
		t.Errorf("benchstat.txt:\n%s", bench)
	}
	report, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(report), "| erc20_approve |") {
		t.Errorf("report.md has no row for the workload:\n%s", report)
	}
	checkRecipe(t, out, dataset)
}

// checkRecipe checks what TestBenchTinyStudy's run recorded of how it was
// made: the study file kept beside the report and in the dataset, the
// binary named as the study file names it, no path of this machine.
func checkRecipe(t *testing.T, out, dataset string) {
	t.Helper()
	if kept, _ := os.ReadFile(filepath.Join(out, "study.toml")); string(kept) != tinyStudy {
		t.Errorf("study.toml is %q, want the study file", kept)
	}
	for _, f := range []string{"meta.json", "runs.json", "report.md"} {
		blob, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if paths := results.MachinePaths(string(blob)); len(paths) > 0 {
			t.Errorf("%s names paths of this machine: %v", f, paths)
		}
	}
	d, err := results.Load(dataset)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.Study("out")
	if err != nil {
		t.Fatal(err)
	}
	if s.StudyFile != tinyStudy || s.Meta.Study != "tiny.toml" || len(s.Meta.Geth) != 1 || s.Meta.Geth[0].Path != "geth" {
		t.Errorf("dataset study: file %q, meta study %q, binaries %+v", s.StudyFile, s.Meta.Study, s.Meta.Geth)
	}
	for _, r := range s.Runs {
		if r.Config.Geth.Path != "geth" {
			t.Errorf("run %d names its geth %q, want geth", r.Run, r.Config.Geth.Path)
		}
	}
}

// TestBenchBALStudy runs a BAL study end to end on a small MPT dump: bench
// generates the workload's sidecar with balgen offline from the prepared
// datadir, imports with --bal.type 1 and 4 and records the per-block BAL
// figures, and measures the warm-cache bound without BAL only.
func TestBenchBALStudy(t *testing.T) {
	geth := bin(t, "geth")
	if os.Geteuid() != 0 {
		t.Skip("needs root to drop the page cache")
	}
	if !fileExists(filepath.Join(filepath.Dir(geth), "balgen")) {
		t.Skip("no balgen beside geth")
	}
	dir := t.TempDir()
	study := filepath.Join(dir, "bal.toml")
	text := strings.NewReplacer(`tries = ["ubt"]`, `tries = ["mpt"]`, "group_depths = [4]\n", "",
		`baseline = "ubt-gd4"`, `baseline = "mpt"
bal = ["none", "type1", "type4"]
cache = ["cold", "warm"]
[[exclude]]
cache = ["warm"]
bal = ["type1", "type4"]`).Replace(tinyStudy)
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, work := filepath.Join(dir, "out"), filepath.Join(dir, "work")
	cmd := exec.Command(benchBin(t), "run", study, "--out", out, "--work", work, "--bin", filepath.Dir(geth))
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench run: %v\n%s", err, output)
	}
	sidecars, _ := filepath.Glob(filepath.Join(work, "sidecars", "*", "erc20_approve.bal"))
	if len(sidecars) != 1 {
		t.Fatalf("sidecars %v, want one for erc20_approve", sidecars)
	}
	blob, err := os.ReadFile(filepath.Join(out, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		Variant string `json:"variant"`
		Blocks  []struct {
			Extensions struct {
				BAL *struct {
					Type             int `json:"type"`
					AccountsFetched  int `json:"accounts_fetched"`
					AccountsInjected int `json:"accounts_injected"`
				} `json:"bal"`
			} `json:"extensions"`
		} `json:"blocks"`
		Cache struct {
			State string `json:"state"`
		} `json:"cache"`
	}
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range runs {
		seen[r.Variant]++
		if len(r.Blocks) != 1 {
			t.Fatalf("%s: %d per-block entries, want 1", r.Variant, len(r.Blocks))
		}
		b := r.Blocks[0].Extensions.BAL
		switch r.Variant {
		case "mpt", "mpt-warm":
			if b != nil {
				t.Errorf("%s: per-block BAL figures %+v without a sidecar", r.Variant, b)
			}
		case "mpt-bal-type1":
			if b == nil || b.Type != 1 || b.AccountsFetched == 0 || b.AccountsInjected != 0 {
				t.Errorf("%s: BAL figures %+v, want type 1 with fetched accounts", r.Variant, b)
			}
		case "mpt-bal-type4":
			if b == nil || b.Type != 4 || b.AccountsInjected == 0 {
				t.Errorf("%s: BAL figures %+v, want type 4 with injected accounts", r.Variant, b)
			}
		}
		if want := map[bool]string{true: "warm", false: "cold"}[r.Variant == "mpt-warm"]; r.Cache.State != want {
			t.Errorf("%s: cache %s, want %s", r.Variant, r.Cache.State, want)
		}
	}
	want := map[string]int{"mpt": 2, "mpt-bal-type1": 2, "mpt-bal-type4": 2, "mpt-warm": 2}
	if len(seen) != len(want) {
		t.Errorf("variants run %v, want %v", seen, want)
	}
	for v, n := range want {
		if seen[v] != n {
			t.Errorf("variant %s ran %d times, want %d (variants run: %v)", v, seen[v], n, seen)
		}
	}
	report, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(report), "mpt-bal-type4") {
		t.Errorf("report.md does not name mpt-bal-type4:\n%s", report)
	}
}

// TestBenchRefusesMissingFeature checks that a BAL study is refused, naming
// the flag, before anything is generated, when a binary of the study (here
// unpatched upstream geth) has no --bal.file.
func TestBenchRefusesMissingFeature(t *testing.T) {
	upstream := bin(t, "geth-upstream")
	dir := t.TempDir()
	study := filepath.Join(dir, "bal.toml")
	text := strings.Replace(tinyStudy, `workloads = ["erc20_approve"]`, `workloads = ["erc20_approve"]
bal = ["none", "type1"]
geth = [{name = "upstream", path = "geth-upstream"}]`, 1)
	text = strings.Replace(text, `baseline = "ubt-gd4"`, `baseline = "ubt-gd4-upstream"`, 1)
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(benchBin(t), "run", study, "--out", filepath.Join(dir, "out"), "--work", filepath.Join(dir, "work"), "--bin", filepath.Dir(upstream))
	output, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(output), "--bal.file") || !strings.Contains(string(output), "BAL type type1") {
		t.Errorf("bal study on a geth without BAL: %v\n%s", err, output)
	}
	if fileExists(filepath.Join(dir, "work", "dumps")) {
		t.Error("the refused study generated dumps before refusing")
	}
}

// TestBenchCollectsTraces runs a tiny study at telemetry level phase with
// --traces: each run exports to the test's Jaeger under its own service, and
// bench keeps one tracesum summary per run whose blocks are the workload's.
func TestBenchCollectsTraces(t *testing.T) {
	geth := bin(t, "geth")
	if os.Geteuid() != 0 {
		t.Skip("needs root to drop the page cache")
	}
	j := startJaeger(t)
	dir := t.TempDir()
	study := filepath.Join(dir, "traced.toml")
	text := strings.Replace(tinyStudy, `baseline = "ubt-gd4"`, "baseline = \"ubt-gd4-tel-phase\"\ntelemetry = [\"phase\"]\ntraces = true", 1)
	if err := os.WriteFile(study, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command(benchBin(t), "run", study, "--out", out, "--work", filepath.Join(dir, "work"), "--bin", filepath.Dir(geth),
		"--traces", j.query, "--otlp", j.otlpHTTP)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench run: %v\n%s", err, output)
	}
	blob, err := os.ReadFile(filepath.Join(out, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var runs []struct {
		Traces string `json:"traces"`
		Blocks []struct {
			Block struct {
				Number uint64 `json:"number"`
			} `json:"block"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal(blob, &runs); err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 {
		t.Fatalf("%d runs, want 2", len(runs))
	}
	for i, r := range runs {
		if r.Traces == "" {
			t.Fatalf("run %d: no traces collected", i)
		}
		blob, err := os.ReadFile(filepath.Join(out, r.Traces))
		if err != nil {
			t.Fatal(err)
		}
		var sums []map[string]any
		if err := json.Unmarshal(blob, &sums); err != nil {
			t.Fatalf("%s: %v", r.Traces, err)
		}
		if len(sums) != len(r.Blocks) {
			t.Errorf("run %d: %d block traces, want %d (one per imported block, no other run's)", i, len(sums), len(r.Blocks))
		}
		if !fileExists(filepath.Join(out, strings.TrimSuffix(r.Traces, ".json")+".txt")) {
			t.Errorf("run %d: no text summary beside %s", i, r.Traces)
		}
	}
	report, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(report), "`traces/`") || !strings.Contains(string(report), "(traces/index.html)") {
		t.Errorf("report.md does not list the traces and link their page")
	}
	// The page shows every run's blocks, runs in the order of their file names.
	page := filepath.Join(out, "traces", "index.html")
	summaries, _ := filepath.Glob(filepath.Join(out, "traces", "*.txt"))
	var texts strings.Builder
	for _, f := range summaries {
		blob, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts.Write(blob)
	}
	artifacts := artifactDir(t)
	copyFile(t, page, filepath.Join(artifacts, "bench-traces.html"))
	seen := openInChromium(t, page, filepath.Join(artifacts, "bench-traces.png"))
	checkPage(t, seen, texts.String(), 5)
}
