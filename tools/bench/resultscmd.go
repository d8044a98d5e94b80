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

package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"statelab/tools/bench/record"
	"statelab/tools/bench/results"
)

// defaultDataset is the results dataset of this repository, relative to
// its root.
const defaultDataset = "docs/results/dataset"

var (
	datasetFlag = &cli.StringFlag{
		Name:  "dataset",
		Usage: "results dataset directory (studies.jsonl, runs.tsv, blocks.tsv.gz)",
		Value: defaultDataset,
	}
	appendFlag = &cli.StringFlag{
		Name:     "dataset",
		Usage:    "when the runs are done, append them to this results dataset as the study named by --out (tools/bench/results)",
		Category: dirCategory,
	}
	studyFlag = &cli.StringSliceFlag{
		Name:  "study",
		Usage: "study id in the dataset (bench results list); several pool their runs (ratios) or are written each to OUT/ID (report)",
	}
	workloadFlag = &cli.StringSliceFlag{
		Name:  "workload",
		Usage: "only this workload (may be repeated)",
	}
)

var resultsCommand = &cli.Command{
	Name:  "results",
	Usage: "the results dataset: import results directories, regenerate their reports, print the tables readings quote",
	Description: `A results dataset keeps every run's figures with the study, commit and
machine that made them (tools/bench/README.md, "Results as data"). Reports,
plots and benchstat files are regenerated from it; readings quote the
tables of "ratios" and "blocks".`,
	Subcommands: []*cli.Command{
		{
			Name:      "import",
			Usage:     "add results directories (runs.json or runs.json.gz, meta.json, study.toml) to the dataset",
			ArgsUsage: "DIR...",
			Flags: []cli.Flag{datasetFlag,
				&cli.StringFlag{Name: "id", Usage: "study id (one DIR only; default: DIR relative to the dataset's parent directory, else its base name)"},
				&cli.StringFlag{Name: "commit", Usage: "statelab commit that made the runs (default: the commit that added DIR's runs file to git)"},
			},
			Action: importResults,
		},
		{
			Name:   "list",
			Usage:  "list the dataset's studies: id, runs, date, commit, title",
			Flags:  []cli.Flag{datasetFlag},
			Action: listResults,
		},
		{
			Name:  "report",
			Usage: "regenerate studies' report.md, plots, benchstat.txt and meta.json from the dataset",
			Flags: []cli.Flag{datasetFlag, studyFlag, outFlag,
				&cli.BoolFlag{Name: "all", Usage: "every study, each into OUT/ID"},
				&cli.StringSliceFlag{Name: "only", Usage: "write only these outputs (e.g. ms_per_slot_ratio.png), for the plots a reading shows"},
			},
			Action: regenerateResults,
		},
		{
			Name:  "ratios",
			Usage: "ratios of medians between variants, with bootstrap 95% CIs and Mann-Whitney U, as a Markdown table",
			Flags: []cli.Flag{datasetFlag, studyFlag, workloadFlag,
				&cli.StringFlag{Name: "metric", Value: "total_ms", Usage: "a figure of the runs (bench's metrics: ms_per_slot, total_ms, ...) or a column of the blocks table"},
				&cli.IntFlag{Name: "from-block", Usage: "average the blocks table's column over each run's blocks from this one (1-based) on"},
				&cli.StringFlag{Name: "baseline", Usage: "compare every variant with this one (default: the study's baseline, without --pair)"},
				&cli.StringSliceFlag{Name: "pair", Usage: "VARIANT:REFERENCE to compare (may be repeated)"},
			},
			Action: printRatios,
		},
		{
			Name:  "blocks",
			Usage: "median of a blocks-table column at each block, per workload and variant, as a Markdown table",
			Flags: []cli.Flag{datasetFlag, studyFlag, workloadFlag,
				&cli.StringFlag{Name: "column", Value: "total_ms", Usage: "column of the blocks table"},
				&cli.StringSliceFlag{Name: "segment", Usage: "FROM-TO: also the mean over these blocks (may be repeated), e.g. 129-300"},
				&cli.BoolFlag{Name: "each", Usage: "print every block's median"},
			},
			Action: printBlocks,
		},
		{
			Name:   "columns",
			Usage:  "describe the columns of the runs and blocks tables",
			Action: printColumns,
		},
	},
}

// importResults adds results directories to the dataset.
func importResults(ctx *cli.Context) error {
	dirs := ctx.Args().Slice()
	if len(dirs) == 0 {
		return errors.New("results import: want one or more results directories")
	}
	if ctx.String("id") != "" && len(dirs) > 1 {
		return errors.New("results import: --id names one study, but several directories were given")
	}
	dataset := ctx.String(datasetFlag.Name)
	for _, dir := range dirs {
		id := ctx.String("id")
		if id == "" {
			id = results.StudyID(dataset, dir)
		}
		commit := ctx.String("commit")
		if commit == "" {
			commit = results.AddedIn(results.RunsFileOf(dir))
		}
		if err := appendStudy(dataset, dir, id, commit); err != nil {
			return err
		}
		fmt.Fprintf(ctx.App.Writer, "%s: imported %s\n", id, dir)
	}
	return nil
}

// appendStudy reads a results directory and appends it to a dataset.
func appendStudy(dataset, dir, id, commit string) error {
	s, err := results.ReadDir(dir, id)
	if err != nil {
		return err
	}
	s.Commit = commit
	return results.Append(dataset, s)
}

