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
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// cgroupMount is one mounted cgroup hierarchy, from /proc/self/mountinfo.
type cgroupMount struct {
	Version     int      // 1 or 2
	Point       string   // mount point, e.g. /sys/fs/cgroup/memory
	Root        string   // hierarchy path mounted there: "/" unless in a cgroup namespace
	Controllers []string // v1: the controllers bound to the hierarchy (memory, blkio, ...)
}

// parseMountinfo returns the cgroup hierarchies of a mountinfo text
// (proc(5): ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER).
func parseMountinfo(r io.Reader) ([]cgroupMount, error) {
	var out []cgroupMount
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		sep := slices.Index(fields, "-")
		if sep < 5 || len(fields) < sep+4 {
			continue
		}
		m := cgroupMount{Root: unescapeMount(fields[3]), Point: unescapeMount(fields[4])}
		switch fields[sep+1] {
		case "cgroup":
			m.Version = 1
			for _, opt := range strings.Split(fields[sep+3], ",") {
				if opt != "rw" && opt != "ro" && !strings.Contains(opt, "=") {
					m.Controllers = append(m.Controllers, opt)
				}
			}
		case "cgroup2":
			m.Version = 2
		default:
			continue
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// unescapeMount undoes the octal escapes of mountinfo paths (\040 for a
// space, \011, \012, \134).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// procCgroups is a process's membership, from /proc/PID/cgroup: the path
// of its cgroup in each v1 hierarchy (by controller) and in the v2 one.
type procCgroups struct {
	V1 map[string]string // controller -> path, e.g. memory -> /user.slice
	V2 string            // path in the unified hierarchy, "" if none
}

// parseProcCgroup parses /proc/PID/cgroup (HIERARCHY-ID:CONTROLLERS:PATH).
func parseProcCgroup(r io.Reader) (procCgroups, error) {
	pc := procCgroups{V1: map[string]string{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] == "0" && parts[1] == "" {
			pc.V2 = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			pc.V1[c] = parts[2]
		}
	}
	return pc, sc.Err()
}

// cgroupDir is the directory of a cgroup path in a mounted hierarchy, or ""
// if the mount does not show it (the path lies outside the mounted root).
func (m cgroupMount) cgroupDir(path string) string {
	rel, err := filepath.Rel(m.Root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	return filepath.Join(m.Point, rel)
}

// has reports whether a v1 hierarchy has the controller bound.
func (m cgroupMount) has(controller string) bool {
	return slices.Contains(m.Controllers, controller)
}

// Host is where bench makes the cgroups that bound its runs: the
// hierarchy version, the parent directory of the memory cgroups and, for
// per-cgroup disk read accounting, that of the I/O cgroups and the disk.
type Host struct {
	Version   int
	MemParent string // run cgroups are made here (v2: memory and io together)
	IOParent  string // v1 blkio parent; v2: MemParent if io is enabled there; "" if none
	IODevice  string // MAJ:MIN of the disk under the work directory; "" if unknown
	IONote    string // why per-cgroup disk accounting is off, when it is

	mkdir func(string) error // os.Mkdir; tests stand in for the kernel
	rmdir func(string) error // syscall.Rmdir
}

// Sources are the files a Host is found from; tests replace them.
type Sources struct {
	Mountinfo string // /proc/self/mountinfo
	Self      string // /proc/self/cgroup
	SysDev    string // /sys/dev/block, to find a partition's disk
}

var HostSources = Sources{Mountinfo: "/proc/self/mountinfo", Self: "/proc/self/cgroup", SysDev: "/sys/dev/block"}

// errNoMemoryCgroup is returned when no hierarchy offers the memory controller.
var errNoMemoryCgroup = errors.New("no cgroup memory controller: neither a cgroup v1 hierarchy with memory nor cgroup v2 with memory in cgroup.controllers is mounted")

// FindHost finds where to make run cgroups. On cgroup v1 they go
// below bench's own memory (and blkio) cgroup, so that they count against
// whatever bounds bench itself; on cgroup v2, whose controllers cannot be
// enabled below a cgroup holding processes, below the hierarchy's root.
// parent, if not "", replaces the memory parent (for a delegated subtree).
// work is a directory on the disk whose reads are accounted.
func FindHost(src Sources, parent, work string) (*Host, error) {
	mi, err := os.Open(src.Mountinfo)
	if err != nil {
		return nil, fmt.Errorf("finding cgroup hierarchies: %v", err)
	}
	defer mi.Close()
	mounts, err := parseMountinfo(mi)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", src.Mountinfo, err)
	}
	sf, err := os.Open(src.Self)
	if err != nil {
		return nil, fmt.Errorf("finding bench's cgroup: %v", err)
	}
	defer sf.Close()
	self, err := parseProcCgroup(sf)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", src.Self, err)
	}
	h := &Host{mkdir: func(p string) error { return os.Mkdir(p, 0o755) }, rmdir: syscall.Rmdir}
	h.IODevice, err = DiskOf(work, src.SysDev)
	if err != nil {
		h.IONote = err.Error()
	}
	if v1, ok := findV1(mounts, "memory"); ok {
		h.Version = 1
		if h.MemParent = v1.cgroupDir(self.V1["memory"]); h.MemParent == "" {
			h.MemParent = v1.Point
		}
		if blk, ok := findV1(mounts, "blkio"); ok {
			if h.IOParent = blk.cgroupDir(self.V1["blkio"]); h.IOParent == "" {
				h.IOParent = blk.Point
			}
		} else {
			h.IONote = "no cgroup v1 blkio hierarchy"
		}
	} else if v2, ok := findV2(mounts); ok && hasController(filepath.Join(v2.Point, "cgroup.controllers"), "memory") {
		h.Version = 2
		h.MemParent = v2.Point
	} else {
		return nil, errNoMemoryCgroup
	}
	if parent != "" {
		h.MemParent = parent
	}
	if _, err := os.Stat(h.MemParent); err != nil {
		return nil, fmt.Errorf("cgroup parent: %v", err)
	}
	if h.Version == 2 {
		ctl := filepath.Join(h.MemParent, "cgroup.subtree_control")
		if !hasController(ctl, "memory") {
			return nil, fmt.Errorf("cgroup v2: the memory controller is not enabled for children of %s (%s lacks memory: enable it with `echo +memory > %s`, or give a delegated cgroup with --cgroup-parent)", h.MemParent, ctl, ctl)
		}
		if hasController(ctl, "io") {
			h.IOParent = h.MemParent
		} else if h.IONote == "" {
			h.IONote = ctl + " lacks io"
		}
	}
	if h.IODevice == "" {
		h.IOParent = ""
	}
	return h, nil
}

// findV1 returns the v1 hierarchy with a controller bound.
func findV1(mounts []cgroupMount, controller string) (cgroupMount, bool) {
	for _, m := range mounts {
		if m.Version == 1 && m.has(controller) {
			return m, true
		}
	}
	return cgroupMount{}, false
}

// findV2 returns the unified hierarchy.
func findV2(mounts []cgroupMount) (cgroupMount, bool) {
	for _, m := range mounts {
		if m.Version == 2 {
			return m, true
		}
	}
	return cgroupMount{}, false
}

// hasController reports whether a cgroup.controllers or
// cgroup.subtree_control file lists a controller.
func hasController(path, controller string) bool {
	blob, err := os.ReadFile(path)
	return err == nil && slices.Contains(strings.Fields(string(blob)), controller)
}

// DiskOf returns MAJ:MIN of the whole disk holding dir: per-cgroup I/O
// accounting is kept per disk, and a partition's reads count against its
// disk.
func DiskOf(dir, sysDev string) (string, error) {
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err != nil {
		return "", fmt.Errorf("disk of %s: %v", dir, err)
	}
	dev := fmt.Sprintf("%d:%d", unix.Major(st.Dev), unix.Minor(st.Dev))
	sys := filepath.Join(sysDev, dev)
	if _, err := os.Stat(filepath.Join(sys, "partition")); err == nil {
		real, err := filepath.EvalSymlinks(sys)
		if err != nil {
			return "", fmt.Errorf("disk of partition %s: %v", dev, err)
		}
		blob, err := os.ReadFile(filepath.Join(filepath.Dir(real), "dev"))
		if err != nil {
			return "", fmt.Errorf("disk of partition %s: %v", dev, err)
		}
		return strings.TrimSpace(string(blob)), nil
	}
	if _, err := os.Stat(sys); err != nil {
		return "", fmt.Errorf("%s is on device %s, which is no block device (%v)", dir, dev, err)
	}
	return dev, nil
}
