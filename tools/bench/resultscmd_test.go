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
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// runApp runs bench with args and returns what it printed.
func runApp(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	app.Writer = &out
	defer func() { app.Writer = os.Stdout }()
	err := app.Run(append([]string{"bench"}, args...))
	return out.String(), err
}

// TestResultsCommands imports the results package's fixture into a
// dataset, lists it, prints its ratios and per-block table and writes one
// plot of it.
func TestResultsCommands(t *testing.T) {
	ds := filepath.Join(t.TempDir(), "dataset")
	fixture := filepath.Join("results", "testdata", "bounded")
	if _, err := runApp(t, "results", "import", "--dataset", ds, "--id", "iobound/fixture", "--commit", "abc123", fixture); err != nil {
		t.Fatal(err)
	}
	out, err := runApp(t, "results", "list", "--dataset", ds)
	if err != nil || !strings.Contains(out, "iobound/fixture") || !strings.Contains(out, "8 runs") || !strings.Contains(out, "abc123") {
		t.Errorf("list: %v\n%s", err, out)
	}
	out, err = runApp(t, "results", "ratios", "--dataset", ds, "--study", "iobound/fixture", "--metric", "ms_per_slot")
	if err != nil || !strings.Contains(out, "| uniform_read | ubt-gd5 | 3 | 0.00777 | mpt | 3 | 0.00872 | 0.8912 | [0.6149, 1.516] | 3 | 0.7 |") {
		t.Errorf("ratios against the study's baseline: %v\n%s", err, out)
	}
	out, err = runApp(t, "results", "ratios", "--dataset", ds, "--study", "iobound/fixture", "--from-block", "2", "--pair", "mpt:ubt-gd5")
	if err != nil || !strings.Contains(out, "total_ms (blocks 2-n)") || !strings.Contains(out, "| uniform_read | mpt | 3 |") {
		t.Errorf("ratios of a pair, blocks 2-n: %v\n%s", err, out)
	}
	out, err = runApp(t, "results", "blocks", "--dataset", ds, "--study", "iobound/fixture")
	if err != nil || !strings.Contains(out, "| uniform_read | ubt-gd5 | 3 | 12 |") {
		t.Errorf("blocks: %v\n%s", err, out)
	}
	plots := t.TempDir()
	if _, err := runApp(t, "results", "report", "--dataset", ds, "--study", "iobound/fixture", "--out", plots, "--only", "ms_per_slot_ratio.png"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(plots, "ms_per_slot_ratio.png")); err != nil {
		t.Error(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"results", "ratios", "--dataset", ds}, "--study is required"},
		{[]string{"results", "ratios", "--dataset", ds, "--study", "nope"}, `no study "nope"; it has: iobound/fixture`},
		{[]string{"results", "ratios", "--dataset", ds, "--study", "iobound/fixture", "--pair", "mpt"}, `--pair "mpt": want VARIANT:REFERENCE`},
		{[]string{"results", "import", "--dataset", ds, "--id", "iobound/fixture", fixture}, `already has study "iobound/fixture"`},
		{[]string{"results", "import", "--dataset", ds, "--id", "x", fixture, fixture}, "--id names one study"},
		{[]string{"results", "list", "--dataset", t.TempDir()}, "is not a results dataset"},
	} {
		if _, err := runApp(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestRunDatasetRefused: bench run with a --dataset that already has the
// study its --out names stops before it touches anything.
func TestRunDatasetRefused(t *testing.T) {
	root := t.TempDir()
	ds := filepath.Join(root, "dataset")
	fixture := filepath.Join("results", "testdata", "bounded")
	if _, err := runApp(t, "results", "import", "--dataset", ds, "--id", "study-1", fixture); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(root, "work")
	_, err := runApp(t, "run", "--dataset", ds, "--out", filepath.Join(root, "study-1"), "--work", work, filepath.Join("studies", "bal.toml"))
	if err == nil || !strings.Contains(err.Error(), `--dataset: dataset `+ds+` already has study "study-1"`) {
		t.Errorf("run: %v", err)
	}
	if _, err := os.Stat(work); !os.IsNotExist(err) {
		t.Errorf("work directory made: %v", err)
	}
}

// TestAppendRun: what run and ab do when their runs are done with
// --dataset: the results directory their --out names goes into the
// dataset under its path below the dataset's parent, with bench's commit.
func TestAppendRun(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "results", "bal", "new")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFixture := func(f string) {
		blob, err := os.ReadFile(filepath.Join("results", "testdata", "bounded", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(out, f), blob, 0o644)
	}
	copyFixture("meta.json")
	copyFixture("runs.json.gz")
	ds := filepath.Join(root, "results", "dataset")
	cmd := &cli.App{Flags: []cli.Flag{appendFlag}, Writer: new(bytes.Buffer), Action: func(ctx *cli.Context) error {
		if err := checkAppend(ctx, out); err != nil {
			return err
		}
		return appendRun(ctx, out)
	}}
	// Without its study file the results carry no recipe.
	if err := cmd.Run([]string{"bench", "--dataset", ds}); err == nil || !strings.Contains(err.Error(), "has no recipe") {
		t.Fatalf("append without study.toml: %v", err)
	}
	copyFixture("study.toml")
	if err := cmd.Run([]string{"bench", "--dataset", ds}); err != nil {
		t.Fatal(err)
	}
	list, err := runApp(t, "results", "list", "--dataset", ds)
	if err != nil || !strings.Contains(list, "bal/new") || !strings.Contains(list, "8 runs") {
		t.Errorf("list after the append: %v\n%s", err, list)
	}
	if err := cmd.Run([]string{"bench", "--dataset", ds}); err == nil || !strings.Contains(err.Error(), `already has study "bal/new"`) {
		t.Errorf("second append: %v", err)
	}
	// Without --dataset nothing is appended.
	if err := cmd.Run([]string{"bench"}); err != nil {
		t.Errorf("no --dataset: %v", err)
	}
}
