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
)

// ProcIO is a process's I/O counters from /proc/PID/io (proc(5)).
type ProcIO struct {
	RChar     uint64 `json:"rchar"`      // bytes returned by read syscalls, from the page cache or the disk
	SysCR     uint64 `json:"syscr"`      // read syscalls
	ReadBytes uint64 `json:"read_bytes"` // bytes the process caused to be fetched from storage
}

// ReadProcIO reads the I/O counters of a process.
func ReadProcIO(pid int) (ProcIO, error) {
	blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return ProcIO{}, err
	}
	return parseProcIO(blob)
}

// parseProcIO extracts the read counters from the text of /proc/PID/io.
func parseProcIO(blob []byte) (ProcIO, error) {
	var (
		io    ProcIO
		found int
	)
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		key, val, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if !ok {
			continue
		}
		var dst *uint64
		switch string(key) {
		case "rchar":
			dst = &io.RChar
		case "syscr":
			dst = &io.SysCR
		case "read_bytes":
			dst = &io.ReadBytes
		default:
			continue
		}
		v, err := strconv.ParseUint(string(bytes.TrimSpace(val)), 10, 64)
		if err != nil {
			return io, fmt.Errorf("/proc/PID/io %s: %v", key, err)
		}
		*dst = v
		found++
	}
	if found != 3 {
		return io, fmt.Errorf("/proc/PID/io lacks rchar, syscr or read_bytes")
	}
	return io, sc.Err()
}
