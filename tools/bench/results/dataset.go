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

// Package results keeps bench's results as data: one dataset of every run's
// figures, with the study, statelab commit and machine that made them, from
// which bench regenerates each study's report.md, plots and benchstat.txt
// (Regenerate) and the tables the readings quote: ratios between any two
// variants (Ratios) and medians per block (BlockTable).
//
// A dataset is a directory of three tables, appended to and never
// rewritten but for a new column:
//
//	studies.jsonl  one line per study: its id, commit, recipe (the study
//	               file, or bench ab's command line) and the report's
//	               meta.json (title, scale, baseline, binaries, scale
//	               model, date, machine)
//	runs.tsv       one row per run, warm-ups included: its configuration,
//	               page-cache check, I/O counters, memory bound, and every
//	               metric of tools/bench/metrics (runColumns)
//	blocks.tsv.gz  one row per run and block: phase times and I/O counters
//	               (blockColumns), a gzip member per study
//
// The runs table is plain text that diffs well; the blocks table, thirty
// times as many rows, is compressed. A Dataset is read whole by Load and is
// not safe for concurrent use; Append may not run concurrently with another
// Append to the same directory.
package results

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
)

// The dataset's files, in its directory.
const (
	StudiesFile = "studies.jsonl"
	RunsFile    = "runs.tsv"
	BlocksFile  = "blocks.tsv.gz"
)

// Study is one study's results: how they were made and every run.
type Study struct {
	ID        string      `json:"id"`                   // e.g. "bal/fetch": unique in the dataset
	Commit    string      `json:"commit,omitempty"`     // statelab commit of the bench that ran it, or that recorded its results
	Source    string      `json:"source,omitempty"`     // what made the runs when it was not bench, e.g. "abwarm.py"
	StudyFile string      `json:"study_file,omitempty"` // the study file's text, as it ran
	StudyRef  string      `json:"study_ref,omitempty"`  // else the study file, or Source's script, in this repository: COMMIT:PATH
	Meta      report.Meta `json:"meta"`                 // Meta.Study: the study file's path, or bench ab's command line

	Runs []*record.Run `json:"-"` // in the order they ran, warm-ups included
}

// Dataset is a dataset read whole.
type Dataset struct {
	Dir     string
	Studies []*Study
}

// Study returns the study with the given id, or an error that lists the
// ids there are.
func (d *Dataset) Study(id string) (*Study, error) {
	for _, s := range d.Studies {
		if s.ID == id {
			return s, nil
		}
	}
	var ids []string
	for _, s := range d.Studies {
		ids = append(ids, s.ID)
	}
	return nil, fmt.Errorf("dataset %s has no study %q; it has: %s", d.Dir, id, strings.Join(ids, ", "))
}

// Load reads a dataset: its studies, their runs and the runs' blocks.
func Load(dir string) (*Dataset, error) {
	d := &Dataset{Dir: dir}
	byID := map[string]*Study{}
	studies, err := readStudies(dir)
	if err != nil {
		return nil, err
	}
	for _, s := range studies {
		d.Studies = append(d.Studies, s)
		byID[s.ID] = s
	}
	runs, err := readRuns(filepath.Join(dir, RunsFile), byID)
	if err != nil {
		return nil, err
	}
	if err := readBlocks(filepath.Join(dir, BlocksFile), runs); err != nil {
		return nil, err
	}
	return d, nil
}

// readStudies reads studies.jsonl.
func readStudies(dir string) ([]*Study, error) {
	path := filepath.Join(dir, StudiesFile)
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a results dataset: no %s", dir, StudiesFile)
		}
		return nil, err
	}
	defer f.Close()
	var out []*Study
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		s, err := decodeStudy(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", path, line, err)
		}
		if seen[s.ID] {
			return nil, fmt.Errorf("%s line %d: study %q listed twice", path, line, s.ID)
		}
		seen[s.ID] = true
		out = append(out, s)
	}
	return out, sc.Err()
}

// decodeStudy decodes a line of studies.jsonl; its meta as report.ReadMeta
// would read it.
func decodeStudy(line []byte) (*Study, error) {
	var raw struct {
		Study
		Meta json.RawMessage `json:"meta"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return nil, err
	}
	if raw.ID == "" {
		return nil, errors.New("study without an id")
	}
	s := raw.Study
	meta, err := report.DecodeMeta(raw.Meta)
	if err != nil {
		return nil, fmt.Errorf("study %s: meta: %v", s.ID, err)
	}
	s.Meta = meta
	return &s, nil
}

// Append adds a study and its runs to the dataset in dir, made if missing.
// A study id already there is refused, as are two runs with one
// workload, variant and index, a study without a recipe and one that names
// a path of the machine it ran on.
func Append(dir string, s *Study) error {
	if err := CheckNew(dir, s.ID); err != nil {
		return err
	}
	if err := s.checkPortable(); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	seen := map[runKey]bool{}
	for _, r := range s.Runs {
		k := keyOf(s.ID, r)
		if seen[k] {
			return fmt.Errorf("study %s: two runs of %s %s run %d", s.ID, r.Workload, r.Variant, r.Run)
		}
		seen[k] = true
	}
	// Rows first, the study's line last: a study listed in studies.jsonl
	// has its rows, even if an append was interrupted.
	if err := appendRuns(filepath.Join(dir, RunsFile), s); err != nil {
		return err
	}
	if err := appendBlocks(filepath.Join(dir, BlocksFile), s); err != nil {
		return err
	}
	line, err := json.Marshal(s)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, StudiesFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// CheckNew reports whether a study id can be appended to the dataset in
// dir: a valid id that the dataset (if there is one yet) does not have. A
// run that will append checks it before it measures anything.
func CheckNew(dir, id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	ids, err := studyIDs(dir)
	if err != nil {
		return err
	}
	if slices.Contains(ids, id) {
		return fmt.Errorf("dataset %s already has study %q: give the new one another id (another --out)", dir, id)
	}
	return nil
}

// checkID refuses ids that would not survive a table cell or a path.
func checkID(id string) error {
	if id == "" || strings.ContainsAny(id, "\t\n\r") || strings.HasPrefix(id, "/") || slices.Contains(strings.Split(id, "/"), "..") {
		return fmt.Errorf("study id %q: want a relative path such as bal/fetch", id)
	}
	return nil
}

// studyIDs lists the ids in a dataset's studies.jsonl, none if it has none.
func studyIDs(dir string) ([]string, error) {
	studies, err := readStudies(dir)
	if err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, StudiesFile)); errors.Is(statErr, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var ids []string
	for _, s := range studies {
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// runKey identifies a run in the tables.
type runKey struct {
	study, workload, variant string
	run                      int
}

func keyOf(study string, r *record.Run) runKey {
	return runKey{study, r.Workload, r.Variant, r.Run}
}

// gzipReader opens a file of gzip members as one stream.
func gzipReader(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{zr, f}, nil
}
