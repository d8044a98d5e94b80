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
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/results"
	"statelab/tools/bench/stats"
)

// slurmStudy is two configurations on a small dump, six runs each: five
// measured, enough for a median's confidence interval.
const slurmStudy = `
name = "slurmsmoke"
tries = ["mpt", "ubt"]
group_depths = [4]
workloads = ["erc20_approve"]
baseline = "mpt"
metric = "ms_per_slot"
[scale.smoke]
entries = 2000
workload_blocks = 2
runs = 6
`

// slurmBench runs bench with the cluster's environment.
func slurmBench(t *testing.T, c *slurmCluster, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(benchBin(t), args...)
	cmd.Env = c.Env()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// writeStudy writes a study file into dir.
func writeStudy(t *testing.T, dir, name, text string) string {
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// requireRoot skips a test whose runs drop the page cache.
func requireRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the study's runs drop the page cache: run as root")
	}
}

// TestSlurmStudyMatchesLocal runs a smoke study locally and through a real
// one-node Slurm, both into a dataset: the same configurations and runs,
// every metric of a local run present in the Slurm run, and the study's
// ratios to its baseline with confidence intervals that meet.
func TestSlurmStudyMatchesLocal(t *testing.T) {
	requireRoot(t)
	geth := bin(t, "geth")
	c := startSlurm(t, 0)
	dir := t.TempDir()
	study := writeStudy(t, dir, "slurmsmoke.toml", slurmStudy)
	local, cluster := filepath.Join(dir, "local"), filepath.Join(dir, "cluster")
	if out, err := slurmBench(t, c, "run", study, "--out", local, "--work", filepath.Join(dir, "work"), "--bin", filepath.Dir(geth), "--dataset", filepath.Join(dir, "ds-local")); err != nil {
		t.Fatalf("local run: %v\n%s", err, tail(out, 30))
	}
	// The lanes drop the page cache with a command, as a user who is not
	// root would through sudo; it counts its calls.
	drops := filepath.Join(dir, "drops")
	dropCmd := fmt.Sprintf("echo drop >> %s && echo 3 > /proc/sys/vm/drop_caches", drops)
	out, err := slurmBench(t, c, "run", study, "--slurm", "--partition", c.Partition, "--scratch", c.Scratch(), "--wait",
		"--drop-caches-cmd", dropCmd, "--out", cluster, "--bin", filepath.Dir(geth), "--dataset", filepath.Join(dir, "ds-cluster"))
	if err != nil {
		t.Fatalf("bench run --slurm: %v\n%s\n%s", err, tail(out, 30), slurmLogs(cluster))
	}
	if blob, _ := os.ReadFile(drops); strings.Count(string(blob), "drop") != 12 {
		t.Errorf("--drop-caches-cmd ran %d times, want once per run (12)", strings.Count(string(blob), "drop"))
	}
	localRuns, clusterRuns := datasetRuns(t, filepath.Join(dir, "ds-local")), datasetRuns(t, filepath.Join(dir, "ds-cluster"))
	if lk, ck := runKeys(localRuns), runKeys(clusterRuns); !slices.Equal(lk, ck) {
		t.Fatalf("dataset rows differ:\nlocal   %v\ncluster %v", lk, ck)
	}
	for i, lr := range localRuns {
		cr := clusterRuns[i]
		if cr.Node != c.Node {
			t.Errorf("%s run %d: node %q, want %q", cr.Config.Label(), cr.Run, cr.Node, c.Node)
		}
		for name, v := range lr.Figures {
			if _, ok := cr.Figures[name]; !ok && !isNaN(v) {
				t.Errorf("%s run %d: metric %s missing from the Slurm run", cr.Config.Label(), cr.Run, name)
			}
		}
	}
	// The study's figures are its ratios to the baseline: within one study
	// they share the machine's state, which drifts between two studies by
	// as much as 20% here on absolute times (several local studies in a row
	// differ as much). Each ratio's 95% CI from Slurm must meet the local one.
	la, ca := report.Analyze(localRuns, "mpt"), report.Analyze(clusterRuns, "mpt")
	for _, name := range []string{"ms_per_slot", "total_ms"} {
		lc, ok1 := la.Comparison("erc20_approve", "ubt-gd4", name)
		cc, ok2 := ca.Comparison("erc20_approve", "ubt-gd4", name)
		if !ok1 || !ok2 {
			t.Fatalf("%s: no comparison of ubt-gd4 with mpt (local %v, Slurm %v)", name, ok1, ok2)
		}
		t.Logf("ubt-gd4 / mpt %s: local %.3f [%.3f, %.3f], Slurm %.3f [%.3f, %.3f]", name, lc.Ratio.Ratio, lc.Ratio.Lo, lc.Ratio.Hi, cc.Ratio.Ratio, cc.Ratio.Lo, cc.Ratio.Hi)
		if max(lc.Ratio.Lo, cc.Ratio.Lo) > min(lc.Ratio.Hi, cc.Ratio.Hi) {
			t.Errorf("ubt-gd4 / mpt %s: the local 95%% CI [%.3f, %.3f] and Slurm's [%.3f, %.3f] do not meet", name, lc.Ratio.Lo, lc.Ratio.Hi, cc.Ratio.Lo, cc.Ratio.Hi)
		}
	}
	m, _ := metrics.ByName("ms_per_slot")
	for _, label := range configLabels(localRuns) {
		t.Logf("%s ms/slot: local %.4f, Slurm %.4f", label, stats.Summarize(measured(localRuns, label, m)).Median, stats.Summarize(measured(clusterRuns, label, m)).Median)
	}
	reportMD, _ := os.ReadFile(filepath.Join(cluster, "report.md"))
	if !strings.Contains(string(reportMD), "Slurm node "+c.Node) {
		t.Errorf("report.md does not name the node:\n%s", tail(string(reportMD), 40))
	}
	status, err := slurmBench(t, c, "status", "--out", cluster)
	if err != nil || !strings.Contains(status, "10 of 10 measured runs finished") || !strings.Contains(status, "gathered") {
		t.Errorf("bench status: %v\n%s", err, status)
	}
}

