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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/iostat"
	"statelab/tools/bench/metrics"
	"statelab/tools/bench/record"
	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/statekind"
)

// The runs table (runs.tsv) has one row per run, a column per field of its
// record but the per-block ones, then one per metric, then the figures of
// other tools. An empty cell is a field the run does not have: no memory
// bound, no device counters, a metric that is NaN.

// column is one column of the runs table: its header name, what it holds,
// and how a run's record gives and takes its text.
type column struct {
	name, doc string
	get       func(r *record.Run) string             // "" when the run has no such field
	set       func(r *record.Run, text string) error // text is not empty
}

// field points at a field of a run's record; alloc makes the optional
// struct holding it, without which a nil pointer means the run has none.
type field[T any] func(r *record.Run, alloc bool) *T

// plain is a field every record has.
func plain[T any](f func(r *record.Run) *T) field[T] {
	return func(r *record.Run, _ bool) *T { return f(r) }
}

// inBound is a field of the memory bound's record.
func inBound[T any](f func(b *cgroup.BoundRecord) *T) field[T] {
	return func(r *record.Run, alloc bool) *T {
		if r.Bound == nil {
			if !alloc {
				return nil
			}
			r.Bound = &cgroup.BoundRecord{}
		}
		return f(r.Bound)
	}
}

// inDevice is a field of the device's read counters.
func inDevice[T any](f func(d *iostat.DeviceReads) *T) field[T] {
	return func(r *record.Run, alloc bool) *T {
		if r.Device == nil {
			if !alloc {
				return nil
			}
			r.Device = &iostat.DeviceReads{}
		}
		return f(r.Device)
	}
}

// typed makes a column of a field with its text form.
func typed[T any](name, doc string, f field[T], format func(T) string, parse func(string) (T, error)) column {
	return column{name: name, doc: doc,
		get: func(r *record.Run) string {
			if p := f(r, false); p != nil {
				return format(*p)
			}
			return ""
		},
		set: func(r *record.Run, text string) error {
			v, err := parse(text)
			if err != nil {
				return err
			}
			*f(r, true) = v
			return nil
		},
	}
}

func strCol(name, doc string, f field[string]) column {
	return typed(name, doc, f, func(s string) string { return s }, func(s string) (string, error) { return s, nil })
}

func intCol(name, doc string, f field[int]) column {
	return typed(name, doc, f, strconv.Itoa, strconv.Atoi)
}

func i64Col(name, doc string, f field[int64]) column {
	return typed(name, doc, f, func(v int64) string { return strconv.FormatInt(v, 10) },
		func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) })
}

func u64Col(name, doc string, f field[uint64]) column {
	return typed(name, doc, f, func(v uint64) string { return strconv.FormatUint(v, 10) },
		func(s string) (uint64, error) { return strconv.ParseUint(s, 10, 64) })
}

func f64Col(name, doc string, f field[float64]) column {
	return typed(name, doc, f, formatFloat, parseFloat)
}

func boolCol(name, doc string, f field[bool]) column {
	return typed(name, doc, f, strconv.FormatBool, strconv.ParseBool)
}

// jsonCol holds a list or map as compact JSON; empty when it is nil.
func jsonCol[T any](name, doc string, f func(r *record.Run) *T, empty func(T) bool) column {
	return column{name: name, doc: doc,
		get: func(r *record.Run) string {
			if empty(*f(r)) {
				return ""
			}
			blob, _ := json.Marshal(*f(r))
			return string(blob)
		},
		set: func(r *record.Run, text string) error { return json.Unmarshal([]byte(text), f(r)) },
	}
}

// formatFloat is the shortest text that parses back to the same float.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// keyColumns identify a run: the study, then the run's workload, variant
// and index.
var keyColumns = []string{"study", "workload", "variant", "run"}

