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

// Package report writes what bench reports of a study or an A/B run from its
// records: the statistics of every metric per workload and variant against
// the baseline (Analysis), report.md, the PNG plots, benchstat.txt and
// meta.json. A report is regenerated from runs.json and meta.json alone.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"statelab/tools/bench/bytesize"
	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/bench/study"
	"statelab/tools/internal/statekind"
)

// Meta is what a report says about how its runs were made.
type Meta struct {
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Study       string         `json:"study"`
	Scale       study.Scale    `json:"scale"`
	Baseline    string         `json:"baseline"`
	Headline    string         `json:"headline_metric"`
	Order       string         `json:"order,omitempty"` // of the runs: interleaved or sequential
	Geth        []study.Binary `json:"geth"`
	Date        time.Time      `json:"date"`
	Model       *study.Model   `json:"scale_model,omitempty"` // memory bound and geth cache of the runs
	// Machine is where the runs were made, as the protocol names it
	// ("linux/amd64 with 2 CPUs"); empty: the machine writing the report.
	Machine string `json:"machine,omitempty"`
	// Preparation says how each run's datadir was made, as the protocol
	// line gives it; empty: as bench made it before the direct writer (a
	// copy of a datadir that imported the population).
	Preparation string `json:"preparation,omitempty"`
}

// ImportedPopulation says how bench makes a prepared datadir by importing
// its population, as the protocol line gives it.
const ImportedPopulation = "population imported once per trie, group depth and binary, its journal persisted and its database compacted with `geth db compact`"

// importedPreparation is the protocol's datadir line for results whose meta
// names no preparation: made before runs cloned their datadirs.
const importedPreparation = "fresh copy of the prepared datadir (" + ImportedPopulation + ")"

// ThisMachine names the machine bench runs on, as Meta.Machine does.
func ThisMachine() string {
	return fmt.Sprintf("%s/%s with %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
}

// WriteOutputs analyses runs and writes meta.json, benchstat.txt, the plots
// and report.md into dir.
func WriteOutputs(dir string, meta Meta, runs []*record.Run) error {
	blob, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "meta.json"), blob, 0o644); err != nil {
		return err
	}
	a := Analyze(runs, meta.Baseline)
	if err := writeBenchstat(filepath.Join(dir, "benchstat.txt"), runs); err != nil {
		return err
	}
	plots, err := writePlots(dir, a)
	if err != nil {
		return err
	}
	if head, ok := metrics.ByName(meta.Headline); ok {
		file, err := writeRatioPlot(dir, a, head)
		if err != nil {
			return err
		}
		if file != "" {
			plots = append([]string{file}, plots...)
		}
	}
	shares, err := writeSharePlots(dir, a)
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "report.md"))
	if err != nil {
		return err
	}
	writeReport(f, meta, a, runs, plots, shares)
	return f.Close()
}

