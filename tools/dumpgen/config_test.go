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
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// parseFlags runs the command line up to its validation and returns the
// config it would generate.
func parseFlags(args []string) (*config, error) {
	var cfg *config
	app := newApp(io.Discard)
	app.Writer = io.Discard
	app.Action = func(ctx *cli.Context) (err error) {
		cfg, err = configFromFlags(ctx)
		return err
	}
	if err := app.Run(append([]string{"dumpgen"}, args...)); err != nil {
		return nil, err
	}
	return cfg, nil
}

// TestParseFlags checks defaults and that every bad command line is
// rejected with an error naming the offending flag.
func TestParseFlags(t *testing.T) {
	out := t.TempDir()
	cfg, err := parseFlags([]string{"--trie", "ubt", "--entries", "10", "--out", out})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.trie != statekind.UBT || cfg.fork != forkDefault || cfg.entries != 10 || cfg.out != out || cfg.seed != defaultSeed ||
		cfg.gasTarget != defaultGasTarget || cfg.force || cfg.flushBlocks != defaultFlushBlocks ||
		len(cfg.workloads) != len(workloadNames) || cfg.workloadBlocks != defaultWorkloadBlocks {
		t.Errorf("unexpected config %+v", cfg)
	}
	if defaultGasTarget != 100_000_000 {
		t.Errorf("default gas target %d", defaultGasTarget)
	}
	if cfg.workloadGasTarget() != cfg.gasTarget {
		t.Errorf("default workload gas target %d, want the gas target", cfg.workloadGasTarget())
	}
	cfg, err = parseFlags([]string{"--trie", "mpt", "--entries", "10", "--out", out, "--workload-gas-target", "5000000"})
	if err != nil || cfg.workloadGasTarget() != 5_000_000 || cfg.gasTarget != defaultGasTarget {
		t.Errorf("--workload-gas-target 5000000: %+v, %v", cfg, err)
	}
	cfg, err = parseFlags([]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workloads", "sload_benchmark, erc20_approve", "--workload-blocks", "7"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.workloads) != 2 || cfg.workloads[0] != wlApprove || cfg.workloads[1] != wlSload || cfg.workloadBlocks != 7 {
		t.Errorf("workloads %q (want manifest order), blocks %d", cfg.workloads, cfg.workloadBlocks)
	}
	for _, none := range []string{"none", ""} {
		cfg, err = parseFlags([]string{"--trie", "ubt", "--entries", "1", "--out", out, "--workloads", none})
		if err != nil || len(cfg.workloads) != 0 {
			t.Errorf("--workloads %q: %v, %q", none, err, cfg.workloads)
		}
	}
	cfg, err = parseFlags([]string{"--trie=mpt", "--entries=5", "--out", out, "--seed", "9", "--gas-target", "2000000", "--force"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.trie != statekind.MPT || cfg.seed != 9 || cfg.gasTarget != 2_000_000 || !cfg.force {
		t.Errorf("unexpected config %+v", cfg)
	}
	cfg, err = parseFlags([]string{"--trie", "mpt", "--entries", "1000", "--out", out, "--shape", "mainnet", "--population", "genesis"})
	if err != nil || cfg.shape != shapeMainnet || cfg.placement != "genesis" || !slices.Contains(cfg.workloads, wlMainnetRead) {
		t.Errorf("--shape mainnet --population genesis: %+v, %v", cfg, err)
	}
	cfg, err = parseFlags([]string{"--trie", "mpt", "--fork", "amsterdam", "--entries", "10", "--out", out})
	if err != nil || cfg.fork != forkAmsterdam {
		t.Errorf("--fork amsterdam: %+v, %v", cfg, err)
	}
	amsterdamMin := fmt.Sprint(forkAmsterdam.gas().minGasTarget())

	tests := []struct {
		args []string
		want string // substring of the error
	}{
		{[]string{"--entries", "10", "--out", out}, "--trie"},
		{[]string{"--trie", "verkle", "--entries", "10", "--out", out}, "--trie"},
		{[]string{"--trie", "UBT", "--entries", "10", "--out", out}, "--trie"},
		{[]string{"--trie", "ubt", "--out", out}, "--entries"},
		{[]string{"--trie", "ubt", "--entries", "0", "--out", out}, "--entries"},
		{[]string{"--trie", "ubt", "--entries", "-3", "--out", out}, "--entries"},
		{[]string{"--trie", "ubt", "--entries", "1e3", "--out", out}, "-entries"},
		{[]string{"--trie", "ubt", "--entries", "99999999999", "--out", out}, "--entries"},
		{[]string{"--trie", "ubt", "--entries", "10"}, "--out"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--gas-target", "100"}, "--gas-target"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--gas-target", "-1"}, "-gas-target"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--seed", "x"}, "-seed"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--bogus"}, "-bogus"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "extra"}, "extra"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workloads", "erc20_transfer"}, "--workloads"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workloads", "sload_benchmark,sload_benchmark"}, "--workloads"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workloads", "all,none"}, "--workloads"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workload-blocks", "0"}, "--workload-blocks"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workload-gas-target", "1000"}, "--workload-gas-target"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--gas-target", "2000000", "--workload-gas-target", "3000000"}, "--workload-gas-target"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workload-blocks", "-2"}, "--workload-blocks"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--workload-blocks", "x"}, "-workload-blocks"},
		{[]string{"--trie", "ubt", "--entries", "3", "--out", out}, "--entries"},
		{[]string{"--trie", "ubt", "--entries", "3", "--out", out, "--workloads", "mixed_sload_sstore"}, "erc20 holder"},
		{[]string{"--trie", "mpt", "--entries", "10", "--out", out, "--fork", "osaka"}, "--fork"},
		{[]string{"--trie", "mpt", "--entries", "10", "--out", out, "--fork", "Amsterdam"}, "--fork"},
		{[]string{"--trie", "ubt", "--entries", "10", "--out", out, "--fork", "amsterdam"}, "--trie mpt"},
		{[]string{"--trie", "mpt", "--entries", "1000", "--out", out, "--shape", "round"}, "--shape"},
		{[]string{"--trie", "mpt", "--entries", "1000", "--out", out, "--shape", "mainnet"}, "--shape mainnet needs --population genesis"},
		{[]string{"--trie", "mpt", "--entries", "50", "--out", out, "--shape", "mainnet", "--population", "genesis"}, "at least 100 entries"},
		{[]string{"--trie", "mpt", "--entries", "1000", "--out", out, "--workloads", "mainnet_read"}, "needs --shape mainnet"},
		{[]string{"--trie", "mpt", "--entries", "1000", "--out", out, "--population", "sideways"}, "--population"},
		// Amsterdam's state gas raises the smallest gas target.
		{[]string{"--trie", "mpt", "--entries", "10", "--out", out, "--fork", "amsterdam", "--gas-target", "200000"}, "--gas-target 200000: must be between " + amsterdamMin},
		{[]string{"--trie", "mpt", "--entries", "10", "--out", out, "--fork", "amsterdam", "--workload-gas-target", "200000"}, "--workload-gas-target 200000: must be between " + amsterdamMin},
	}
	for _, tt := range tests {
		_, err := parseFlags(tt.args)
		if err == nil {
			t.Errorf("%q: no error", tt.args)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %q does not name %q", tt.args, err, tt.want)
		}
	}
}

