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

package iostat

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// DeviceReads are the read counters of the block device that holds a run's
// datadir, from /proc/diskstats (the kernel's admin-guide/iostats): reads
// completed, sectors read, and the milliseconds those reads took, summed over
// every request. They are device-wide, so other processes' reads count too; on
// a quiet machine a run's are nearly all of them.
//
// Their ratio is the mean time the device took per read, which tells where a
// cold read was served from: a local SSD answers a random 4 KiB read in tens of
// microseconds, a network or virtual disk in hundreds, and a virtual disk whose
// host still caches the file (a datadir copied just before the run) in between.
type DeviceReads struct {
	Device  string `json:"device"`
	Reads   uint64 `json:"reads"`
	Sectors uint64 `json:"sectors"`
	Millis  uint64 `json:"ms"`
}

// Since returns the counters accumulated between earlier and d.
func (d DeviceReads) Since(earlier DeviceReads) DeviceReads {
	return DeviceReads{Device: d.Device, Reads: d.Reads - earlier.Reads, Sectors: d.Sectors - earlier.Sectors, Millis: d.Millis - earlier.Millis}
}

// ReadDeviceReads reads the counters of the block device holding path.
func ReadDeviceReads(path string) (DeviceReads, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return DeviceReads{}, err
	}
	blob, err := os.ReadFile("/proc/diskstats")
	if err != nil {
		return DeviceReads{}, err
	}
	d, err := parseDiskstats(blob, unix.Major(st.Dev), unix.Minor(st.Dev))
	if err != nil {
		return DeviceReads{}, fmt.Errorf("%s: %v", path, err)
	}
	return d, nil
}

// parseDiskstats finds the device major:minor in the text of /proc/diskstats.
func parseDiskstats(blob []byte, major, minor uint32) (DeviceReads, error) {
	wantMajor, wantMinor := strconv.FormatUint(uint64(major), 10), strconv.FormatUint(uint64(minor), 10)
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) < 3 || string(f[0]) != wantMajor || string(f[1]) != wantMinor {
			continue
		}
		if len(f) < 7 {
			return DeviceReads{}, fmt.Errorf("/proc/diskstats: short line %q", sc.Bytes())
		}
		var v [3]uint64
		for i, col := range []int{3, 5, 6} { // reads completed, sectors read, ms reading
			n, err := strconv.ParseUint(string(f[col]), 10, 64)
			if err != nil {
				return DeviceReads{}, fmt.Errorf("/proc/diskstats %s: field %d: %v", f[2], col+1, err)
			}
			v[i] = n
		}
		return DeviceReads{Device: string(f[2]), Reads: v[0], Sectors: v[1], Millis: v[2]}, nil
	}
	if err := sc.Err(); err != nil {
		return DeviceReads{}, err
	}
	return DeviceReads{}, fmt.Errorf("device %d:%d is not in /proc/diskstats (not a block device: overlay, tmpfs, network file system?)", major, minor)
}