// writeReport writes the Markdown report.
func writeReport(w io.Writer, meta Meta, a *Analysis, runs []*record.Run, plots, shares []string) {
	head, _ := metrics.ByName(meta.Headline)
	fmt.Fprintf(w, "# %s\n\n", meta.Title)
	if meta.Description != "" {
		fmt.Fprintf(w, "%s\n\n", strings.TrimSpace(meta.Description))
	}
	writeProtocol(w, meta, a, runs)
	writeModel(w, meta.Model, modelMeasuresOf(runs))
	writeNodes(w, a, runs, head)
	fmt.Fprintf(w, "## Reading (generated)\n\n")
	writeReading(w, a, head)
	fmt.Fprintf(w, "\n## %s: median (CV%%) per workload and variant\n\n", head.Title)
	writeMatrix(w, a, head)
	for _, name := range []string{head.Name, "total_ms"} {
		if len(a.Variants) < 2 {
			break // one variant: nothing to compare with the baseline
		}
		m, _ := metrics.ByName(name)
		fmt.Fprintf(w, "\n## %s against the baseline %s\n\n", m.Title, a.Baseline)
		writeComparisons(w, a, m)
		if name == "total_ms" && head.Name == "total_ms" {
			break
		}
	}
	fmt.Fprintln(w)
	writeIOSection(w, a, runs)
	if len(shares) > 0 {
		fmt.Fprintf(w, "### Disk-read share per block\n\nIn each block (between two per-block JSON lines; the first block, which carries geth's start-up, is left out), median over the measured runs of each variant: disk reads over read syscalls (`disk_read_share_*`), and the bytes read from the disk (`/proc/PID/io` read_bytes) over the bytes geth's read syscalls returned from the datadir's files (rchar), that is, over the bytes the block touched below geth's and pebble's caches (`disk_byte_share_*`). In the I/O-bound regime they stay high over the whole run; when the state fits in memory they fall toward zero as the page cache fills.\n\n")
		writeShareTable(w, a)
		for _, p := range shares {
			fmt.Fprintf(w, "![%s](%s)\n\n", strings.TrimSuffix(p, ".png"), p)
		}
	}
	fmt.Fprintf(w, "## Every metric, median (CV%%)\n\n")
	for _, wl := range a.Workloads {
		fmt.Fprintf(w, "### %s\n\n", wl)
		writeCellTable(w, a, wl)
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "## Plots\n\n")
	if len(plots) > 0 && strings.HasSuffix(plots[0], "_ratio.png") {
		fmt.Fprintf(w, "The first plot is the headline metric as a ratio to the baseline, one line per workload, with the bootstrap 95%% CI of the median ratio. ")
	}
	fmt.Fprintf(w, "Medians per variant, one line per workload; error bars are the 95%% CI of the median (benchmath), or the min-max range with fewer than 6 runs.\n\n")
	for _, p := range plots {
		fmt.Fprintf(w, "![%s](%s)\n\n", strings.TrimSuffix(p, ".png"), p)
	}
	fmt.Fprintf(w, "## Files\n\n- `runs.json`: every run, warm-ups included, with its per-block JSON, I/O counters and page-cache check\n- `benchstat.txt`: measured runs in Go benchmark format (`benchstat benchstat.txt`, or `benchstat -col variant -row .name benchstat.txt`)\n- `logs/`: geth's output of every run\n")
	if n := tracedRuns(runs); n > 0 {
		fmt.Fprintf(w, "- `traces/`: tracesum summaries (`.txt`, and `.json` from `tracesum --json`) of the block traces of %d runs made with a telemetry level; [%s](%s) shows their blocks side by side (`tracesum --html`)\n", n, TracePage, TracePage)
	}
}

// tracedRuns counts the runs whose traces were collected.
func tracedRuns(runs []*record.Run) int {
	n := 0
	for _, r := range runs {
		if r.Traces != "" {
			n++
		}
	}
	return n
}

// writeProtocol describes how the runs were made.
func writeProtocol(w io.Writer, meta Meta, a *Analysis, runs []*record.Run) {
	fmt.Fprintf(w, "## Protocol\n\n")
	machine := meta.Machine
	if machine == "" {
		machine = ThisMachine()
	}
	fmt.Fprintf(w, "- study `%s`, generated %s on %s\n", meta.Study, meta.Date.Format(time.RFC3339), machine)
	if meta.Scale.Entries > 0 {
		gas := meta.Scale.WorkloadGas
		if gas == 0 {
			gas = 100_000_000 // dumpgen's default gas target
		}
		fmt.Fprintf(w, "- dump: %d entries, %d workload blocks of %s gas per workload (dumpgen)\n", meta.Scale.Entries, meta.Scale.WorkloadBlocks, gasText(gas))
	} else {
		fmt.Fprintf(w, "- chain: %d workload blocks (from the block files)\n", meta.Scale.WorkloadBlocks)
	}
	for _, g := range meta.Geth {
		if len(g.Args) > 0 {
			fmt.Fprintf(w, "- geth `%s`: `%s %s`\n", g.Name, g.Path, strings.Join(g.Args, " "))
			continue
		}
		fmt.Fprintf(w, "- geth `%s`: `%s`\n", g.Name, g.Path)
	}
	measured, warmups := 0, 0
	var maxResident, maxTotal int64
	states := map[statekind.Cache]int{}
	for _, r := range runs {
		if r.WarmUp {
			warmups++
		} else {
			measured++
		}
		states[r.Cache.State]++
		if r.Cache.State == statekind.Cold && r.Cache.ResidentAfter >= maxResident {
			maxResident, maxTotal = r.Cache.ResidentAfter, r.Cache.DatadirBytes
		}
	}
	fmt.Fprintf(w, "- %d runs per configuration, the first discarded: %d measured, %d warm-ups\n", meta.Scale.Runs, measured, warmups)
	if meta.Order != "" {
		fmt.Fprintf(w, "- run order: %s (interleaved: one run of every configuration per round, so load drift spreads over all of them)\n", meta.Order)
	}
	preparation := meta.Preparation
	if preparation == "" {
		preparation = importedPreparation
	}
	fmt.Fprintf(w, "- each run: %s, `sync` + `drop_caches`, then `geth import --nocompaction --debug.logslowblock 0 %sWORKLOAD.rlp`\n", preparation, strings.Join(append(meta.Model.CacheArgs(), ""), " "))
	if meta.Model != nil && (meta.Model.MemLimit > 0 || meta.Model.Calibrate) {
		lo, hi := meta.Model.LimitRange()
		fmt.Fprintf(w, "- memory bound: every cold measured run's geth in a memory cgroup of %s (page cache and process memory together), verified on every run: geth seen inside, the limit unchanged, usage never above it (see Scale model)\n", rangeText(lo, hi, bytesize.MiB))
	}
	if states[statekind.Cold] > 0 {
		fmt.Fprintf(w, "- cold cache verified with mincore(2) on every run: at most %d of %d datadir bytes resident after the drop\n", maxResident, maxTotal)
	}
	if states[statekind.Warm] > 0 {
		fmt.Fprintf(w, "- warm runs: datadir read into the page cache first (at least 90%% resident, verified)\n")
	}
	writeJournalShare(w, runs)
	fmt.Fprintf(w, "- per run: block metrics are means over the run's blocks; Mgas/s is gas over summed block time; ms per slot is summed block time over the manifest's slot reads + writes\n")
	fmt.Fprintf(w, "- statistics: medians, CV%%, two-sided Mann-Whitney U (benchmath), bootstrap 95%% CI of the median ratio (%d resamples) against the baseline `%s`\n\n", bootstrapIters, a.Baseline)
}

