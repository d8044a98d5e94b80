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

//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// tmpfs is a tmpfs of fixed size mounted for one test and unmounted after it.
type tmpfs struct {
	dir string
}

// mountTmpfs mounts a tmpfs of sizeKiB; it skips the test unless it runs as
// root.
func mountTmpfs(t *testing.T, sizeKiB int64) *tmpfs {
	t.Helper()
	if uid := os.Getuid(); uid != 0 {
		t.Skipf("mounting a tmpfs of fixed size needs root (running as uid %d)", uid)
	}
	fs := &tmpfs{dir: filepath.Join(t.TempDir(), "mnt")}
	if err := os.Mkdir(fs.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%dk", sizeKiB), "tmpfs", fs.dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", fs.dir).Run() })
	return fs
}

// resize changes the tmpfs's size, keeping its files.
func (fs *tmpfs) resize(t *testing.T, sizeKiB int64) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", fmt.Sprintf("remount,size=%dk", sizeKiB), fs.dir).CombinedOutput(); err != nil {
		t.Fatalf("remount %s: %v: %s", fs.dir, err, out)
	}
}

// usedKiB returns the space used on the tmpfs.
func (fs *tmpfs) usedKiB(t *testing.T) int64 {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(fs.dir, &st); err != nil {
		t.Fatal(err)
	}
	return int64(st.Blocks-st.Bfree) * st.Bsize / 1024
}

// TestFaultDiskFull imports with every feature on into a datadir on a tmpfs
// too small for it, on MPT and on the binary trie at GD-6, at sizes from a
// tenth to nine tenths of what a clean import uses there. The import must
// fail with "no space left on device", without a panic; after the tmpfs is
// enlarged, the same import must reach the clean import's root, and the
// datadir must open again without repair.
func TestFaultDiskFull(t *testing.T) {
	if uid := os.Getuid(); uid != 0 {
		t.Skipf("mounting a tmpfs of fixed size needs root (running as uid %d)", uid)
	}
	j := startMemoryJaeger(t, filepath.Join(t.TempDir(), "jaeger"), "--max-traces", "200")
	for _, kind := range []string{"mpt", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			f := setupFaultImport(t, kind)
			// What a clean import uses on a tmpfs (pebble's preallocated
			// log counts there as it does on a disk).
			big := mountTmpfs(t, 256<<10)
			datadir := filepath.Join(big.dir, "datadir")
			copyTree(t, f.base, datadir)
			base := big.usedKiB(t)
			mustRun(t, "geth", f.args(datadir, j.otlpHTTP)...)
			need := big.usedKiB(t)
			t.Logf("the base datadir uses %d KiB on a tmpfs, after a clean import %d KiB", base, need)
			for _, tenth := range []int64{1, 3, 5, 7, 9} {
				size := base + (need-base)*tenth/10
				t.Run(fmt.Sprintf("%d-KiB", size), func(t *testing.T) {
					fs := mountTmpfs(t, size)
					datadir := filepath.Join(fs.dir, "datadir")
					copyTree(t, f.base, datadir)
					args := f.args(datadir, j.otlpHTTP)
					res := run(t, "geth", args...)
					if res.code == 0 {
						t.Fatalf("import on a full tmpfs of %d KiB exited 0\n%s", size, tail(res.stderr, 20))
					}
					if strings.Contains(res.stderr, "panic:") || strings.Contains(res.stderr, "goroutine ") {
						t.Errorf("panic trace on a full disk\n%s", tail(res.stderr, 20))
					}
					if !strings.Contains(res.stderr, "no space left on device") {
						t.Fatalf("the error does not say the disk is full\n%s", tail(res.stderr, 20))
					}
					t.Logf("%d KiB: exit %d: %s", size, res.code, lastLine(res.stderr))
					fs.resize(t, 256<<10)
					res = run(t, "geth", args...)
					if res.code != 0 {
						t.Fatalf("import after the tmpfs was enlarged: exit %d\n%s", res.code, tail(res.stderr, 20))
					}
					checkFaultHead(t, f, datadir)
					checkReopens(t, f, datadir)
				})
			}
		})
	}
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
