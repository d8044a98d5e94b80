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

// Package pagecache makes a run's page cache what its study asks for and
// proves it: cold (sync and drop_caches, then at most 1% of the datadir
// resident by mincore(2)) or warm (the datadir read in, at least 90%
// resident). The kernel is behind the Cache interface, so that the checks
// are tested without root.
package pagecache

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Cache is what the harness needs from the kernel's page cache: dropping
// it, and measuring how much of a directory's files it holds.
type Cache interface {
	// Drop writes dirty pages back and evicts the clean ones.
	Drop() error
	// Resident returns the bytes of regular files under dir held in the
	// page cache, and their total size.
	Resident(dir string) (resident, total int64, err error)
}

// Kernel is the Linux page cache: sync plus /proc/sys/vm/drop_caches, and
// mincore(2) on each file for residency.
type Kernel struct {
	dropPath string // /proc/sys/vm/drop_caches
	command  string // shell command that drops the cache instead of writing dropPath; "": write it
}

// NewKernel returns the host's page cache, dropped by writing
// /proc/sys/vm/drop_caches (as root).
func NewKernel() Kernel {
	return Kernel{dropPath: "/proc/sys/vm/drop_caches"}
}

// NewKernelCommand returns the host's page cache, dropped by running a
// shell command (for a user who is not root, e.g. "sudo -n
// /usr/local/sbin/drop-caches" with a sudoers rule for it). The cold check
// that follows every drop is the same, so a command that drops nothing
// fails the run.
func NewKernelCommand(command string) Kernel {
	return Kernel{dropPath: "/proc/sys/vm/drop_caches", command: command}
}

// Drop syncs and asks the kernel to drop the page cache, dentries and inodes.
func (k Kernel) Drop() error {
	unix.Sync()
	if k.command != "" {
		out, err := exec.Command("/bin/sh", "-c", k.command).CombinedOutput()
		if err != nil {
			return fmt.Errorf("dropping the page cache with %q: %v: %s", k.command, err, bytes.TrimSpace(out))
		}
		return nil
	}
	if err := os.WriteFile(k.dropPath, []byte("3\n"), 0); err != nil {
		return fmt.Errorf("writing %s (run as root, or give --drop-caches-cmd): %v", k.dropPath, err)
	}
	return nil
}

// Resident sums mincore(2) residency over the regular files under dir.
func (k Kernel) Resident(dir string) (resident, total int64, err error) {
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		r, size, err := fileResidency(path)
		if err != nil {
			return err
		}
		resident += r
		total += size
		return nil
	})
	return resident, total, err
}

// fileResidency maps a file and counts its pages in the page cache. Mapping
// without touching the pages does not read them in.
func fileResidency(path string) (resident, size int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return 0, 0, err
	}
	size = st.Size()
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return 0, 0, fmt.Errorf("mmap %s: %v", path, err)
	}
	defer unix.Munmap(data)
	page := int64(os.Getpagesize())
	vec := make([]byte, (size+page-1)/page)
	if err := mincore(data, vec); err != nil {
		return 0, 0, fmt.Errorf("mincore %s: %v", path, err)
	}
	for i, v := range vec {
		if v&1 == 0 {
			continue
		}
		if int64(i) == int64(len(vec))-1 {
			resident += size - int64(i)*page // partial last page
		} else {
			resident += page
		}
	}
	return resident, size, nil
}

// mincore reports in vec which pages of the mapping data are resident
// (x/sys/unix has the syscall number but no wrapper on Linux).
func mincore(data, vec []byte) error {
	_, _, errno := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&data[0])), uintptr(len(data)), uintptr(unsafe.Pointer(&vec[0])))
	if errno != 0 {
		return errno
	}
	return nil
}

// WarmFiles reads every regular file under dir so that it is in the page
// cache.
func WarmFiles(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(io.Discard, f)
		return err
	})
}

// memCached returns the Cached figure of /proc/meminfo in bytes, or -1 when
// it cannot be read (it is reported, not relied on: other processes share
// the page cache).
func memCached() int64 {
	blob, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return -1
	}
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		fields := bytes.Fields(sc.Bytes())
		if len(fields) >= 2 && string(fields[0]) == "Cached:" {
			kb, err := strconv.ParseInt(string(fields[1]), 10, 64)
			if err != nil {
				return -1
			}
			return kb * 1024
		}
	}
	return -1
}
