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

// Package cgroup bounds a geth run's memory, page cache included, with a
// memory cgroup of cgroup v1 or v2, and accounts its disk reads where the
// host allows: it finds the hierarchy to make the cgroups in (Host), makes
// and removes one cgroup per run (Group, through a Bound), reads its
// counters, and verifies afterwards that the bound was in force (Verify).
// It reads and writes the kernel's cgroup files only; the runner samples.
package cgroup

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// unthrottledBps is the read limit bench sets on a cgroup v1 blkio cgroup:
// far above any disk, it throttles nothing, but a rule must exist for the
// kernel to count the cgroup's reads in blkio.throttle.io_serviced.
const unthrottledBps = 1 << 50

// Group is the cgroup one geth run is made in: a memory limit on the
// process and its page cache together, and where the host allows, the
// accounting of its disk reads. It is made before geth starts and removed
// after geth exits; it is used by one run at a time and is not safe for
// concurrent use.
type Group struct {
	Version int
	Mem     string // memory cgroup directory (v2: the one cgroup)
	IO      string // v1 blkio cgroup directory, or Mem on v2; "" without disk accounting
	Device  string // MAJ:MIN of the accounted disk
	Limit   int64  // the limit as the kernel holds it; 0 for an accounting cgroup

	rmdir func(string) error // syscall.Rmdir; tests stand in for the kernel
}

// create makes a cgroup named name with a memory limit of limit bytes and
// checks that the kernel holds that limit. A limit of 0 makes a cgroup that
// only accounts: its process's memory and disk reads are measured, not
// bounded.
func (h *Host) create(name string, limit int64) (*Group, error) {
	cg := &Group{Version: h.Version, Mem: filepath.Join(h.MemParent, name), Device: h.IODevice, rmdir: h.rmdir}
	if err := h.mkdir(cg.Mem); err != nil {
		return nil, fmt.Errorf("creating memory cgroup: %v", permissionHint(err))
	}
	if limit > 0 {
		if err := cg.setLimit(limit); err != nil {
			cg.Remove()
			return nil, err
		}
	}
	if h.IOParent != "" {
		if err := cg.setupIO(h, name); err != nil {
			cg.Remove()
			return nil, err
		}
	}
	return cg, nil
}

// setLimit writes the memory limit and checks that the kernel holds it.
func (cg *Group) setLimit(limit int64) error {
	limitFile := cg.limitFile()
	if err := writeCgroupFile(filepath.Join(cg.Mem, limitFile), strconv.FormatInt(limit, 10)); err != nil {
		return err
	}
	if cg.Version == 2 {
		// Without swap the limit binds anon memory and page cache alike;
		// a host with swap would otherwise page geth out instead.
		if swap := filepath.Join(cg.Mem, "memory.swap.max"); fileExists(swap) {
			if err := writeCgroupFile(swap, "0"); err != nil {
				return err
			}
		}
	}
	held, err := readCgroupInt(filepath.Join(cg.Mem, limitFile))
	if err != nil {
		return err
	}
	if !limitHeld(held, limit) {
		return fmt.Errorf("memory cgroup %s: wrote limit %d to %s, the kernel holds %d", cg.Mem, limit, limitFile, held)
	}
	cg.Limit = held
	return nil
}

// limitHeld reports whether the kernel's value of a limit is the one
// written: the kernel rounds it down to whole pages.
func limitHeld(held, wrote int64) bool {
	return held <= wrote && wrote-held < int64(os.Getpagesize())
}

// setupIO makes the cgroup count its disk reads: on v1 a blkio cgroup of
// the same name with a read rule that throttles nothing; v2 counts in
// io.stat once io is enabled in the parent.
func (cg *Group) setupIO(h *Host, name string) error {
	if cg.Version == 2 {
		cg.IO = cg.Mem
		return nil
	}
	dir := filepath.Join(h.IOParent, name)
	if err := h.mkdir(dir); err != nil {
		return fmt.Errorf("creating blkio cgroup: %v", permissionHint(err))
	}
	cg.IO = dir
	rule := fmt.Sprintf("%s %d", cg.Device, int64(unthrottledBps))
	return writeCgroupFile(filepath.Join(dir, "blkio.throttle.read_bps_device"), rule)
}

