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
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

// readBytes returns the read_bytes counter of /proc/PID/io: bytes the process
// caused to be fetched from storage.
func readBytes(pid int) (uint64, error) {
	blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return 0, err
	}
	return parseReadBytes(blob)
}

// parseReadBytes extracts read_bytes from the text of /proc/PID/io.
func parseReadBytes(blob []byte) (uint64, error) {
	sc := bufio.NewScanner(bytes.NewReader(blob))
	for sc.Scan() {
		key, val, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if ok && string(key) == "read_bytes" {
			return strconv.ParseUint(string(bytes.TrimSpace(val)), 10, 64)
		}
	}
	return 0, fmt.Errorf("no read_bytes in /proc/PID/io")
}

// ioPoller samples a process's read_bytes until stopped, keeping the last
// value read (the counter disappears when the process is reaped).
type ioPoller struct {
	last atomic.Uint64
	stop chan struct{}
	done chan struct{}
}

// pollIO starts sampling pid every interval.
func pollIO(pid int, interval time.Duration) *ioPoller {
	p := &ioPoller{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if v, err := readBytes(pid); err == nil {
				p.last.Store(v)
			}
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
		}
	}()
	return p
}

// Stop ends sampling and returns the last value read.
func (p *ioPoller) Stop() uint64 {
	close(p.stop)
	<-p.done
	return p.last.Load()
}