// recordColumns are the record's fields, after the study column.
var recordColumns = []column{
	strCol("workload", "workload of the run (dumpgen's, or a [chain]'s)", plain(func(r *record.Run) *string { return &r.Workload })),
	strCol("variant", "configuration label without the workload, e.g. ubt-gd5, mpt-bal-type1", plain(func(r *record.Run) *string { return &r.Variant })),
	intCol("run", "index of the run in its configuration, from 0", plain(func(r *record.Run) *int { return &r.Run })),
	boolCol("warm_up", "the configuration's first run, left out of the statistics", plain(func(r *record.Run) *bool { return &r.WarmUp })),
	typed("trie", "ubt or mpt", plain(func(r *record.Run) *statekind.Trie { return &r.Config.Trie }), statekind.Trie.String, statekind.ParseTrie),
	intCol("group_depth", "binary trie group depth; 0 on MPT", plain(func(r *record.Run) *int { return &r.Config.GroupDepth })),
	strCol("bal", "BAL sidecar type: none, type1, type3, type4", plain(func(r *record.Run) *string { return &r.Config.BAL })),
	strCol("telemetry", "telemetry level; empty: off", plain(func(r *record.Run) *string { return &r.Config.Telemetry })),
	typed("cache", "cold or warm page cache, as configured", plain(func(r *record.Run) *statekind.Cache { return &r.Config.Cache }), statekind.Cache.String, statekind.ParseCache),
	strCol("geth", "name of the geth binary in the study", plain(func(r *record.Run) *string { return &r.Config.Geth.Name })),
	strCol("geth_path", "its path, as the study gave it", plain(func(r *record.Run) *string { return &r.Config.Geth.Path })),
	jsonCol("geth_args", "its extra import flags, a JSON list", func(r *record.Run) *[]string { return &r.Config.Geth.Args }, func(a []string) bool { return len(a) == 0 }),
	strCol("geth_prepare", "the binary that prepared its datadirs; empty: itself", plain(func(r *record.Run) *string { return &r.Config.Geth.Prepare })),
	boolCol("geth_groupdepth_flag", "--bintrie.groupdepth passed on binary-trie imports", plain(func(r *record.Run) *bool { return &r.Config.Geth.GroupDepthFlag })),
	typed("cache_state", "page cache the run was verified to start with: cold or warm", plain(func(r *record.Run) *statekind.Cache { return &r.Cache.State }), statekind.Cache.String, statekind.ParseCache),
	i64Col("resident_before", "datadir bytes in the page cache before the drop (or read-in)", plain(func(r *record.Run) *int64 { return &r.Cache.ResidentBefore })),
	i64Col("resident_after", "datadir bytes in the page cache after it (mincore)", plain(func(r *record.Run) *int64 { return &r.Cache.ResidentAfter })),
	i64Col("datadir_bytes", "size of the datadir copy", plain(func(r *record.Run) *int64 { return &r.Cache.DatadirBytes })),
	i64Col("mem_cached_after", "Cached of /proc/meminfo after the drop", plain(func(r *record.Run) *int64 { return &r.Cache.MemCachedAfter })),
	u64Col("manifest_slots", "slot reads + writes of the workload file (manifest)", plain(func(r *record.Run) *uint64 { return &r.Slots })),
	u64Col("manifest_slot_reads", "slot reads of the workload file", plain(func(r *record.Run) *uint64 { return &r.SlotReads })),
	u64Col("manifest_slot_writes", "slot writes of the workload file", plain(func(r *record.Run) *uint64 { return &r.SlotWrites })),
	u64Col("manifest_gas", "gas of the workload file", plain(func(r *record.Run) *uint64 { return &r.Gas })),
	i64Col("journal_bytes", "pathdb journal in the datadir copy", plain(func(r *record.Run) *int64 { return &r.Journal })),
	strCol("traces", "tracesum JSON of the run's block traces, relative to the report", plain(func(r *record.Run) *string { return &r.Traces })),
	jsonCol("node_fetches", "trie node fetches by source from the traces, a JSON object", func(r *record.Run) *map[string]int64 { return &r.NodeFetches }, func(m map[string]int64) bool { return m == nil }),
	f64Col("wall_seconds", "import wall time", plain(func(r *record.Run) *float64 { return &r.WallSeconds })),
	u64Col("read_bytes", "/proc/PID/io read_bytes at exit", plain(func(r *record.Run) *uint64 { return &r.ReadBytes })),
	i64Col("rusage_inblock", "getrusage ru_inblock (512-byte blocks)", plain(func(r *record.Run) *int64 { return &r.InBlockIO })),
	u64Col("rchar", "/proc/PID/io rchar at exit: bytes returned by read syscalls", plain(func(r *record.Run) *uint64 { return &r.ProcIO.RChar })),
	u64Col("syscr", "/proc/PID/io syscr at exit: read syscalls", plain(func(r *record.Run) *uint64 { return &r.ProcIO.SysCR })),
	u64Col("proc_read_bytes", "/proc/PID/io read_bytes as sampled with rchar and syscr", plain(func(r *record.Run) *uint64 { return &r.ProcIO.ReadBytes })),
	f64Col("pebble_block_cache_hit_pct", "pebble's block cache hit rate printed at exit", func(r *record.Run, alloc bool) *float64 {
		if r.PebbleBlockHitPct == nil && alloc {
			r.PebbleBlockHitPct = new(float64)
		}
		return r.PebbleBlockHitPct
	}),
	strCol("device", "block device of the datadir", inDevice(func(d *iostat.DeviceReads) *string { return &d.Device })),
	u64Col("device_reads", "reads the device completed over the run (/proc/diskstats)", inDevice(func(d *iostat.DeviceReads) *uint64 { return &d.Reads })),
	u64Col("device_sectors", "sectors it read", inDevice(func(d *iostat.DeviceReads) *uint64 { return &d.Sectors })),
	u64Col("device_ms", "ms it spent reading", inDevice(func(d *iostat.DeviceReads) *uint64 { return &d.Millis })),
	intCol("bound_cgroup_version", "memory cgroup version of a bounded (or accounted) run", inBound(func(b *cgroup.BoundRecord) *int { return &b.Version })),
	i64Col("bound_limit", "its memory limit; 0: accounting only", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Limit })),
	i64Col("bound_peak", "highest usage", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Peak })),
	i64Col("bound_kernel_peak", "the kernel's peak; -1 if it keeps none", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.KernelPeak })),
	i64Col("bound_peak_usage", "highest sampled usage", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Sampled.Usage })),
	i64Col("bound_peak_file", "highest sampled page cache", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Sampled.File })),
	i64Col("bound_peak_anon", "highest sampled process memory", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Sampled.Anon })),
	i64Col("bound_peak_non_file", "highest sampled usage less page cache", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.Sampled.NonFile })),
	i64Col("bound_limit_hits", "reclaims at the limit", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.LimitHits })),
	i64Col("bound_oom_kills", "OOM kills", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.OOMKills })),
	boolCol("bound_reached", "usage met the limit or came within 5% of it", inBound(func(b *cgroup.BoundRecord) *bool { return &b.Reached })),
	intCol("bound_samples", "cgroup readings while geth ran", inBound(func(b *cgroup.BoundRecord) *int { return &b.Samples })),
	i64Col("bound_end_usage", "cgroup usage at exit", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.Usage })),
	i64Col("bound_end_file", "page cache at exit", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.File })),
	i64Col("bound_end_anon", "process memory at exit", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.Anon })),
	i64Col("bound_end_refault_file", "page-cache refaults over the run", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.RefaultFile })),
	i64Col("bound_end_disk_read_ops", "disk reads the cgroup issued; -1 without disk accounting", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.DiskReadOps })),
	i64Col("bound_end_disk_read_bytes", "bytes of those reads; -1 without disk accounting", inBound(func(b *cgroup.BoundRecord) *int64 { return &b.End.DiskReadBytes })),
	strCol("node", "cluster node the run ran on (bench run --slurm); empty for a local run", plain(func(r *record.Run) *string { return &r.Node })),
}