// TestRunErrors checks that run fails cleanly, without panics or output
// files, on bad command lines and on a non-empty output directory.
func TestRunErrors(t *testing.T) {
	if err := run([]string{"--trie", "xyz", "--entries", "5", "--out", t.TempDir()}, io.Discard); err == nil {
		t.Fatal("bad --trie accepted")
	}
	app := newApp(io.Discard)
	var help strings.Builder
	app.Writer = &help
	if err := app.Run([]string{"dumpgen", "-h"}); err != nil || !strings.Contains(help.String(), "--workload-gas-target") {
		t.Fatalf("-h: error %v, help:\n%s", err, help.String())
	}

	dir := t.TempDir()
	stray := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(stray, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--trie", "mpt", "--entries", "20", "--out", dir}
	err := run(args, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("non-empty --out: got %v, want an error suggesting --force", err)
	}
	if _, err := os.Stat(filepath.Join(dir, dumpmanifest.FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("refused run wrote a manifest")
	}
	if err := run(append(args, "--force"), io.Discard); err != nil {
		t.Fatalf("--force: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, dumpmanifest.FileName)); err != nil {
		t.Fatalf("--force run wrote no manifest: %v", err)
	}
	if _, err := os.Stat(stray); err != nil {
		t.Fatalf("--force removed an unrelated file: %v", err)
	}
	// --out naming a file is refused.
	if err := run([]string{"--trie", "mpt", "--entries", "20", "--out", stray, "--force"}, io.Discard); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Fatalf("--out naming a file: got %v", err)
	}
}