// limitFile is the memory limit's file.
func (cg *Group) limitFile() string {
	if cg.Version == 1 {
		return "memory.limit_in_bytes"
	}
	return "memory.max"
}

// procsFiles are the files a process writes its PID to in order to join
// the cgroup (one per v1 hierarchy).
func (cg *Group) procsFiles() []string {
	files := []string{filepath.Join(cg.Mem, "cgroup.procs")}
	if cg.IO != "" && cg.IO != cg.Mem {
		files = append(files, filepath.Join(cg.IO, "cgroup.procs"))
	}
	return files
}

// Wrap returns the command line that starts argv inside the cgroup: a
// shell joins the cgroup and then execs the program, so that the program
// is inside from its first instruction and keeps the shell's PID.
func (cg *Group) Wrap(argv []string) []string {
	const script = `while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"`
	out := []string{"/bin/sh", "-c", script, "sh"}
	out = append(out, cg.procsFiles()...)
	out = append(out, "--")
	return append(out, argv...)
}

// Holds reports whether the process pid is in the memory cgroup, from its
// /proc/PID/cgroup.
func (cg *Group) Holds(procCgroup []byte) bool {
	pc, err := parseProcCgroup(bytes.NewReader(procCgroup))
	if err != nil {
		return false
	}
	name := filepath.Base(cg.Mem)
	path := pc.V2
	if cg.Version == 1 {
		path = pc.V1["memory"]
	}
	return path != "" && filepath.Base(path) == name
}

// Sample is one reading of a run cgroup's counters.
type Sample struct {
	Usage         int64 `json:"usage"`           // bytes charged: page cache, anon and kernel memory
	File          int64 `json:"file"`            // page cache (v1 cache, v2 file)
	Anon          int64 `json:"anon"`            // process memory (v1 rss + rss_huge, v2 anon)
	RefaultFile   int64 `json:"refault_file"`    // page-cache misses on pages evicted earlier (workingset_refault_file)
	DiskReadOps   int64 `json:"disk_read_ops"`   // reads issued to the disk; -1 without disk accounting
	DiskReadBytes int64 `json:"disk_read_bytes"` // bytes of those reads; -1 without disk accounting
}

// Sample reads the cgroup's counters.
func (cg *Group) Sample() (Sample, error) {
	s := Sample{DiskReadOps: -1, DiskReadBytes: -1}
	usageFile := "memory.current"
	if cg.Version == 1 {
		usageFile = "memory.usage_in_bytes"
	}
	var err error
	if s.Usage, err = readCgroupInt(filepath.Join(cg.Mem, usageFile)); err != nil {
		return s, err
	}
	stat, err := readKeyed(filepath.Join(cg.Mem, "memory.stat"))
	if err != nil {
		return s, err
	}
	if cg.Version == 1 {
		s.File, s.Anon = stat["cache"], stat["rss"]+stat["rss_huge"]
	} else {
		s.File, s.Anon = stat["file"], stat["anon"]
	}
	s.RefaultFile = stat["workingset_refault_file"]
	if cg.IO != "" {
		if s.DiskReadOps, s.DiskReadBytes, err = cg.diskReads(); err != nil {
			return s, err
		}
	}
	return s, nil
}

// diskReads returns the reads the cgroup issued to its disk.
func (cg *Group) diskReads() (ops, bytes int64, err error) {
	if cg.Version == 2 {
		return readIOStat(filepath.Join(cg.IO, "io.stat"), cg.Device)
	}
	if ops, err = readBlkioRead(filepath.Join(cg.IO, "blkio.throttle.io_serviced"), cg.Device); err != nil {
		return 0, 0, err
	}
	bytes, err = readBlkioRead(filepath.Join(cg.IO, "blkio.throttle.io_service_bytes"), cg.Device)
	return ops, bytes, err
}

// End is what the kernel recorded over the cgroup's life: its peak
// usage, how often the limit was hit and whether it killed.
type End struct {
	Limit     int64 // as held at the end
	Peak      int64 // v1 memory.max_usage_in_bytes, v2 memory.peak; -1 if the kernel has none
	LimitHits int64 // v1 memory.failcnt, v2 memory.events max
	OOMKills  int64 // v1 memory.oom_control oom_kill, v2 memory.events oom_kill
}

