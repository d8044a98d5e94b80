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
	"os"
	"strings"
	"testing"
)

// A /proc/diskstats of a virtual machine (kernel 6.x, 20 fields per line).
const testDiskstats = `  11       0 sr0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
 253       0 vda 1906117 104772 128812374 1651938 2822841 1964436 561330402 8373043 0 2010468 10268131 0 0 0 0 187652 243149
 253       1 vda1 1905899 104772 128801318 1651897 2822841 1964436 561330402 8373043 0 2010424 10024940 0 0 0 0 0 0
 253      16 vdb 12 0 96 3 0 0 0 0 0 12 3 0 0 0 0 0 0
`

func TestParseDiskstats(t *testing.T) {
	d, err := parseDiskstats([]byte(testDiskstats), 253, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := (DeviceReads{Device: "vda1", Reads: 1905899, Sectors: 128801318, Millis: 1651897}); d != want {
		t.Errorf("vda1: %+v, want %+v", d, want)
	}
	if d, err := parseDiskstats([]byte(testDiskstats), 253, 16); err != nil || d.Device != "vdb" || d.Reads != 12 {
		t.Errorf("vdb: %+v %v", d, err)
	}
	_, err = parseDiskstats([]byte(testDiskstats), 0, 47)
	if err == nil || !strings.Contains(err.Error(), "0:47 is not in /proc/diskstats") {
		t.Errorf("an overlay's anonymous device: %v", err)
	}
	_, err = parseDiskstats([]byte(" 253 0 vda 12 x 96\n"), 253, 0)
	if err == nil || !strings.Contains(err.Error(), "short line") {
		t.Errorf("truncated line: %v", err)
	}
	_, err = parseDiskstats([]byte(" 253 0 vda 12 0 9x6 3 0 0 0\n"), 253, 0)
	if err == nil || !strings.Contains(err.Error(), "vda: field 6") {
		t.Errorf("bad number: %v", err)
	}
}

func TestDeviceReadsSince(t *testing.T) {
	before := DeviceReads{Device: "vda", Reads: 100, Sectors: 800, Millis: 40}
	after := DeviceReads{Device: "vda", Reads: 2100, Sectors: 16800, Millis: 840}
	if d := after.Since(before); d != (DeviceReads{Device: "vda", Reads: 2000, Sectors: 16000, Millis: 800}) {
		t.Fatalf("Since: %+v", d)
	}
}

// TestReadDeviceReads reads this machine's counters for a temporary file,
// when it lives on a block device.
func TestReadDeviceReads(t *testing.T) {
	if _, err := os.Stat("/proc/diskstats"); err != nil {
		t.Skip("no /proc/diskstats")
	}
	d, err := ReadDeviceReads(t.TempDir())
	if err != nil {
		if strings.Contains(err.Error(), "is not in /proc/diskstats") {
			t.Skipf("temporary directory not on a block device: %v", err)
		}
		t.Fatal(err)
	}
	if d.Device == "" {
		t.Errorf("no device name: %+v", d)
	}
}
