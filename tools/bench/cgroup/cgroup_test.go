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

package cgroup

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeKernel stands in for the kernel's cgroup file systems in a temporary
// directory: mkdir makes a cgroup with the control files the kernel would
// create, holding the given contents.
type fakeKernel struct {
	t       *testing.T
	version int
	files   map[string]string // control file -> content of a new cgroup
}

// v1Files are the files of a new cgroup v1 memory or blkio cgroup.
var v1Files = map[string]string{
	"cgroup.procs":                    "",
	"memory.limit_in_bytes":           "9223372036854771712\n",
	"memory.usage_in_bytes":           "0\n",
	"memory.max_usage_in_bytes":       "0\n",
	"memory.failcnt":                  "0\n",
	"memory.oom_control":              "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n",
	"memory.stat":                     "cache 0\nrss 0\nrss_huge 0\nworkingset_refault_file 0\n",
	"blkio.throttle.read_bps_device":  "",
	"blkio.throttle.io_serviced":      "Total 0\n",
	"blkio.throttle.io_service_bytes": "Total 0\n",
}

// v2Files are the files of a new cgroup v2 cgroup with memory and io.
var v2Files = map[string]string{
	"cgroup.procs":    "",
	"memory.max":      "max\n",
	"memory.swap.max": "max\n",
	"memory.current":  "0\n",
	"memory.peak":     "0\n",
	"memory.events":   "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n",
	"memory.stat":     "anon 0\nfile 0\nworkingset_refault_file 0\n",
	"io.stat":         "",
}

func (k *fakeKernel) mkdir(dir string) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	for name, content := range k.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			k.t.Fatal(err)
		}
	}
	return nil
}

// rmdir removes a fake cgroup with its files.
func (k *fakeKernel) rmdir(dir string) error {
	return os.RemoveAll(dir)
}

