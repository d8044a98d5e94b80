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
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/record"
	"statelab/tools/bench/slowblock"
)

// The blocks table (blocks.tsv.gz) has one row per block of every run: the
// phase times of geth's per-block JSON, to the microsecond, and the I/O
// counters read as geth logged the block. The runs' figures do not come
// from it (they are in the runs table, exact); the report's per-block
// disk-read shares and the readings' per-block tables do.

// blockColumns are the columns of the blocks table, after the run's key
// columns and the block's index in the run (from 1).
var blockColumns = [][2]string{
	{"total_ms", "timing.total_ms of the per-block JSON, ms to 3 decimals"},
	{"execution_ms", "timing.execution_ms"},
	{"state_read_ms", "timing.state_read_ms"},
	{"state_hash_ms", "timing.state_hash_ms"},
	{"commit_ms", "timing.commit_ms"},
	{"bal_prefetch_ms", "bal.prefetch_ms; empty: the block had no sidecar entry"},
	{"bal_warm_ms", "bal.warm_ms: write-set warming"},
	{"syscr", "read syscalls since the previous block's line (/proc/PID/io; the first block's include start-up)"},
	{"rchar", "bytes returned by read syscalls since the previous block's line"},
	{"read_bytes", "bytes read from storage since the previous block's line"},
	{"disk_read_ops", "the cgroup's disk reads since start, cumulative; -1 without disk accounting, empty without a cgroup"},
}

// blockTiming are the per-block JSON fields the table keeps, in column order.
var blockTiming = []func(e *slowblock.Entry) *float64{
	func(e *slowblock.Entry) *float64 { return &e.Timing.TotalMs },
	func(e *slowblock.Entry) *float64 { return &e.Timing.ExecutionMs },
	func(e *slowblock.Entry) *float64 { return &e.Timing.StateReadMs },
	func(e *slowblock.Entry) *float64 { return &e.Timing.StateHashMs },
	func(e *slowblock.Entry) *float64 { return &e.Timing.CommitMs },
}

// BlockColumns names and describes the columns of the blocks table.
func BlockColumns() [][2]string {
	out := [][2]string{{"study", "id of the study"}, {"workload", "as in runs.tsv"}, {"variant", "as in runs.tsv"},
		{"run", "as in runs.tsv"}, {"block", "index of the block in the run, from 1"}}
	return append(out, blockColumns...)
}

func blocksHeader() []string {
	var h []string
	for _, c := range BlockColumns() {
		h = append(h, c[0])
	}
	return h
}

// formatMs rounds a time to the microsecond.
func formatMs(ms float64) string {
	return strconv.FormatFloat(math.Round(ms*1e3)/1e3, 'f', -1, 64)
}

// blockRows are the rows of a run's blocks.
func blockRows(study string, r *record.Run) [][]string {
	n := max(len(r.Blocks), len(r.BlockIO))
	var rows [][]string
	var prev record.IOSample
	for i := range n {
		row := []string{study, r.Workload, r.Variant, strconv.Itoa(r.Run), strconv.Itoa(i + 1)}
		cells := make([]string, len(blockColumns))
		if i < len(r.Blocks) {
			b := &r.Blocks[i]
			for j, f := range blockTiming {
				cells[j] = formatMs(*f(b))
			}
			if b.BAL != nil {
				cells[5], cells[6] = formatMs(b.BAL.PrefetchMs), formatMs(b.BAL.WarmMs)
			}
		}
		if i < len(r.BlockIO) {
			s := r.BlockIO[i]
			cells[7] = strconv.FormatInt(int64(s.SysCR-prev.SysCR), 10)
			cells[8] = strconv.FormatInt(int64(s.RChar-prev.RChar), 10)
			cells[9] = strconv.FormatInt(int64(s.ReadBytes-prev.ReadBytes), 10)
			if s.Cgroup != nil {
				cells[10] = strconv.FormatInt(s.Cgroup.DiskReadOps, 10)
			}
			prev = s
		}
		rows = append(rows, append(row, cells...))
	}
	return rows
}