// TestSlurmStudyResumes kills a run's geth (kill -9) and then cancels the
// study's jobs (scancel) while they run: running the same command again
// each time completes the study over two lanes with every run made exactly
// once, nothing lost or duplicated.
func TestSlurmStudyResumes(t *testing.T) {
	requireRoot(t)
	geth := bin(t, "geth")
	c := startSlurm(t, 0)
	dir := t.TempDir()
	study := writeStudy(t, dir, "slurmsmoke.toml", slurmStudy)
	out := filepath.Join(dir, "out")
	submit := []string{"run", study, "--slurm", "--partition", c.Partition, "--scratch", c.Scratch(), "--nodes", "2", "--out", out, "--bin", filepath.Dir(geth)}
	store := record.Store{Dir: filepath.Join(out, "runs")}

	// 1. Kill the geth of a measured run: its lane notes the failure and
	// goes on; the gather job finds the run missing.
	if o, err := slurmBench(t, c, submit...); err != nil {
		t.Fatalf("submit: %v\n%s", err, o)
	}
	waitFor(t, 3*time.Minute, "a measured run", func() bool { m, _ := filepath.Glob(filepath.Join(store.Dir, "*-run1.json")); return len(m) > 0 })
	killed := killGeth(t, c.Scratch(), 2*time.Minute)
	t.Logf("killed geth %d", killed)
	c.waitIdle(t, 5*time.Minute)
	status, _ := slurmBench(t, c, "status", "--out", out)
	t.Logf("bench status after the kill:\n%s", status)
	if !strings.Contains(status, "failed, to run again") || !strings.Contains(status, "run the same bench run --slurm command again") {
		t.Errorf("status after the kill:\n%s\n%s", status, slurmLogs(out))
	}
	if res, err := os.ReadFile(filepath.Join(out, "slurm", "gather.json")); err != nil || !strings.Contains(string(res), "measured runs are not finished") {
		t.Errorf("the gather job's verdict after the kill: %s, %v", res, err)
	}

	// 2. Cancel the study's jobs while a run's geth runs.
	before := finishedRuns(t, store)
	if o, err := slurmBench(t, c, submit...); err != nil {
		t.Fatalf("resubmit: %v\n%s", err, o)
	}
	killGeth(t, c.Scratch(), 2*time.Minute) // a lane runs: kill its geth, then cancel everything
	if o, err := c.output("scancel", "--name", planJobName(t, out)); err != nil {
		t.Fatalf("scancel: %v %s", err, o)
	}
	c.waitIdle(t, 2*time.Minute)

	// 3. The same command completes it.
	if o, err := slurmBench(t, c, append(submit, "--wait")...); err != nil {
		t.Fatalf("final submission: %v\n%s\n%s", err, tail(o, 20), slurmLogs(out))
	}
	runs, err := store.All()
	if err != nil {
		t.Fatal(err)
	}
	// Two configurations x (5 measured + a warm-up per lane).
	if len(runs) != 2*(5+2) {
		t.Errorf("%d runs in the store, want 14", len(runs))
	}
	for f, r := range before {
		now, err := store.Get(r.Config.Label(), r.Run)
		if err != nil || now.WallSeconds != r.WallSeconds {
			t.Errorf("%s was made again after it finished (wall %.3f, now %v)", f, r.WallSeconds, now)
		}
	}
	made := madeRuns(t, out)
	t.Logf("finished runs in the lane logs: %d (14 runs, none twice)", len(made))
	for key, n := range made {
		if n != 1 {
			t.Errorf("%s made %d times", key, n)
		}
	}
	var final []*record.Run
	final, err = record.Read(filepath.Join(out, "runs.json"))
	if err != nil || len(final) != 14 {
		t.Fatalf("runs.json: %d runs, %v", len(final), err)
	}
	seen := map[string]bool{}
	for _, r := range final {
		key := fmt.Sprintf("%s/%d", r.Config.Label(), r.Run)
		if seen[key] {
			t.Errorf("%s twice in runs.json", key)
		}
		seen[key] = true
	}
}

