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

package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"statelab/tools/bench/bytesize"
	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/metrics"
	"statelab/tools/bench/pagecache"
	"statelab/tools/bench/prepare"
	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// StudyOptions is how a study is run: at which of its scales, where, with
// which programs beside geth, and with which of the scale's settings
// replaced.
type StudyOptions struct {
	Scale        string    // a scale of the study
	Out          string    // report directory: report.md, plots, benchstat.txt, runs.json, logs/
	Work         string    // work directory: dumps, prepared datadirs, sidecars, the scratch datadir
	Bin          string    // directory of dumpgen, balgen, chaininfo and tracesum; relative geth paths resolve against it
	Jaeger       string    // Jaeger query URL to collect the traces of telemetry runs from; "" collects none
	OTLP         string    // OTLP endpoint of that Jaeger
	MemLimit     string    // replaces the scale's mem_limit when not ""
	GethCache    string    // replaces the scale's geth_cache when not ""
	CgroupParent string    // where to make the run cgroups; "" for the default
	PrepareOnly  bool      // stop after the dumps, datadirs and sidecars
	PrepareJobs  int       // dumps and datadirs prepared at once
	DropCaches   string    // shell command that drops the page cache; "": write drop_caches (root)
	Log          io.Writer // progress lines
}

// RunStudy runs every configuration of a study at a scale, writing the raw
// runs as they come and then the report, plots and benchstat file into
// o.Out; with o.PrepareOnly it stops once everything is prepared.
func RunStudy(s *study.Study, o StudyOptions) error {
	sr, err := newStudyRun(s, o)
	if err != nil {
		return err
	}
	if err := sr.execute(); err != nil {
		return err
	}
	if sr.prepareOnly {
		sr.h.progress("prepared the study in %s; nothing measured", sr.h.work.Dir)
		return nil
	}
	sr.h.progress("wrote %s", filepath.Join(o.Out, "report.md"))
	return nil
}

