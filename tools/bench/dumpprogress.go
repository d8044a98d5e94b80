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

import "bytes"

// dumpgenProgressPrefix starts every progress line dumpgen writes.
var dumpgenProgressPrefix = []byte("dumpgen: generating ")

// lastDumpgenProgress returns the last progress line ("blocks 2126/~2926,
// population, entries ..., elapsed ...") in the dumpgen log at path, reading
// only the log's tail; ok is false when there is none yet.
func lastDumpgenProgress(path string) (line string, ok bool) {
	lines := logTailLines(path)
	for i := len(lines) - 1; i >= 0; i-- {
		if rest, found := bytes.CutPrefix(lines[i], dumpgenProgressPrefix); found {
			return string(rest), true
		}
	}
	return "", false
}

// watchDumpgen reports, every importProgressEvery until stop is closed, the
// last progress line of the dumpgen generating the dump named name into the
// log at path, so that a study's output shows a dump that takes half an hour
// moving. It runs in its own goroutine and returns once stop is closed.
func watchDumpgen(name, path string, progress func(string, ...any), stop <-chan struct{}) {
	everyProgressTick(stop, func() {
		if line, ok := lastDumpgenProgress(path); ok {
			progress("dumpgen %s: %s", name, line)
		}
	})
}