// figureColumn is the column of a metric's figure.
func figureColumn(m metrics.Metric) column {
	return column{name: m.Name, doc: m.Title + " (" + m.Unit + ")",
		get: func(r *record.Run) string {
			if v, ok := r.Figures[m.Name]; ok && !math.IsNaN(v) {
				return formatFloat(v)
			}
			return ""
		},
		set: func(r *record.Run, text string) error {
			v, err := parseFloat(text)
			if err != nil {
				return err
			}
			setFigure(r, m.Name, v)
			return nil
		},
	}
}

// otherColumn holds the figures of a run that are not bench's metrics (a
// run made by another tool, e.g. its process CPU seconds), a JSON object.
var otherColumn = column{name: "other_figures", doc: "figures that are not bench metrics, e.g. cpu_s of abwarm.py runs, a JSON object",
	get: func(r *record.Run) string {
		other := map[string]float64{}
		for name, v := range r.Figures {
			if _, ok := metrics.ByName(name); !ok && !math.IsNaN(v) {
				other[name] = v
			}
		}
		if len(other) == 0 {
			return ""
		}
		blob, _ := json.Marshal(other)
		return string(blob)
	},
	set: func(r *record.Run, text string) error {
		var other map[string]float64
		if err := json.Unmarshal([]byte(text), &other); err != nil {
			return err
		}
		for name, v := range other {
			if _, ok := metrics.ByName(name); ok {
				return fmt.Errorf("%s is a metric, with a column of its own", name)
			}
			setFigure(r, name, v)
		}
		return nil
	},
}