// newStudyRun checks a study's options and sets up its harness: the work
// and report directories, the binaries and the trace collector.
func newStudyRun(s *study.Study, o StudyOptions) (*studyRun, error) {
	if _, err := s.Scale(o.Scale); err != nil {
		return nil, err
	}
	if s.Traces && o.Jaeger == "" && !o.PrepareOnly {
		return nil, fmt.Errorf("study %s exports its telemetry runs' spans to a Jaeger (traces = true): start one (tracing/jaeger.sh start) and give --traces, e.g. --traces http://127.0.0.1:16686", s.Path)
	}
	if err := s.ResolveBinaries(o.Bin); err != nil {
		return nil, err
	}
	dumpgen := filepath.Join(o.Bin, "dumpgen")
	if _, err := os.Stat(dumpgen); err != nil && s.Chain == nil {
		return nil, fmt.Errorf("--bin: %v", err)
	}
	h, err := newHarness(o.Work, o.Out, o.Bin, o.Log)
	if err != nil {
		return nil, err
	}
	if !o.PrepareOnly {
		if err := keepStudyFile(s.Path, o.Out); err != nil {
			return nil, err
		}
	}
	h.work.Chaininfo = prepare.FindChaininfo(o.Bin, h.progress)
	h.work.Dumpgen = dumpgen
	if o.DropCaches != "" {
		h.cache = pagecache.NewKernelCommand(o.DropCaches)
	}
	sr := &studyRun{study: s, scale: o.Scale, dumpgen: dumpgen, h: h,
		memLimit: o.MemLimit, gethCache: o.GethCache, cgroupParent: o.CgroupParent,
		prepareOnly: o.PrepareOnly, prepareJobs: o.PrepareJobs}
	if balgen := filepath.Join(o.Bin, "balgen"); fileExists(balgen) {
		sr.balgen = balgen
	}
	if o.Jaeger != "" {
		tracesum := filepath.Join(o.Bin, "tracesum")
		if !fileExists(tracesum) {
			return nil, fmt.Errorf("--traces: no tracesum in --bin %s", o.Bin)
		}
		h.traces = &traceCollector{jaeger: o.Jaeger, otlp: o.OTLP, tracesum: tracesum, study: s.Name, wait: 30 * time.Second}
		if !o.PrepareOnly {
			if err := h.traces.check(); err != nil {
				return nil, fmt.Errorf("--traces: %v", err)
			}
		}
	}
	return sr, nil
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// studyRun is one execution of a study at a scale.
type studyRun struct {
	study   *study.Study
	scale   string
	dumpgen string
	balgen  string // "" if the binary directory has none; needed by BAL types
	h       *harness

	memLimit, gethCache string // command-line overrides of the scale's mem_limit and geth_cache
	cgroupParent        string // where to make the run cgroups; "" for the default
	prepareOnly         bool   // stop after the dumps, datadirs and sidecars
	prepareJobs         int    // dumps and datadirs prepared at once; below 1 means 1
}

// execute runs every configuration of the study, writes the raw runs as they
// come, and then the report, plots and benchstat file.
func (sr *studyRun) execute() error {
	p, err := sr.prepare()
	if err != nil || sr.prepareOnly {
		return err
	}
	model, err := sr.resolveModel(p)
	if err != nil {
		return err
	}
	var runs []*record.Run
	rawPath := filepath.Join(sr.h.out, "runs.json")
	order := schedule(len(p.configs), p.sc.Runs, sr.study.Order)
	if model.Calibrate {
		order = warmUpsFirst(order)
		sr.h.progress("memory bound auto: the warm-up runs measure geth's own memory in accounting-only cgroups, then every measured run is bounded")
	}
	calibrated := false
	for n, j := range order {
		if model.Calibrate && !calibrated && j.run > 0 {
			if err := sr.calibrate(model, p.configs, runs); err != nil {
				return fmt.Errorf("study %s: %v", sr.study.Path, err)
			}
			calibrated = true
		}
		rec, err := sr.measure(p, j)
		if err != nil {
			return err
		}
		runs = append(runs, rec)
		sr.h.progress("%d/%d %s run %d/%d: %s", n+1, len(p.configs)*p.sc.Runs, rec.Config.Label(), j.run+1, p.sc.Runs, runLine(rec))
		if err := record.Write(rawPath, runs); err != nil {
			return err
		}
	}
	sr.h.removeScratch()
	meta := sr.meta(p.sc)
	meta.Model = model
	return report.WriteOutputs(sr.h.out, meta, runs)
}

// preparedStudy is a study's matrix at a scale and the dumps its prepared
// datadirs and sidecars were made from.
type preparedStudy struct {
	sc      study.Scale
	configs []study.Config
	dumps   prepare.Dumps
}

// prepare checks the study's matrix at the scale and makes everything its
// runs start from: the dumps, the prepared datadirs and the sidecars.
func (sr *studyRun) prepare() (*preparedStudy, error) {
	sc, err := sr.study.Scale(sr.scale)
	if err != nil {
		return nil, err
	}
	configs := sr.study.Expand(sc)
	if err := checkFeatures(configs); err != nil {
		return nil, fmt.Errorf("study %s: %v", sr.study.Path, err)
	}
	if err := study.CheckBaseline(sr.study.Baseline, configs); err != nil {
		return nil, fmt.Errorf("study %s at scale %s: %v", sr.study.Path, sr.scale, err)
	}
	if sr.h.traces == nil && slices.ContainsFunc(configs, func(c study.Config) bool { return c.Telemetry != "" }) {
		sr.h.progress("note: runs with a telemetry level export to the OTEL_EXPORTER_OTLP_* endpoint (default localhost:4318) and their traces are not collected; give --traces JAEGER_URL to collect them")
	}
	if sr.memLimit != "" || sc.MemLimit != "" {
		if sr.h.bound, err = cgroup.NewBound(cgroup.HostSources, sr.cgroupParent, sr.h.work.Dir); err != nil {
			return nil, err
		}
	}
	var dumps prepare.Dumps
	if sr.study.Chain != nil {
		if dumps, err = sr.chainDumps(&sc); err != nil {
			return nil, err
		}
	} else {
		byTrie, err := sr.h.work.PrepareDumps(sr.dumpgen, sr.study.Fork, sr.study.Fixtures, sr.study.TriesAt(sc), sc, sr.prepareJobs)
		if err != nil {
			return nil, err
		}
		dumps = prepare.TrieDumps(byTrie)
	}
	sr.h.progress("study %s at scale %s: %d configurations x %d runs (first discarded)", sr.study.Name, sr.scale, len(configs), sc.Runs)
	if err := sr.h.work.PrepareDatadirs(configs, dumps, sr.prepareJobs); err != nil {
		return nil, err
	}
	if err := sr.prepareSidecars(configs, dumps); err != nil {
		return nil, err
	}
	return &preparedStudy{sc: sc, configs: configs, dumps: dumps}, nil
}

// resolveModel applies the scale model to the reference configuration's
// prepared datadir: the memory bound and geth's cache of every run.
func (sr *studyRun) resolveModel(p *preparedStudy) (*study.Model, error) {
	ref := sr.reference(p.configs)
	model, err := sr.h.applyModel(sr.study.Node, p.sc, sr.memLimit, sr.gethCache, sr.h.work.PreparedDir(p.dumps.For(ref), ref))
	if err != nil {
		return nil, fmt.Errorf("study %s: %v", sr.study.Path, err)
	}
	return model, nil
}

// measure makes one scheduled run.
func (sr *studyRun) measure(p *preparedStudy, j scheduled) (*record.Run, error) {
	c := p.configs[j.config]
	m := p.dumps.For(c)
	return sr.h.runOnce(c, m, sr.h.work.PreparedDir(m, c), c.ImportArgs(sr.study.GethArgs), j.run)
}

// chainDumps describes the study's own chain as the dump of its one trie,
// or each fixture chain as the dump of its workload, and records the
// workload's length in the scale for the report.
func (sr *studyRun) chainDumps(sc *study.Scale) (prepare.Dumps, error) {
	sr.h.progress("reading the block files of the study's chain")
	ch := sr.study.Chain
	if len(ch.Fixtures) > 0 {
		return sr.fixtureDumps(sc)
	}
	m, err := chainManifest(ch.Trie, ch.Genesis, ch.Population, ch.Workloads)
	if err != nil {
		return prepare.Dumps{}, fmt.Errorf("study %s: chain: %v", sr.study.Path, err)
	}
	if mf, _, err := m.Workload(sr.study.Workloads[0]); err == nil {
		sc.WorkloadBlocks = int(mf.LastBlock - mf.FirstBlock + 1)
	}
	byTrie := map[statekind.Trie]*dumpmanifest.Manifest{}
	for _, trie := range sr.study.TriesAt(*sc) {
		byTrie[trie] = m
	}
	return prepare.TrieDumps(byTrie), nil
}

// fixtureDumps describes each fixture chain of the study as the dump of its
// workload: its genesis, its setup blocks as the population and its
// benchmark block as the workload.
func (sr *studyRun) fixtureDumps(sc *study.Scale) (prepare.Dumps, error) {
	ch := sr.study.Chain
	dumps := prepare.Dumps{ByWorkload: map[string]*dumpmanifest.Manifest{}}
	for _, name := range sr.study.Workloads {
		dir := ch.Fixtures[name]
		m, err := chainManifest(ch.Trie, filepath.Join(dir, study.FixtureGenesis), study.FixtureSetupFiles(dir),
			map[string]string{name: filepath.Join(dir, study.FixtureBenchmark)})
		if err != nil {
			return prepare.Dumps{}, fmt.Errorf("study %s: fixture %s: %v", sr.study.Path, name, err)
		}
		dumps.ByWorkload[name] = m
		if mf, _, err := m.Workload(name); err == nil && sc.WorkloadBlocks == 0 {
			sc.WorkloadBlocks = int(mf.LastBlock - mf.FirstBlock + 1)
		}
	}
	return dumps, nil
}

// prepareSidecars makes the sidecar of every workload that a BAL
// configuration imports, from that configuration's prepared datadir; a
// study that asks for BAL without a balgen beside geth is refused.
func (sr *studyRun) prepareSidecars(configs []study.Config, dumps prepare.Dumps) error {
	if sr.balgen == "" {
		if i := slices.IndexFunc(configs, study.Config.UsesBAL); i >= 0 {
			return fmt.Errorf("study %s asks for BAL type %s, but no balgen binary was found beside geth (--bin)", sr.study.Path, configs[i].BAL)
		}
	}
	return sr.h.work.PrepareSidecars(sr.balgen, configs, dumps)
}

// reference is the configuration whose prepared datadir the scale model's
// ratios apply to: the baseline's, else the first. Every configuration
// gets the same bound, as every design would get the same machine.
func (sr *studyRun) reference(configs []study.Config) study.Config {
	for _, c := range configs {
		if c.Variant() == sr.study.Baseline {
			return c
		}
	}
	return configs[0]
}

// calibrate sets the "auto" memory bound of every configuration from its
// warm-up run: the highest memory geth itself used (cgroup usage less page
// cache), plus the page-cache budget every configuration shares.
func (sr *studyRun) calibrate(model *study.Model, configs []study.Config, warmUps []*record.Run) error {
	for _, c := range configs {
		var process int64
		for _, r := range warmUps {
			if r.WarmUp && r.Config.Label() == c.Label() && r.Bound != nil {
				process = max(process, r.Bound.Sampled.NonFile)
			}
		}
		if c.Cache != statekind.Cold {
			continue // warm runs are unbounded
		}
		if process == 0 {
			return fmt.Errorf("memory bound auto: the warm-up of %s measured no process memory", c.Label())
		}
		limit := model.CalibrateFor(c.Label(), process)
		if err := cgroup.CheckLimit(limit); err != nil {
			return fmt.Errorf("memory bound auto, %s: %v", c.Label(), err)
		}
		if int64(model.GethCache)<<20 >= limit {
			return fmt.Errorf("memory bound auto, %s: geth's --cache %d MiB does not fit in the calibrated bound of %s", c.Label(), model.GethCache, bytesize.MiB(limit))
		}
		sr.h.progress("memory bound of %s: geth's own memory peaked at %s in its warm-up; limit %s = %.2f x that + %s of page cache", c.Label(), bytesize.MiB(process), bytesize.MiB(limit), study.CalibrationMargin, bytesize.MiB(model.PageBudget))
	}
	return nil
}

// warmUpsFirst moves every configuration's warm-up run (run 0) to the front
// of a schedule, keeping the order otherwise.
func warmUpsFirst(order []scheduled) []scheduled {
	out := make([]scheduled, 0, len(order))
	for _, s := range order {
		if s.run == 0 {
			out = append(out, s)
		}
	}
	for _, s := range order {
		if s.run != 0 {
			out = append(out, s)
		}
	}
	return out
}

// scheduled is one run of one configuration.
type scheduled struct {
	config, run int
}

// schedule orders the runs of n configurations. Sequential runs each
// configuration's runs back to back; interleaved runs round after round
// through all configurations, so that a drift of the machine's load over the
// study spreads over every configuration instead of biasing the later ones.
// Either way run 0 of a configuration, the discarded warm-up, comes first.
func schedule(n, runs int, order string) []scheduled {
	var out []scheduled
	if order == "sequential" {
		for c := range n {
			for r := range runs {
				out = append(out, scheduled{c, r})
			}
		}
		return out
	}
	for r := range runs {
		for c := range n {
			out = append(out, scheduled{c, r})
		}
	}
	return out
}

// meta describes the study run for the report: its binaries by name in
// the binary directory, as the study file gives them.
func (sr *studyRun) meta(sc study.Scale) report.Meta {
	geth := slices.Clone(sr.study.Geth)
	for i := range geth {
		geth[i].Path = binName(sr.h.bin, geth[i].Path)
	}
	return report.Meta{
		Title:       fmt.Sprintf("Study %s, scale %s", sr.study.Name, sr.scale),
		Description: sr.study.Description,
		Study:       studyName(sr.study.Path),
		Scale:       sc,
		Baseline:    sr.study.Baseline,
		Headline:    sr.study.Metric,
		Order:       sr.study.Order,
		Geth:        geth,
		Date:        time.Now().UTC(),
		Preparation: preparation(sc),
	}
}

// preparation is the report's line on how each run's datadir is made.
func preparation(sc study.Scale) string {
	made := report.ImportedPopulation
	if sc.GenesisPlaced() {
		made = "population in the genesis, written once per trie, group depth and block size by `dumpgen datadir` and compacted with `geth db compact`"
	}
	return "fresh clone of the prepared datadir (" + made + "; Pebble's tables hard-linked, the other files copied)"
}

// runLine is the one-line progress summary of a run.
func runLine(r *record.Run) string {
	warm := ""
	if r.WarmUp {
		warm = " (warm-up, discarded)"
	}
	total, _ := metrics.ByName("total_ms")
	return fmt.Sprintf("wall %.2fs, %d blocks, %s ms/block, read %.1f MB, datadir cached %d/%d B%s",
		r.WallSeconds, len(r.Blocks), report.Num(total.Value(r)),
		float64(r.ReadBytes)/1e6, r.Cache.ResidentAfter, r.Cache.DatadirBytes, warm)
}