// writeJournalShare states how much of the prepared datadirs is pathdb's
// journal: state that geth loads into memory at start and so never reads
// cold, whatever the page cache holds.
func writeJournalShare(w io.Writer, runs []*record.Run) {
	var maxShare float64
	var journal, total int64
	for _, r := range runs {
		if r.Cache.DatadirBytes == 0 {
			continue
		}
		if share := float64(r.Journal) / float64(r.Cache.DatadirBytes); share >= maxShare {
			maxShare, journal, total = share, r.Journal, r.Cache.DatadirBytes
		}
	}
	if total == 0 || journal == 0 {
		return // no path-scheme journal, or runs recorded before bench measured it
	}
	if maxShare < 0.01 {
		fmt.Fprintf(w, "- pathdb journal: at most %d bytes of the %.1f MB datadir: the population's state is on disk (`chaininfo persist`), so cold runs read it cold\n", journal, float64(total)/1e6)
		return
	}
	fmt.Fprintf(w, "- **pathdb journal: up to %.1f MB of the %.1f MB datadir (%.0f%%).** geth loads it into memory at start: the state changed by the population's last 128 blocks, and its write buffer not yet flushed, is then served from memory in every run, cold page cache or not. Only the rest of the state is read cold; small dumps are mostly journal\n",
		float64(journal)/1e6, float64(total)/1e6, 100*maxShare)
}

// writeReading states, per workload, the best variant on the headline
// metric and whether its difference from the baseline is significant.
func writeReading(w io.Writer, a *Analysis, m metrics.Metric) {
	for _, wl := range a.Workloads {
		best, bestVal := "", math.NaN()
		for _, v := range a.Variants {
			c := a.Cell(wl, v)
			if c == nil {
				continue
			}
			med := c.Summaries[m.Name].Median
			if math.IsNaN(med) {
				continue
			}
			if math.IsNaN(bestVal) || (m.LowerBetter && med < bestVal) || (!m.LowerBetter && med > bestVal) {
				best, bestVal = v, med
			}
		}
		if best == "" {
			continue
		}
		fmt.Fprintf(w, "- %s: best %s is %s (%s %s)", wl, m.Title, best, Num(bestVal), m.Unit)
		if cmp, ok := a.Comparison(wl, best, m.Name); ok {
			fmt.Fprintf(w, ", %s x the baseline %s [95%% CI %s, %s], Mann-Whitney p=%s%s", Num(cmp.Ratio.Ratio), a.Baseline,
				Num(cmp.Ratio.Lo), Num(cmp.Ratio.Hi), Num(cmp.Test.P), significance(cmp.Test.P))
		} else if best == a.Baseline {
			fmt.Fprintf(w, ", the baseline")
		}
		fmt.Fprintln(w)
	}
}

