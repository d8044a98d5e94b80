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

package prepare

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// importProgressEvery is how often watchImport reports a running import.
const importProgressEvery = time.Minute

// importedSegment matches geth's log line for an imported chain segment and
// captures the number of its last block (geth writes large numbers with
// thousands separators).
var importedSegment = regexp.MustCompile(`Imported new chain segment\s.*?\bnumber=([0-9,]+)`)

// lastImportedBlock returns the number of the last block that the geth log at
// path reports imported, reading only the log's last 64 KiB; ok is false when
// the log names none yet.
func lastImportedBlock(path string) (number uint64, ok bool) {
	lines := logTailLines(path)
	for i := len(lines) - 1; i >= 0; i-- {
		m := importedSegment.FindSubmatch(lines[i])
		if m == nil {
			continue
		}
		v, err := strconv.ParseUint(strings.ReplaceAll(string(m[1]), ",", ""), 10, 64)
		if err == nil {
			return v, true
		}
	}
	return 0, false
}

// logTailWindow is how much of a growing log the progress watchers read.
const logTailWindow = 64 << 10

// logTailLines returns the lines of the last logTailWindow bytes of the log at
// path (the first may be partial), or nil if it cannot be read.
func logTailLines(path string) [][]byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var off int64
	if st, err := f.Stat(); err == nil && st.Size() > logTailWindow {
		off = st.Size() - logTailWindow
	}
	buf := make([]byte, logTailWindow)
	n, _ := f.ReadAt(buf, off)
	return bytes.Split(buf[:n], []byte{'\n'})
}

// watchImport reports, every importProgressEvery until stop is closed, how far
// the import of the datadir named name, logging to path, has got towards
// block last. It runs in its own goroutine and returns once stop is closed.
func watchImport(name, path string, last uint64, progress func(string, ...any), stop <-chan struct{}) {
	start := time.Now()
	everyProgressTick(stop, func() {
		if n, ok := lastImportedBlock(path); ok && last > 0 {
			progress("population import of %s: block %d of %d (%.0f%%), %s", name, n, last, 100*float64(n)/float64(last), time.Since(start).Round(time.Second))
		}
	})
}

// everyProgressTick calls report every importProgressEvery until stop is
// closed, and returns then. It blocks; the watchers run it in their own
// goroutine.
func everyProgressTick(stop <-chan struct{}, report func()) {
	tick := time.NewTicker(importProgressEvery)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			report()
		}
	}
}

// dumpgenProgressPrefixes start the progress lines dumpgen writes: a dump's
// generation and dumpgen datadir's write.
var dumpgenProgressPrefixes = [][]byte{[]byte("dumpgen: generating "), []byte("dumpgen: writing ")}

// lastDumpgenProgress returns the last progress line ("blocks 2126/~2926,
// population, entries ..., elapsed ..."; "datadir: 12/~100 entries ...") in
// the dumpgen log at path, reading only the log's tail; ok is false when
// there is none yet.
func lastDumpgenProgress(path string) (line string, ok bool) {
	lines := logTailLines(path)
	for i := len(lines) - 1; i >= 0; i-- {
		for _, prefix := range dumpgenProgressPrefixes {
			if rest, found := bytes.CutPrefix(lines[i], prefix); found {
				return string(rest), true
			}
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
