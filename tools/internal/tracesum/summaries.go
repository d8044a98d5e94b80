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
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// loadSummaries reads files written by tracesum --json, in the order given,
// labeling each block by its file's name (and its number, if the file holds
// several): a bench study keeps one such file per traced run.
func loadSummaries(paths []string) ([]labeled, error) {
	if len(paths) == 0 {
		return nil, errors.New("--from-json: give the files written by tracesum --json as arguments")
	}
	var out []labeled
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("--from-json: %v", err)
		}
		var sums []*summary
		if err := json.Unmarshal(data, &sums); err != nil {
			return nil, fmt.Errorf("--from-json: %s: not a tracesum --json file: %v", path, jsonError(data, err))
		}
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		for _, s := range sums {
			if s == nil || len(s.Time) == 0 {
				return nil, fmt.Errorf("--from-json: %s: a summary without a time breakdown (not written by tracesum --json?)", path)
			}
			label := name
			if len(sums) > 1 {
				label += " · " + blockLabel(s)
			}
			out = append(out, labeled{Label: label, summary: s})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--from-json: no summaries in %s", strings.Join(paths, ", "))
	}
	return out, nil
}
