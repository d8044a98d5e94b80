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
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"statelab/tools/bench/report"
	"statelab/tools/internal/fsutil"
)

// Regenerate writes a study's results directory into dir from the dataset
// alone, as bench run wrote it: report.md, the plots, benchstat.txt and
// meta.json (report.WriteOutputs), and study.toml when the dataset keeps
// the study file. With only, it writes those files alone (the plots a
// reading shows, say): the directory is made in a temporary one and the
// files named are copied, each of which must be among the outputs.
func Regenerate(s *Study, dir string, only []string) error {
	if len(only) == 0 {
		return writeStudy(s, dir)
	}
	tmp, err := os.MkdirTemp("", "bench-results-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := writeStudy(s, tmp); err != nil {
		return err
	}
	made, err := os.ReadDir(tmp)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range made {
		names = append(names, e.Name())
	}
	for _, name := range only {
		if !slices.Contains(names, name) {
			return fmt.Errorf("study %s has no output %s; it has: %s", s.ID, name, strings.Join(names, ", "))
		}
		if err := copyFile(filepath.Join(dir, name), filepath.Join(tmp, name)); err != nil {
			return err
		}
	}
	return nil
}

// writeStudy writes every output of a study into dir.
func writeStudy(s *Study, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := report.WriteOutputs(dir, s.Meta, s.Runs); err != nil {
		return fmt.Errorf("study %s: %v", s.ID, err)
	}
	if s.StudyFile != "" {
		return os.WriteFile(filepath.Join(dir, report.StudyFile), []byte(s.StudyFile), 0o644)
	}
	return nil
}

// copyFile copies a file over dst, made whole or not at all, with the
// directory of dst.
func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(dst, func(w io.Writer) error {
		_, err := io.Copy(w, in)
		return err
	})
}