// TestSlurmRefusesBadInput checks the errors given before anything is
// submitted: no Slurm on PATH, an unknown partition, and a study whose
// datadirs do not fit the nodes' scratch.
func TestSlurmRefusesBadInput(t *testing.T) {
	geth := bin(t, "geth")
	c := startSlurm(t, 1) // 1 MB of TmpDisk
	dir := t.TempDir()
	study := writeStudy(t, dir, "slurmsmoke.toml", slurmStudy)
	base := []string{"run", study, "--slurm", "--scratch", c.Scratch(), "--bin", filepath.Dir(geth)}
	cases := []struct {
		name string
		args []string
		path string // PATH, "" for the cluster's
		want []string
	}{
		{"no slurm", []string{"--partition", c.Partition}, t.TempDir(), []string{"no Slurm on PATH", "sbatch"}},
		{"unknown partition", []string{"--partition", "nosuch"}, "", []string{"--partition nosuch", "no such partition"}},
		{"scratch too small", []string{"--partition", c.Partition}, "", []string{"--scratch " + c.Scratch(), "TmpDisk", "partition " + c.Partition}},
		{"relative scratch", []string{"--partition", c.Partition, "--scratch", "scratch"}, "", []string{"--scratch scratch", "absolute"}},
		{"cluster flag without --slurm", []string{"--partition", c.Partition}, "", []string{"--partition is a cluster flag"}},
	}
	for _, tc := range cases {
		out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		args := append(slices.Clone(base), append(tc.args, "--out", out)...)
		if tc.name == "cluster flag without --slurm" {
			args = slices.DeleteFunc(args, func(a string) bool { return a == "--slurm" })
		}
		cmd := exec.Command(benchBin(t), args...)
		cmd.Env = c.Env()
		if tc.path != "" {
			cmd.Env = append(cmd.Env, "PATH="+tc.path)
		}
		o, err := cmd.CombinedOutput()
		t.Logf("%s: %s", tc.name, strings.TrimSpace(string(o)))
		if err == nil {
			t.Errorf("%s: bench succeeded\n%s", tc.name, o)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(string(o), w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, w, o)
			}
		}
		if strings.Contains(string(o), "goroutine ") {
			t.Errorf("%s: panic trace\n%s", tc.name, o)
		}
		if fileExists(filepath.Join(out, "slurm", "plan.json")) {
			t.Errorf("%s: wrote a plan", tc.name)
		}
	}
	if q, err := c.output("squeue", "--noheader"); err != nil || strings.TrimSpace(q) != "" {
		t.Errorf("jobs submitted: %q, %v", q, err)
	}
}

