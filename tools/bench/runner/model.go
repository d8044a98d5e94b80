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
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"statelab/tools/bench/bytesize"
	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/report"
	"statelab/tools/bench/study"
)

// applyModel resolves the scale model against a reference prepared
// datadir, sets the memory bound's limit and geth's cache, and returns the
// model for the report. bound must be set if the model bounds memory.
func (h *harness) applyModel(node *study.Node, sc study.Scale, memLimit, gethCache, ref string) (*study.Model, error) {
	refBytes, err := treeBytes(filepath.Join(ref, "datadir"))
	if err != nil {
		return nil, err
	}
	m, err := study.ResolveModel(node, sc, memLimit, gethCache, workName(h.work.Dir, ref), refBytes)
	if err != nil {
		return nil, err
	}
	if disk, err := cgroup.DiskOf(h.work.Dir, cgroup.HostSources.SysDev); err == nil {
		m.Readahead = readaheadKB(cgroup.HostSources.SysDev, disk)
	}
	if m.MemLimit > 0 || m.Calibrate {
		if h.bound == nil {
			return nil, errors.New("internal error: memory limit without a cgroup host")
		}
		if m.MemLimit > 0 {
			if err := cgroup.CheckLimit(m.MemLimit); err != nil {
				return nil, err
			}
		}
		h.progress("memory bound %s per cold run (cgroup v%d under %s), geth --cache %s, reference datadir %s", limitText(m), h.bound.Host().Version, h.bound.Host().MemParent, report.CacheText(m.GethCache), bytesize.MiB(refBytes))
		if h.bound.Host().IOParent == "" {
			h.progress("note: no per-cgroup disk accounting (%s): page-cache hit rates are not measured", h.bound.Host().IONote)
		}
		if m.GethCache == 0 {
			h.progress("warning: geth keeps its default --cache of 4096 MB inside the memory bound: its caches may fill the bound and get it OOM-killed; set geth_cache or --geth-cache")
		}
	}
	h.model = m
	return m, nil
}

// limitText describes a model's memory limit for progress lines.
func limitText(m *study.Model) string {
	if m.Calibrate {
		return fmt.Sprintf("auto (per configuration, calibrated by its warm-up: geth's own memory + %s, %.2f%% of the datadir, of page cache)", bytesize.MiB(m.PageBudget), 100*m.PageShare)
	}
	return bytesize.MiB(m.MemLimit)
}

// treeBytes sums the sizes of the regular files under dir.
func treeBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		n += fi.Size()
		return nil
	})
	return n, err
}

// readaheadKB returns the readahead of a disk (MAJ:MIN), -1 if unknown.
func readaheadKB(sysDev, disk string) int {
	blob, err := os.ReadFile(filepath.Join(sysDev, disk, "queue", "read_ahead_kb"))
	if err != nil {
		return -1
	}
	v, err := strconv.Atoi(strings.TrimSpace(string(blob)))
	if err != nil {
		return -1
	}
	return v
}
