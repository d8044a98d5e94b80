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

package record

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"statelab/tools/bench/study"
	"statelab/tools/internal/statekind"
)

func storeRun(wl string, run int) *Run {
	return &Run{Config: study.Config{Trie: statekind.MPT, Workload: wl}, Variant: "mpt", Workload: wl, Run: run}
}

// TestStore checks that a store keeps one file per run, reads back what it
// wrote, reports unfinished runs as absent, replaces a run written again and
// leaves no temporary file.
func TestStore(t *testing.T) {
	s := Store{Dir: filepath.Join(t.TempDir(), "runs")}
	if runs, err := s.All(); err != nil || runs != nil {
		t.Fatalf("absent store: %v, %v", runs, err)
	}
	for _, r := range []*Run{storeRun("uniform_read", 1), storeRun("uniform_read", 0), storeRun("erc20_approve", 1)} {
		if err := s.Put(r); err != nil {
			t.Fatal(err)
		}
	}
	again := storeRun("uniform_read", 1)
	again.WallSeconds = 7
	if err := s.Put(again); err != nil {
		t.Fatal(err)
	}
	label := storeRun("uniform_read", 1).Config.Label()
	if !s.Has(label, 1) || s.Has(label, 2) {
		t.Errorf("Has: run 1 %v, run 2 %v", s.Has(label, 1), s.Has(label, 2))
	}
	if _, err := s.Get(label, 2); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("unfinished run: %v, want fs.ErrNotExist", err)
	}
	got, err := s.Get(label, 1)
	if err != nil || got.WallSeconds != 7 {
		t.Fatalf("run written again: %+v, %v", got, err)
	}
	runs, err := s.All()
	if err != nil || len(runs) != 3 {
		t.Fatalf("All: %d runs, %v", len(runs), err)
	}
	SortByRun(runs, []string{label, storeRun("erc20_approve", 1).Config.Label()})
	if runs[0].Run != 0 || runs[1].Workload != "uniform_read" || runs[2].Workload != "erc20_approve" {
		t.Errorf("sorted: %s %d, %s %d, %s %d", runs[0].Workload, runs[0].Run, runs[1].Workload, runs[1].Run, runs[2].Workload, runs[2].Run)
	}
	entries, _ := os.ReadDir(s.Dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left %s", e.Name())
		}
	}
}

// TestStoreRefusesMisplacedRun checks that a file holding another run than
// its name says is refused, naming both.
func TestStoreRefusesMisplacedRun(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := s.Put(storeRun("uniform_read", 1)); err != nil {
		t.Fatal(err)
	}
	label := storeRun("uniform_read", 1).Config.Label()
	if err := os.Rename(s.Path(label, 1), s.Path(label, 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.All(); err == nil || !strings.Contains(err.Error(), "run 1") || !strings.Contains(err.Error(), "run1.json") {
		t.Errorf("misplaced run: %v", err)
	}
}