// appendBlocks adds a study's blocks to the blocks table as a gzip member
// of its own, the header first in a new file.
func appendBlocks(path string, s *Study) error {
	_, err := os.Stat(path)
	fresh := errors.Is(err, os.ErrNotExist)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	if fresh {
		writeLine(w, blocksHeader())
	}
	for _, r := range s.Runs {
		for _, row := range blockRows(s.ID, r) {
			writeLine(w, row)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readBlocks reads the blocks table into the runs' Blocks and BlockIO.
func readBlocks(path string, runs map[runKey]*record.Run) error {
	rc, err := gzipReader(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && len(runs) == 0 {
			return nil
		}
		return err
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	header := blocksHeader()
	if !sc.Scan() || sc.Text() != strings.Join(header, "\t") {
		return fmt.Errorf("%s: the header is not %s", path, strings.Join(header, " "))
	}
	prev := map[*record.Run]record.IOSample{}
	for line := 2; sc.Scan(); line++ {
		cells := strings.Split(sc.Text(), "\t")
		if len(cells) != len(header) {
			return fmt.Errorf("%s line %d: %d cells, the header has %d", path, line, len(cells), len(header))
		}
		if err := readBlock(cells, runs, prev); err != nil {
			return fmt.Errorf("%s line %d: %v", path, line, err)
		}
	}
	return sc.Err()
}

// readBlock adds one row of the blocks table to its run.
func readBlock(cells []string, runs map[runKey]*record.Run, prev map[*record.Run]record.IOSample) error {
	run, err := strconv.Atoi(cells[3])
	if err != nil {
		return fmt.Errorf("run: %v", err)
	}
	r := runs[runKey{cells[0], cells[1], cells[2], run}]
	if r == nil {
		return fmt.Errorf("no run %s %s %s %d in %s", cells[0], cells[1], cells[2], run, RunsFile)
	}
	block, err := strconv.Atoi(cells[4])
	if want := max(len(r.Blocks), len(r.BlockIO)) + 1; err != nil || block != want {
		return fmt.Errorf("block %q of %s %s run %d, want %d", cells[4], cells[1], cells[2], run, want)
	}
	v := cells[5:]
	if v[0] != "" {
		var e slowblock.Entry
		for j, f := range blockTiming {
			if *f(&e), err = parseFloat(v[j]); err != nil {
				return fmt.Errorf("%s: %v", blockColumns[j][0], err)
			}
		}
		if v[5] != "" {
			e.BAL = &slowblock.BAL{}
			if e.BAL.PrefetchMs, err = parseFloat(v[5]); err != nil {
				return fmt.Errorf("bal_prefetch_ms: %v", err)
			}
			if e.BAL.WarmMs, err = parseFloat(v[6]); err != nil {
				return fmt.Errorf("bal_warm_ms: %v", err)
			}
		}
		r.Blocks = append(r.Blocks, e)
	}
	if v[7] == "" {
		return nil
	}
	s := prev[r]
	var d [3]int64
	for j := range d {
		if d[j], err = strconv.ParseInt(v[7+j], 10, 64); err != nil {
			return fmt.Errorf("%s: %v", blockColumns[7+j][0], err)
		}
	}
	s.SysCR, s.RChar, s.ReadBytes = s.SysCR+uint64(d[0]), s.RChar+uint64(d[1]), s.ReadBytes+uint64(d[2])
	s.Cgroup = nil
	if v[10] != "" {
		ops, err := strconv.ParseInt(v[10], 10, 64)
		if err != nil {
			return fmt.Errorf("disk_read_ops: %v", err)
		}
		s.Cgroup = &cgroup.Sample{DiskReadOps: ops}
	}
	prev[r] = s
	r.BlockIO = append(r.BlockIO, s)
	return nil
}