// appendRun appends the results directory a run or ab command wrote to
// the dataset its --dataset names, if any, with bench's own commit.
func appendRun(ctx *cli.Context, out string) error {
	dataset := ctx.String(appendFlag.Name)
	if dataset == "" {
		return nil
	}
	id := results.StudyID(dataset, out)
	if err := appendStudy(dataset, out, id, results.HeadCommit()); err != nil {
		return fmt.Errorf("--dataset: %v", err)
	}
	fmt.Fprintf(ctx.App.Writer, "dataset %s: study %s appended\n", dataset, id)
	return nil
}

// checkAppend fails a run or ab command before it measures anything when
// its --dataset could not take the study its --out names.
func checkAppend(ctx *cli.Context, out string) error {
	dataset := ctx.String(appendFlag.Name)
	if dataset == "" {
		return nil
	}
	if err := results.CheckNew(dataset, results.StudyID(dataset, out)); err != nil {
		return fmt.Errorf("--dataset: %v", err)
	}
	return nil
}

// listResults lists the dataset's studies.
func listResults(ctx *cli.Context) error {
	d, err := results.Load(ctx.String(datasetFlag.Name))
	if err != nil {
		return err
	}
	for _, s := range d.Studies {
		commit := s.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		fmt.Fprintf(ctx.App.Writer, "%-48s %5d runs  %s  %-12s  %s\n", s.ID, len(s.Runs), s.Meta.Date.Format("2006-01-02"), commit, s.Meta.Title)
	}
	return nil
}

// studies loads the dataset and finds the studies --study names.
func studies(ctx *cli.Context) (*results.Dataset, []*results.Study, error) {
	d, err := results.Load(ctx.String(datasetFlag.Name))
	if err != nil {
		return nil, nil, err
	}
	ids := ctx.StringSlice(studyFlag.Name)
	if ctx.Bool("all") {
		return d, d.Studies, nil
	}
	if len(ids) == 0 {
		return nil, nil, errors.New("--study is required (bench results list shows the ids)")
	}
	var out []*results.Study
	for _, id := range ids {
		s, err := d.Study(id)
		if err != nil {
			return nil, nil, fmt.Errorf("--study: %v", err)
		}
		out = append(out, s)
	}
	return d, out, nil
}

// regenerateResults writes studies' results directories from the dataset.
func regenerateResults(ctx *cli.Context) error {
	_, ss, err := studies(ctx)
	if err != nil {
		return err
	}
	out, err := requireOut(ctx)
	if err != nil {
		return err
	}
	for _, s := range ss {
		dir := out
		if len(ss) > 1 {
			dir = filepath.Join(out, filepath.FromSlash(s.ID))
		}
		if err := results.Regenerate(s, dir, ctx.StringSlice("only")); err != nil {
			return err
		}
		fmt.Fprintf(ctx.App.Writer, "%s: %s\n", s.ID, dir)
	}
	return nil
}

// pooledRuns are the runs of the studies --study names, in order.
func pooledRuns(ss []*results.Study) []*record.Run {
	var runs []*record.Run
	for _, s := range ss {
		runs = append(runs, s.Runs...)
	}
	return runs
}

// printRatios prints the ratios table.
func printRatios(ctx *cli.Context) error {
	_, ss, err := studies(ctx)
	if err != nil {
		return err
	}
	spec := results.RatioSpec{
		Metric:    ctx.String("metric"),
		FromBlock: ctx.Int("from-block"),
		Baseline:  ctx.String("baseline"),
		Workloads: ctx.StringSlice(workloadFlag.Name),
	}
	for _, p := range ctx.StringSlice("pair") {
		v, ref, ok := strings.Cut(p, ":")
		if !ok || v == "" || ref == "" {
			return fmt.Errorf("--pair %q: want VARIANT:REFERENCE, e.g. mpt-bal-type4:mpt-warm", p)
		}
		spec.Pairs = append(spec.Pairs, [2]string{v, ref})
	}
	if spec.Baseline == "" && len(spec.Pairs) == 0 {
		spec.Baseline = ss[0].Meta.Baseline
	}
	rs, err := results.Ratios(pooledRuns(ss), spec)
	if err != nil {
		return err
	}
	name := spec.Metric
	if spec.FromBlock > 1 {
		name = fmt.Sprintf("%s (blocks %d-n)", name, spec.FromBlock)
	}
	results.WriteRatios(ctx.App.Writer, name, rs)
	return nil
}

// printBlocks prints the per-block medians table.
func printBlocks(ctx *cli.Context) error {
	_, ss, err := studies(ctx)
	if err != nil {
		return err
	}
	runs := pooledRuns(ss)
	if wls := ctx.StringSlice(workloadFlag.Name); len(wls) > 0 {
		var kept []*record.Run
		for _, r := range runs {
			for _, wl := range wls {
				if r.Workload == wl {
					kept = append(kept, r)
				}
			}
		}
		runs = kept
	}
	var segments []results.Segment
	for _, s := range ctx.StringSlice("segment") {
		seg, err := results.ParseSegment(s)
		if err != nil {
			return fmt.Errorf("--segment: %v", err)
		}
		segments = append(segments, seg)
	}
	bms, err := results.PerBlock(runs, ctx.String("column"))
	if err != nil {
		return err
	}
	results.WriteBlockTable(ctx.App.Writer, ctx.String("column"), bms, segments, ctx.Bool("each"))
	return nil
}

// printColumns describes the tables' columns.
func printColumns(ctx *cli.Context) error {
	w := ctx.App.Writer
	fmt.Fprintf(w, "%s: one row per run\n\n", results.RunsFile)
	for _, c := range results.RunColumns() {
		fmt.Fprintf(w, "  %-28s %s\n", c[0], c[1])
	}
	fmt.Fprintf(w, "\n%s: one row per run and block\n\n", results.BlocksFile)
	for _, c := range results.BlockColumns() {
		fmt.Fprintf(w, "  %-28s %s\n", c[0], c[1])
	}
	return nil
}