// significance marks p-values below 0.05.
func significance(p float64) string {
	if p < 0.05 {
		return " (significant at 0.05)"
	}
	return " (not significant at 0.05)"
}

// writeMatrix writes a workloads x variants table of one metric.
func writeMatrix(w io.Writer, a *Analysis, m metrics.Metric) {
	fmt.Fprintf(w, "| workload | %s |\n|---|%s\n", strings.Join(a.Variants, " | "), strings.Repeat("---|", len(a.Variants)))
	for _, wl := range a.Workloads {
		fmt.Fprintf(w, "| %s |", wl)
		for _, v := range a.Variants {
			fmt.Fprintf(w, " %s |", cellText(a.Cell(wl, v), m))
		}
		fmt.Fprintln(w)
	}
}

// writeComparisons writes each variant's ratio to the baseline with its
// bootstrap CI and U test.
func writeComparisons(w io.Writer, a *Analysis, m metrics.Metric) {
	fmt.Fprintf(w, "| workload | variant | ratio to %s | 95%% CI | U | p |\n|---|---|---|---|---|---|\n", a.Baseline)
	for _, c := range a.Comparisons {
		if c.Metric != m.Name {
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | [%s, %s] | %s | %s |\n", c.Workload, c.Variant, Num(c.Ratio.Ratio),
			Num(c.Ratio.Lo), Num(c.Ratio.Hi), Num(c.Test.U), Num(c.Test.P))
	}
}

// writeCellTable writes every metric of one workload, a row per variant.
func writeCellTable(w io.Writer, a *Analysis, wl string) {
	fmt.Fprintf(w, "| variant | n |")
	for _, m := range metrics.All() {
		fmt.Fprintf(w, " %s |", m.Unit)
	}
	fmt.Fprintf(w, "\n|---|---|%s\n", strings.Repeat("---|", len(metrics.All())))
	for _, v := range a.Variants {
		c := a.Cell(wl, v)
		if c == nil {
			continue
		}
		fmt.Fprintf(w, "| %s | %d |", v, len(c.Runs))
		for _, m := range metrics.All() {
			fmt.Fprintf(w, " %s |", cellText(c, m))
		}
		fmt.Fprintln(w)
	}
}

// cellText is a cell's median with its CV.
func cellText(c *Cell, m metrics.Metric) string {
	if c == nil {
		return "-"
	}
	s := c.Summaries[m.Name]
	if math.IsNaN(s.Median) {
		return "-"
	}
	if math.IsNaN(s.CV) {
		return Num(s.Median)
	}
	return fmt.Sprintf("%s (%.1f%%)", Num(s.Median), s.CV)
}

// Num formats a figure with about four significant digits.
func Num(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 0):
		return fmt.Sprint(x)
	case x == 0:
		return "0"
	case math.Abs(x) >= 1000:
		return fmt.Sprintf("%.0f", x)
	case math.Abs(x) >= 0.01:
		return fmt.Sprintf("%.4g", x)
	default:
		return fmt.Sprintf("%.3g", x)
	}
}

// ReadMeta reads the meta.json that WriteOutputs wrote.
func ReadMeta(path string) (Meta, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return Meta{}, err
	}
	meta, err := DecodeMeta(blob)
	if err != nil {
		return meta, fmt.Errorf("%s: %v", path, err)
	}
	return meta, nil
}

// DecodeMeta decodes a meta.json and parses its node's sizes, which the
// scale-model table needs and meta.json keeps as written.
func DecodeMeta(blob []byte) (Meta, error) {
	var meta Meta
	if err := json.Unmarshal(blob, &meta); err != nil {
		return meta, err
	}
	if meta.Model != nil && meta.Model.Node != nil {
		if err := meta.Model.Node.Parse(); err != nil {
			return meta, fmt.Errorf("scale_model.node: %v", err)
		}
	}
	return meta, nil
}

// StudyFile is the study file as a results directory keeps it beside its
// report: the recipe of its runs, byte for byte the file that ran.
const StudyFile = "study.toml"

// TracePage is the HTML page of a study's traced blocks, beside its report
// (the runner's trace collector draws it with tracesum --html).
const TracePage = "traces/index.html"