func setFigure(r *record.Run, name string, v float64) {
	if r.Figures == nil {
		r.Figures = map[string]float64{}
	}
	r.Figures[name] = v
}

// Figures computes every metric of a run from its record, NaN ones left
// out, for a run read from runs.json.
func Figures(r *record.Run) map[string]float64 {
	out := map[string]float64{}
	for _, m := range metrics.All() {
		if v := m.Value(r); !math.IsNaN(v) {
			out[m.Name] = v
		}
	}
	return out
}

// runColumns are the columns of the runs table after the study, in order.
func runColumns() []column {
	cols := slices.Clone(recordColumns)
	for _, m := range metrics.All() {
		cols = append(cols, figureColumn(m))
	}
	return append(cols, otherColumn)
}

// RunColumns names and describes the columns of the runs table, in order.
func RunColumns() [][2]string {
	out := [][2]string{{"study", "id of the study (studies.jsonl)"}}
	for _, c := range runColumns() {
		out = append(out, [2]string{c.name, c.doc})
	}
	return out
}

// runsHeader is the header of the runs table.
func runsHeader() []string {
	h := []string{"study"}
	for _, c := range runColumns() {
		h = append(h, c.name)
	}
	return h
}

// headerColumns are the columns of a header, in its order; the study's
// column is the zero column. An unknown name is an error.
func headerColumns(header []string) ([]column, error) {
	byName := map[string]column{"study": {}}
	for _, c := range runColumns() {
		byName[c.name] = c
	}
	cols := make([]column, len(header))
	for i, name := range header {
		c, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("unknown column %s", name)
		}
		cols[i] = c
	}
	return cols, nil
}

// runRow is the cells of a run's row under a header and its columns.
func runRow(study string, r *record.Run, header []string, cols []column) ([]string, error) {
	row := make([]string, len(header))
	for i, c := range cols {
		if header[i] == "study" {
			row[i] = study
			continue
		}
		row[i] = c.get(r)
		if strings.ContainsAny(row[i], "\t\n\r") {
			return nil, fmt.Errorf("study %s, %s %s run %d: column %s has a tab or newline: %q", study, r.Workload, r.Variant, r.Run, header[i], row[i])
		}
	}
	return row, nil
}

