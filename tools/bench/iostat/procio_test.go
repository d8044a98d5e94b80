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
	"testing"
)

func TestParseProcIO(t *testing.T) {
	text := "rchar: 323934931\nwchar: 323929600\nsyscr: 632687\nsyscw: 632675\nread_bytes: 8028160\nwrite_bytes: 4096\ncancelled_write_bytes: 0\n"
	got, err := parseProcIO([]byte(text))
	if err != nil || got != (ProcIO{RChar: 323934931, SysCR: 632687, ReadBytes: 8028160}) {
		t.Errorf("parseProcIO = %+v, %v", got, err)
	}
	if _, err := parseProcIO([]byte("rchar: 1\nsyscr: 2\n")); err == nil {
		t.Error("missing read_bytes parsed")
	}
	if _, err := parseProcIO([]byte("rchar: 1\nsyscr: x\nread_bytes: 3\n")); err == nil {
		t.Error("bad syscr parsed")
	}
}

// TestReadProcIOSelf reads the test process's own counters.
func TestReadProcIOSelf(t *testing.T) {
	if _, err := os.Stat("/proc/self/io"); err != nil {
		t.Skip("no /proc/self/io")
	}
	io, err := ReadProcIO(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if io.SysCR == 0 || io.RChar == 0 {
		t.Errorf("test process has read nothing: %+v", io)
	}
}
