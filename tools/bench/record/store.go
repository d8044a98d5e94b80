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
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"statelab/tools/internal/fsutil"
)

// Store keeps one file per run in a directory: the unit in which a study
// spread over cluster jobs is written, resumed and gathered. A run's file
// is present once the run has finished, and only then (it is written to a
// temporary file and renamed into place), so a run killed midway leaves
// nothing behind and runs again on resume. Files of different runs may be
// written concurrently, by different processes on different machines that
// share the directory; one run's file has one writer at a time. Temporary
// files (fsutil.WriteFileAtomic's, ending in .tmp) are not runs.
type Store struct {
	Dir string
}

// FileName is the name of a run's file in a store: its configuration's
// label and its index. Labels are unique within a study.
func FileName(label string, run int) string {
	return strings.NewReplacer("/", "_", " ", "_").Replace(label) + fmt.Sprintf("-run%d.json", run)
}

// Path is where the store keeps a run of a configuration.
func (s Store) Path(label string, run int) string {
	return filepath.Join(s.Dir, FileName(label, run))
}

// Has reports whether the store holds a finished run.
func (s Store) Has(label string, run int) bool {
	_, err := os.Stat(s.Path(label, run))
	return err == nil
}

// Put writes a finished run, replacing a file of the same run.
func (s Store) Put(r *Run) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	blob, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return fsutil.WriteBytesAtomic(s.Path(r.Config.Label(), r.Run), blob)
}

// Get reads a run of a configuration; it fails with fs.ErrNotExist when
// the run has not finished.
func (s Store) Get(label string, run int) (*Run, error) {
	return readRun(s.Path(label, run))
}

// All reads every finished run in the store, ordered by file name; an
// absent directory holds none.
func (s Store) All() ([]*Run, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var runs []*Run
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		r, err := readRun(filepath.Join(s.Dir, e.Name()))
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// readRun reads one run's file and checks that it names itself.
func readRun(path string) (*Run, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Run
	if err := json.Unmarshal(blob, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if want := FileName(r.Config.Label(), r.Run); filepath.Base(path) != want {
		return nil, fmt.Errorf("%s holds run %d of %s, which belongs in %s", path, r.Run, r.Config.Label(), want)
	}
	return &r, nil
}

// SortByRun orders runs by index, then by the order of labels; runs of
// labels not in it go last.
func SortByRun(runs []*Run, labels []string) {
	slices.SortStableFunc(runs, func(a, b *Run) int {
		if a.Run != b.Run {
			return a.Run - b.Run
		}
		return index(labels, a.Config.Label()) - index(labels, b.Config.Label())
	})
}

func index(labels []string, l string) int {
	if i := slices.Index(labels, l); i >= 0 {
		return i
	}
	return len(labels)
}