// appendRuns adds a study's runs to the runs table, the header first in a
// new file. A file written by a bench with fewer columns is rewritten once
// with this bench's header, its rows unchanged; a new or rewritten file
// appears whole (fsutil.WriteFileAtomic).
func appendRuns(path string, s *Study) error {
	header := runsHeader()
	cols, _ := headerColumns(header)
	var rows [][]string
	for _, r := range s.Runs {
		row, err := runRow(s.ID, r, header, cols)
		if err != nil {
			return err
		}
		rows = append(rows, row)
	}
	old, err := readTable(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fsutil.WriteFileAtomic(path, writeTable(header, rows))
	case err != nil:
		return err
	case !slices.Equal(old.header, header):
		var kept [][]string
		for _, cells := range old.rows {
			row := make([]string, len(header))
			for i, name := range old.header {
				j := slices.Index(header, name)
				if j < 0 {
					return fmt.Errorf("%s has column %s, which this bench does not know: use the bench that wrote it", path, name)
				}
				row[j] = cells[i]
			}
			kept = append(kept, row)
		}
		return fsutil.WriteFileAtomic(path, writeTable(header, append(kept, rows...)))
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := writeTable(nil, rows)(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeTable writes a header, unless it is nil, and rows as TSV lines.
func writeTable(header []string, rows [][]string) func(io.Writer) error {
	return func(out io.Writer) error {
		w := bufio.NewWriter(out)
		if header != nil {
			writeLine(w, header)
		}
		for _, row := range rows {
			writeLine(w, row)
		}
		return w.Flush()
	}
}

func writeLine(w *bufio.Writer, cells []string) {
	w.WriteString(strings.Join(cells, "\t"))
	w.WriteByte('\n')
}

// table is a TSV file read raw.
type table struct {
	header []string
	rows   [][]string
}

// readTable reads a TSV file whose first line is its header; every row
// must have the header's number of cells.
func readTable(path string) (*table, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(blob), "\n"), "\n")
	t := &table{header: strings.Split(lines[0], "\t")}
	for i, line := range lines[1:] {
		cells := strings.Split(line, "\t")
		if len(cells) != len(t.header) {
			return nil, fmt.Errorf("%s line %d: %d cells, the header has %d", path, i+2, len(cells), len(t.header))
		}
		t.rows = append(t.rows, cells)
	}
	return t, nil
}

// readRuns reads the runs table into the studies' runs, by id, and returns
// every run by its key.
func readRuns(path string, studies map[string]*Study) (map[runKey]*record.Run, error) {
	t, err := readTable(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && len(studies) == 0 {
			return nil, nil
		}
		return nil, err
	}
	for _, k := range keyColumns {
		if !slices.Contains(t.header, k) {
			return nil, fmt.Errorf("%s: no column %s", path, k)
		}
	}
	cols, err := headerColumns(t.header)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	runs := map[runKey]*record.Run{}
	for i, cells := range t.rows {
		line := i + 2
		r := &record.Run{Figures: map[string]float64{}}
		var id string
		for j, name := range t.header {
			if name == "study" && cells[j] != "" {
				id = cells[j]
				continue
			}
			if cells[j] == "" {
				if slices.Contains(keyColumns, name) {
					return nil, fmt.Errorf("%s line %d, column %s: empty, but it identifies the run", path, line, name)
				}
				continue
			}
			if err := cols[j].set(r, cells[j]); err != nil {
				return nil, fmt.Errorf("%s line %d, column %s: %v", path, line, name, err)
			}
		}
		r.Config.Workload = r.Workload
		s := studies[id]
		if s == nil {
			return nil, fmt.Errorf("%s line %d: study %q is not in %s (rows left by an interrupted append: remove them)", path, line, id, StudiesFile)
		}
		k := keyOf(id, r)
		if runs[k] != nil {
			return nil, fmt.Errorf("%s line %d: a second row of study %s, %s %s run %d", path, line, id, r.Workload, r.Variant, r.Run)
		}
		runs[k] = r
		s.Runs = append(s.Runs, r)
	}
	return runs, nil
}