// datasetRuns loads a dataset's one study's runs.
func datasetRuns(t *testing.T, dir string) []*record.Run {
	t.Helper()
	d, err := results.Load(dir)
	if err != nil || len(d.Studies) != 1 {
		t.Fatalf("dataset %s: %v", dir, err)
	}
	runs := slices.Clone(d.Studies[0].Runs)
	slices.SortFunc(runs, func(a, b *record.Run) int {
		return strings.Compare(fmt.Sprintf("%s/%03d", a.Config.Label(), a.Run), fmt.Sprintf("%s/%03d", b.Config.Label(), b.Run))
	})
	return runs
}

// runKeys lists runs as label/run (warm-up).
func runKeys(runs []*record.Run) []string {
	var keys []string
	for _, r := range runs {
		keys = append(keys, fmt.Sprintf("%s/%d warm-up=%v", r.Config.Label(), r.Run, r.WarmUp))
	}
	return keys
}

// configLabels lists the configurations of runs.
func configLabels(runs []*record.Run) []string {
	var labels []string
	for _, r := range runs {
		if !slices.Contains(labels, r.Config.Label()) {
			labels = append(labels, r.Config.Label())
		}
	}
	return labels
}

// measured lists a metric over a configuration's measured runs.
func measured(runs []*record.Run, label string, m metrics.Metric) []float64 {
	var xs []float64
	for _, r := range runs {
		if r.Config.Label() == label && !r.WarmUp {
			xs = append(xs, m.Value(r))
		}
	}
	return xs
}

func isNaN(f float64) bool { return f != f }

// waitFor polls cond until it holds.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %s", what, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// killGeth waits for a geth import on the cluster's scratch and kills it
// with SIGKILL, returning its pid.
func killGeth(t *testing.T, scratch string, timeout time.Duration) int {
	t.Helper()
	var pid int
	waitFor(t, timeout, "geth import on "+scratch, func() bool {
		pid = gethOn(filepath.Join(scratch, "scratch"))
		return pid != 0
	})
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill -9 %d: %v", pid, err)
	}
	return pid
}

// gethOn finds a geth process whose command line names dir.
func gethOn(dir string) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscan(e.Name(), &pid); err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		args := bytes.Split(cmdline, []byte{0})
		if len(args) > 0 && filepath.Base(string(args[0])) == "geth" && bytes.Contains(cmdline, []byte(dir)) && bytes.Contains(cmdline, []byte("import")) {
			return pid
		}
	}
	return 0
}

// finishedRuns maps the store's files to their runs.
func finishedRuns(t *testing.T, store record.Store) map[string]*record.Run {
	runs, err := store.All()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*record.Run{}
	for _, r := range runs {
		m[record.FileName(r.Config.Label(), r.Run)] = r
	}
	return m
}

// madeLine is a lane's progress line of a finished run.
var madeLine = regexp.MustCompile(`\] \d+/\d+ (\S+) run (\d+): wall`)

// madeRuns counts, over every lane job's log, the runs each lane finished.
func madeRuns(t *testing.T, out string) map[string]int {
	logs, _ := filepath.Glob(filepath.Join(out, "slurm", "logs", "lane-*.log"))
	made := map[string]int{}
	for _, l := range logs {
		blob, _ := os.ReadFile(l)
		for _, m := range madeLine.FindAllStringSubmatch(string(blob), -1) {
			made[m[1]+" run "+m[2]]++
		}
	}
	if len(made) == 0 {
		t.Fatalf("no finished runs in the lane logs under %s", out)
	}
	return made
}

// planJobName reads the job name of a submitted study.
func planJobName(t *testing.T, out string) string {
	blob, err := os.ReadFile(filepath.Join(out, "slurm", "plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"job_name": "([^"]+)"`).FindSubmatch(blob)
	if m == nil {
		t.Fatalf("no job name in the plan:\n%s", blob)
	}
	return string(m[1])
}

// slurmLogs is the tail of every job log of a submitted study.
func slurmLogs(out string) string {
	logs, _ := filepath.Glob(filepath.Join(out, "slurm", "logs", "*.log"))
	var b strings.Builder
	for _, l := range logs {
		blob, _ := os.ReadFile(l)
		fmt.Fprintf(&b, "== %s\n%s\n", filepath.Base(l), tail(string(blob), 15))
	}
	return b.String()
}
