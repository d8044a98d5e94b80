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
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"statelab/tools/bench/cgroup"
	"statelab/tools/bench/command"
)

// TestMonitorBoundKernel bounds a real process on this host's cgroup hierarchy,
// when the test runs as root on one: a 32 MiB bound must hold while the
// process reads 96 MiB through the page cache, and the bound must be
// reached (the page cache reclaimed within the cgroup).
func TestMonitorBoundKernel(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to make cgroups")
	}
	dir := t.TempDir()
	b, err := cgroup.NewBound(cgroup.HostSources, "", dir)
	if err != nil {
		t.Skipf("no usable memory cgroup here: %v", err)
	}
	file := filepath.Join(dir, "data")
	if err := os.WriteFile(file, make([]byte, 96<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	evict(t, file)
	cg, err := b.NewRun(32 << 20) // below cgroup.MinLimit: dd needs little
	if err != nil {
		t.Fatal(err)
	}
	defer cg.Remove()
	argv := cg.Wrap([]string{"dd", "if=" + file, "of=/dev/null", "bs=1M"})
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	mon := startMonitor(cmd.Process.Pid, cg, 5*time.Millisecond)
	command.WaitExited(cmd.Process.Pid)
	last := mon.finish()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	end, err := cg.End()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := cgroup.Verify(cg, mon.observed(), end, *last.Cgroup)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("bound %+v", rec)
	if !rec.Reached || rec.Peak > 32<<20 {
		t.Errorf("bound record %+v: want the 32 MiB bound reached and held", rec)
	}
	if last.ReadBytes < 90<<20 {
		t.Errorf("dd read %d bytes from disk, want the 96 MiB file", last.ReadBytes)
	}
	if cg.IO != "" && rec.End.DiskReadBytes < 90<<20 {
		t.Errorf("cgroup counted %d disk read bytes, want the 96 MiB file", rec.End.DiskReadBytes)
	}
}

// evict drops a file's pages from the page cache.
func evict(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
		t.Fatal(err)
	}
}
