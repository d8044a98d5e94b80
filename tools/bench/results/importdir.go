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

package results

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"statelab/tools/bench/record"
	"statelab/tools/bench/report"
)

// ReadDir reads a results directory that bench run or bench ab wrote into a
// study with the given id: its runs (runs.json, or runs.json.gz), their
// figures computed by tools/bench/metrics, its meta.json, and its study
// file (study.toml), which bench run keeps beside them. When the meta names
// no machine, the one in report.md's protocol is taken, else this machine.
func ReadDir(dir, id string) (*Study, error) {
	runs, err := readRunsJSON(dir)
	if err != nil {
		return nil, err
	}
	meta, err := report.ReadMeta(filepath.Join(dir, "meta.json"))
	if err != nil {
		return nil, err
	}
	if meta.Machine == "" {
		meta.Machine = reportMachine(filepath.Join(dir, "report.md"))
	}
	s := &Study{ID: id, Meta: meta, Runs: runs}
	if blob, err := os.ReadFile(filepath.Join(dir, report.StudyFile)); err == nil {
		s.StudyFile = string(blob)
	}
	for _, r := range runs {
		if r.Config.Workload != r.Workload {
			return nil, fmt.Errorf("%s: run %d of %s has workload %q in its config", dir, r.Run, r.Workload, r.Config.Workload)
		}
		r.Figures = Figures(r)
	}
	return s, nil
}

// readRunsJSON reads runs.json, or runs.json.gz, of a results directory.
func readRunsJSON(dir string) ([]*record.Run, error) {
	path := filepath.Join(dir, "runs.json")
	if _, err := os.Stat(path); err == nil {
		return record.Read(path)
	}
	f, err := os.Open(path + ".gz")
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s has neither runs.json nor runs.json.gz", dir)
		}
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s.gz: %v", path, err)
	}
	var runs []*record.Run
	if err := json.NewDecoder(zr).Decode(&runs); err != nil {
		return nil, fmt.Errorf("%s.gz: %v", path, err)
	}
	return runs, nil
}

// protocolLine is the report's protocol line that names the machine.
var protocolLine = regexp.MustCompile("^- study `.*`, generated \\S+ on (.+)$")

// reportMachine is the machine a report.md names, or this machine.
func reportMachine(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return report.ThisMachine()
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := protocolLine.FindStringSubmatch(sc.Text()); m != nil {
			return m[1]
		}
	}
	return report.ThisMachine()
}

// RunsFileOf is the runs file of a results directory: runs.json, or
// runs.json.gz if only it is there.
func RunsFileOf(dir string) string {
	path := filepath.Join(dir, "runs.json")
	if _, err := os.Stat(path); err != nil {
		return path + ".gz"
	}
	return path
}

// StudyID is the id of a results directory in a dataset: its path relative
// to the dataset's parent directory when it lies below it (docs/results/bal
// for the dataset docs/results/dataset is "bal"), else its base name.
func StudyID(dataset, dir string) string {
	parent, err1 := filepath.Abs(filepath.Dir(filepath.Clean(dataset)))
	abs, err2 := filepath.Abs(dir)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(parent, abs); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.Base(filepath.Clean(dir))
}
