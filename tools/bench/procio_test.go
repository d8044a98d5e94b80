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

package main

import (
	"os"
	"testing"
)

func TestParseReadBytes(t *testing.T) {
	text := "rchar: 323934931\nwchar: 323929600\nsyscr: 632687\nsyscw: 632675\nread_bytes: 8028160\nwrite_bytes: 4096\ncancelled_write_bytes: 0\n"
	got, err := parseReadBytes([]byte(text))
	if err != nil || got != 8028160 {
		t.Errorf("read_bytes = %d, %v; want 8028160", got, err)
	}
	if _, err := parseReadBytes([]byte("rchar: 1\n")); err == nil {
		t.Error("missing read_bytes parsed")
	}
}

// TestReadBytesSelf reads the test process's own counter.
func TestReadBytesSelf(t *testing.T) {
	if _, err := os.Stat("/proc/self/io"); err != nil {
		t.Skip("no /proc/self/io")
	}
	if _, err := readBytes(os.Getpid()); err != nil {
		t.Fatal(err)
	}
}