// End reads the cgroup's lifetime figures.
func (cg *Group) End() (End, error) {
	var e End
	var err error
	if e.Limit, err = readCgroupInt(filepath.Join(cg.Mem, cg.limitFile())); err != nil {
		return e, err
	}
	if cg.Version == 1 {
		if e.Peak, err = readCgroupInt(filepath.Join(cg.Mem, "memory.max_usage_in_bytes")); err != nil {
			return e, err
		}
		if e.LimitHits, err = readCgroupInt(filepath.Join(cg.Mem, "memory.failcnt")); err != nil {
			return e, err
		}
		oom, err := readKeyed(filepath.Join(cg.Mem, "memory.oom_control"))
		e.OOMKills = oom["oom_kill"]
		return e, err
	}
	e.Peak = -1
	if p := filepath.Join(cg.Mem, "memory.peak"); fileExists(p) {
		if e.Peak, err = readCgroupInt(p); err != nil {
			return e, err
		}
	}
	events, err := readKeyed(filepath.Join(cg.Mem, "memory.events"))
	e.LimitHits, e.OOMKills = events["max"], events["oom_kill"]
	return e, err
}

// Remove deletes the cgroup once its processes have exited. The kernel
// may refuse for a moment after the last exit, so remove retries briefly.
func (cg *Group) Remove() error {
	dirs := []string{cg.Mem}
	if cg.IO != "" && cg.IO != cg.Mem {
		dirs = append(dirs, cg.IO)
	}
	var errs []error
	for _, dir := range dirs {
		if err := rmdirRetry(cg.rmdir, dir, 2*time.Second); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// rmdirRetry removes a cgroup directory, retrying on EBUSY until timeout.
func rmdirRetry(rmdir func(string) error, dir string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := rmdir(dir)
		if err == nil || errors.Is(err, syscall.ENOENT) {
			return nil
		}
		if !errors.Is(err, syscall.EBUSY) || time.Now().After(deadline) {
			return fmt.Errorf("removing cgroup %s: %v", dir, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// writeCgroupFile writes a value to a cgroup control file.
func writeCgroupFile(path, value string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %v", path, permissionHint(err))
	}
	_, err = f.WriteString(value)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %q to %s: %v", value, path, err)
	}
	return nil
}

// readCgroupInt reads a control file holding one integer; "max" (v2: no
// limit) reads as -1.
func readCgroupInt(path string) (int64, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	text := strings.TrimSpace(string(blob))
	if text == "max" {
		return -1, nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", path, err)
	}
	return v, nil
}

// readKeyed reads a "KEY VALUE" per line file (memory.stat, memory.events,
// memory.oom_control); lines whose value is no integer are skipped.
func readKeyed(path string) (map[string]int64, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		if v, err := strconv.ParseInt(f[1], 10, 64); err == nil {
			out[f[0]] = v
		}
	}
	return out, sc.Err()
}

// readBlkioRead returns the Read figure of a device in a cgroup v1
// blkio.throttle file ("MAJ:MIN Read N" lines); 0 if the device has none
// yet (the kernel lists a device after its first I/O).
func readBlkioRead(path, device string) (int64, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == device && f[1] == "Read" {
			return strconv.ParseInt(f[2], 10, 64)
		}
	}
	return 0, sc.Err()
}

// readIOStat returns rios and rbytes of a device in a cgroup v2 io.stat
// ("MAJ:MIN rbytes=N wbytes=N rios=N ..." lines); 0 if the device has none.
func readIOStat(path, device string) (ops, bytes int64, err error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(blob)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != device {
			continue
		}
		for _, kv := range f[1:] {
			k, v, _ := strings.Cut(kv, "=")
			n, _ := strconv.ParseInt(v, 10, 64)
			switch k {
			case "rios":
				ops = n
			case "rbytes":
				bytes = n
			}
		}
	}
	return ops, bytes, sc.Err()
}

// permissionHint adds what to do to a permission error.
func permissionHint(err error) error {
	if errors.Is(err, os.ErrPermission) {
		return fmt.Errorf("%v (memory-bounded runs need root, or write access to the cgroup parent given by --cgroup-parent)", err)
	}
	return err
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