// write sets a control file of a fake cgroup, as the kernel updates it.
func write(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fakeHost builds a fake hierarchy of the given version: mountinfo and
// /proc/self/cgroup texts placing the test inside cgroup /job, and the
// cgroup directories.
func fakeHost(t *testing.T, version int, subtree string) (Sources, *fakeKernel) {
	t.Helper()
	root := t.TempDir()
	src := Sources{Mountinfo: filepath.Join(root, "mountinfo"), Self: filepath.Join(root, "cgroup"), SysDev: "/sys/dev/block"}
	k := &fakeKernel{t: t, version: version, files: v1Files}
	var mountinfo, self string
	switch version {
	case 1:
		mem, blk := filepath.Join(root, "memory"), filepath.Join(root, "blkio")
		for _, d := range []string{filepath.Join(mem, "job"), filepath.Join(blk, "job")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		mountinfo = fmt.Sprintf("31 23 0:28 / %s rw,relatime - tmpfs tmpfs rw\n35 31 0:32 / %s rw,relatime - cgroup cgroup rw,memory\n38 31 0:35 / %s rw,relatime - cgroup cgroup rw,blkio\n", root, mem, blk)
		self = "9:name=systemd:/\n7:blkio:/job\n4:memory:/job\n0::/\n"
	case 2:
		k.files = v2Files
		unified := filepath.Join(root, "unified")
		if err := os.MkdirAll(filepath.Join(unified, "job"), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, unified, "cgroup.controllers", "cpuset cpu io memory pids\n")
		write(t, unified, "cgroup.subtree_control", subtree)
		mountinfo = fmt.Sprintf("41 31 0:38 / %s rw,relatime - cgroup2 cgroup2 rw,nsdelegate\n", unified)
		self = "0::/job\n"
	}
	write(t, root, "mountinfo", mountinfo)
	write(t, root, "cgroup", self)
	return src, k
}

// findFake finds the host of a fake hierarchy, with the fake kernel's mkdir.
func findFake(t *testing.T, src Sources, k *fakeKernel, parent string) *Host {
	t.Helper()
	h, err := FindHost(src, parent, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h.mkdir, h.rmdir = k.mkdir, k.rmdir
	return h
}

func TestParseMountinfo(t *testing.T) {
	text := `31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
35 31 0:32 /job /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
38 31 0:35 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio
40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd
41 31 0:38 / /sys/fs/cgroup/my\040unified rw,relatime - cgroup2 cgroup2 rw,nsdelegate
`
	mounts, err := parseMountinfo(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(mounts) != 4 {
		t.Fatalf("%d cgroup mounts, want 4: %+v", len(mounts), mounts)
	}
	mem, ok := findV1(mounts, "memory")
	if !ok || mem.Root != "/job" || mem.Point != "/sys/fs/cgroup/memory" {
		t.Errorf("memory hierarchy %+v", mem)
	}
	if d := mem.cgroupDir("/job/run"); d != "/sys/fs/cgroup/memory/run" {
		t.Errorf("cgroup /job/run in a mount of /job: %q", d)
	}
	if d := mem.cgroupDir("/other"); d != "" {
		t.Errorf("cgroup outside the mounted root: %q, want none", d)
	}
	if sd := mounts[2]; sd.has("name=systemd") || len(sd.Controllers) != 1 || sd.Controllers[0] != "xattr" {
		t.Errorf("systemd hierarchy controllers %v", sd.Controllers)
	}
	if v2, ok := findV2(mounts); !ok || v2.Point != "/sys/fs/cgroup/my unified" {
		t.Errorf("unified hierarchy %+v (escaped space)", v2)
	}
}

func TestParseProcCgroup(t *testing.T) {
	pc, err := parseProcCgroup(strings.NewReader("9:name=systemd:/\n5:cpu,cpuacct:/a\n4:memory:/process_api/x\n0::/user.slice\n"))
	if err != nil {
		t.Fatal(err)
	}
	if pc.V1["memory"] != "/process_api/x" || pc.V1["cpuacct"] != "/a" || pc.V2 != "/user.slice" {
		t.Errorf("parsed %+v", pc)
	}
}

// TestCgroupV1 makes, fills, reads and removes a run cgroup on a fake
// cgroup v1 layout: memory and blkio hierarchies, below bench's own cgroup.
func TestCgroupV1(t *testing.T) {
	src, k := fakeHost(t, 1, "")
	h := findFake(t, src, k, "")
	if h.Version != 1 || filepath.Base(h.MemParent) != "job" || filepath.Base(filepath.Dir(h.IOParent)) != "blkio" {
		t.Fatalf("host %+v: want v1 below the job's memory and blkio cgroups", h)
	}
	cg, err := h.create("run1", 256<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, cg.Mem, "memory.limit_in_bytes"); got != "268435456" {
		t.Errorf("limit file %q", got)
	}
	if got := readFile(t, cg.IO, "blkio.throttle.read_bps_device"); got != h.IODevice+" 1125899906842624" {
		t.Errorf("blkio rule %q, want an unthrottling rule on %s", got, h.IODevice)
	}
	argv := cg.Wrap([]string{"geth", "import", "x.rlp"})
	want := []string{filepath.Join(cg.Mem, "cgroup.procs"), filepath.Join(cg.IO, "cgroup.procs"), "--", "geth", "import", "x.rlp"}
	if argv[0] != "/bin/sh" || strings.Join(argv[4:], " ") != strings.Join(want, " ") {
		t.Errorf("wrapped command %q", argv)
	}
	// The kernel's figures during and after a run.
	write(t, cg.Mem, "memory.usage_in_bytes", "200000000\n")
	write(t, cg.Mem, "memory.stat", "cache 150000000\nrss 40000000\nrss_huge 2097152\nmapped_file 0\nworkingset_refault_file 321\n")
	write(t, cg.IO, "blkio.throttle.io_serviced", h.IODevice+" Read 1234\n"+h.IODevice+" Write 5\nTotal 1239\n")
	write(t, cg.IO, "blkio.throttle.io_service_bytes", h.IODevice+" Read 9000000\nTotal 9000000\n")
	s, err := cg.Sample()
	if err != nil {
		t.Fatal(err)
	}
	if s != (Sample{Usage: 200000000, File: 150000000, Anon: 42097152, RefaultFile: 321, DiskReadOps: 1234, DiskReadBytes: 9000000}) {
		t.Errorf("sample %+v", s)
	}
	write(t, cg.Mem, "memory.max_usage_in_bytes", "268000000\n")
	write(t, cg.Mem, "memory.failcnt", "17\n")
	end, err := cg.End()
	if err != nil {
		t.Fatal(err)
	}
	if end != (End{Limit: 256 << 20, Peak: 268000000, LimitHits: 17}) {
		t.Errorf("end %+v", end)
	}
	if !cg.Holds([]byte("7:blkio:/job/run1\n4:memory:/job/run1\n0::/\n")) || cg.Holds([]byte("4:memory:/job\n")) {
		t.Error("membership from /proc/PID/cgroup misread")
	}
	if err := cg.Remove(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{cg.Mem, cg.IO} {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s not removed", d)
		}
	}
}

// TestCgroupV2 does the same on a fake unified hierarchy, below its root.
func TestCgroupV2(t *testing.T) {
	src, k := fakeHost(t, 2, "cpu io memory\n")
	h := findFake(t, src, k, "")
	if h.Version != 2 || filepath.Base(h.MemParent) != "unified" || h.IOParent != h.MemParent {
		t.Fatalf("host %+v: want v2 at the hierarchy's root, with io", h)
	}
	cg, err := h.create("run1", 512<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, cg.Mem, "memory.max"); got != "536870912" {
		t.Errorf("memory.max %q", got)
	}
	if got := readFile(t, cg.Mem, "memory.swap.max"); got != "0" {
		t.Errorf("memory.swap.max %q, want 0", got)
	}
	if files := cg.procsFiles(); len(files) != 1 {
		t.Errorf("procs files %v, want the one cgroup", files)
	}
	write(t, cg.Mem, "memory.current", "300000000\n")
	write(t, cg.Mem, "memory.stat", "anon 50000000\nfile 240000000\nkernel 1000\nworkingset_refault_file 9\n")
	write(t, cg.Mem, "io.stat", "8:16 rbytes=1 wbytes=2 rios=3 wios=4\n"+h.IODevice+" rbytes=4096000 wbytes=0 rios=1000 wios=0 dbytes=0 dios=0\n")
	s, err := cg.Sample()
	if err != nil {
		t.Fatal(err)
	}
	if s != (Sample{Usage: 300000000, File: 240000000, Anon: 50000000, RefaultFile: 9, DiskReadOps: 1000, DiskReadBytes: 4096000}) {
		t.Errorf("sample %+v", s)
	}
	write(t, cg.Mem, "memory.peak", "536000000\n")
	write(t, cg.Mem, "memory.events", "low 0\nhigh 0\nmax 42\noom 1\noom_kill 1\n")
	end, err := cg.End()
	if err != nil {
		t.Fatal(err)
	}
	if end != (End{Limit: 512 << 20, Peak: 536000000, LimitHits: 42, OOMKills: 1}) {
		t.Errorf("end %+v", end)
	}
	if !cg.Holds([]byte("0::/run1\n")) || cg.Holds([]byte("0::/job\n")) {
		t.Error("membership from /proc/PID/cgroup misread")
	}
	// A kernel without memory.peak (before Linux 5.19).
	os.Remove(filepath.Join(cg.Mem, "memory.peak"))
	if end, err := cg.End(); err != nil || end.Peak != -1 {
		t.Errorf("end without memory.peak: %+v, %v; want peak -1", end, err)
	}
	if err := cg.Remove(); err != nil {
		t.Fatal(err)
	}
}

// TestCgroupRefusals checks that bench refuses, with an error that says
// why, to run where it cannot bound memory.
func TestCgroupRefusals(t *testing.T) {
	t.Run("v2 without memory delegated", func(t *testing.T) {
		src, _ := fakeHost(t, 2, "cpu io\n")
		_, err := FindHost(src, "", t.TempDir())
		if err == nil || !strings.Contains(err.Error(), "memory controller is not enabled") || !strings.Contains(err.Error(), "cgroup.subtree_control") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("no memory controller", func(t *testing.T) {
		src, _ := fakeHost(t, 2, "memory\n")
		write(t, filepath.Dir(src.Mountinfo), "unified/cgroup.controllers", "cpu io\n")
		if _, err := FindHost(src, "", t.TempDir()); err != errNoMemoryCgroup {
			t.Errorf("error %v, want errNoMemoryCgroup", err)
		}
		write(t, filepath.Dir(src.Mountinfo), "mountinfo", "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n")
		if _, err := FindHost(src, "", t.TempDir()); err != errNoMemoryCgroup {
			t.Errorf("no cgroup mount: error %v, want errNoMemoryCgroup", err)
		}
	})
	t.Run("parent missing", func(t *testing.T) {
		src, _ := fakeHost(t, 1, "")
		if _, err := FindHost(src, "/nonexistent/cgroup", t.TempDir()); err == nil || !strings.Contains(err.Error(), "cgroup parent") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("permission", func(t *testing.T) {
		src, k := fakeHost(t, 1, "")
		h := findFake(t, src, k, "")
		h.mkdir = func(string) error { return os.ErrPermission }
		_, err := h.create("run1", 256<<20)
		if err == nil || !strings.Contains(err.Error(), "need root") {
			t.Errorf("error %v, want one saying root is needed", err)
		}
	})
	t.Run("limit not held", func(t *testing.T) {
		src, k := fakeHost(t, 1, "")
		h := findFake(t, src, k, "")
		// A kernel that rejects the write: the limit file is no file.
		k.files = map[string]string{"cgroup.procs": ""}
		mkdir := k.mkdir
		h.mkdir = func(dir string) error {
			if err := mkdir(dir); err != nil {
				return err
			}
			return os.Mkdir(filepath.Join(dir, "memory.limit_in_bytes"), 0o755)
		}
		if _, err := h.create("run1", 256<<20); err == nil || !strings.Contains(err.Error(), "memory.limit_in_bytes") {
			t.Errorf("error %v, want one naming the limit file", err)
		}
		if _, err := os.Stat(filepath.Join(h.MemParent, "run1")); !os.IsNotExist(err) {
			t.Error("the failed cgroup was left behind")
		}
	})
	t.Run("limit below minimum", func(t *testing.T) {
		if err := CheckLimit(1 << 20); err == nil || !strings.Contains(err.Error(), "below") {
			t.Errorf("error %v", err)
		}
	})
}

func TestLimitHeld(t *testing.T) {
	for _, tt := range []struct {
		held, wrote int64
		ok          bool
	}{
		{268435456, 268435456, true},
		{268435456, 268435456 + 100, true}, // rounded down to a page
		{268435456 - 4096, 268435456, false},
		{9223372036854771712, 268435456, false}, // unchanged: no limit
		{-1, 268435456, false},                  // v2 "max"
	} {
		if got := limitHeld(tt.held, tt.wrote); got != tt.ok {
			t.Errorf("limitHeld(%d, %d) = %v, want %v", tt.held, tt.wrote, got, tt.ok)
		}
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(blob))
}
