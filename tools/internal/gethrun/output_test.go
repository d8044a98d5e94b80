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

package gethrun

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

// write writes each chunk to the stream's writer of o.
func write(t *testing.T, o *Output, s Stream, chunks ...string) {
	t.Helper()
	w := o.Writer(s)
	for _, c := range chunks {
		if n, err := w.Write([]byte(c)); n != len(c) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", c, n, err)
		}
	}
}

// TestOutputCombinedImport feeds a failed import through one pipe, in the
// order geth wrote it: the log, the statistics, main's error.
func TestOutputCombinedImport(t *testing.T) {
	o := NewOutput(nil, nil)
	logLines := readLines("testdata/import_error.stderr")
	for _, l := range logLines[:len(logLines)-1] {
		write(t, o, Combined, l+"\n")
	}
	for _, l := range readLines("testdata/import_stats.stdout") {
		write(t, o, Combined, l+"\n")
	}
	write(t, o, Combined, logLines[len(logLines)-1]+"\n")
	if got := o.Reason(true); got != importErrorLine {
		t.Errorf("reason %q, want %q", got, importErrorLine)
	}
	// Killed by a signal, geth's last ERROR line with a message (not the
	// BAD BLOCK report's empty one).
	want := `ERROR[12-06|17:00:19.926] Import error                             err="invalid block 3: unknown ancestor"`
	if got := o.Reason(false); got != want {
		t.Errorf("reason of a killed geth %q, want %q", got, want)
	}
}

// TestOutputReasonPreference checks which line wins when geth printed
// several candidates.
func TestOutputReasonPreference(t *testing.T) {
	const (
		errorLine = `ERROR[12-06|17:00:19.926] Import error err="invalid block 3: unknown ancestor"`
		mainLine  = "import chain.rlp: invalid block 3: unknown ancestor"
		fatalLine = "Fatal: Failed to register the Ethereum service: bad config"
		panicLine = "panic: runtime error: invalid memory address or nil pointer dereference"
	)
	tests := []struct {
		name   string
		stderr []string
		stdout []string
		want   string
	}{
		{"error log line", []string{errorLine, "INFO [12-06|17:00:19.958] Blockchain stopped"}, nil, errorLine},
		{"main's error", []string{errorLine, mainLine}, nil, mainLine},
		{"fatal", []string{errorLine, fatalLine}, []string{fatalLine}, fatalLine},
		{"fatal on stdout alone", []string{errorLine}, []string{fatalLine}, fatalLine},
		{"panic", []string{errorLine, panicLine, "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]", "", "goroutine 1 [running]:", "main.main()"}, nil, panicLine},
		{"fatal runtime error", []string{"fatal error: concurrent map writes", "", "goroutine 7 [running]:"}, nil, "fatal error: concurrent map writes"},
		{"panic text on stdout", []string{errorLine}, []string{panicLine}, errorLine},
		{"logfmt", []string{`t=2026-12-06T17:00:19+0000 lvl=error msg="Import error" err="unknown ancestor"`, "INFO [12-06|17:00:19.958] Blockchain stopped"}, nil, `t=2026-12-06T17:00:19+0000 lvl=error msg="Import error" err="unknown ancestor"`},
		{"crit", []string{"CRIT [12-06|17:00:19.926] Failed to open database"}, nil, "CRIT [12-06|17:00:19.926] Failed to open database"},
		{"only info", []string{"INFO [12-06|17:00:19.926] Importing blockchain", ""}, []string{"GC pause: 1ms"}, ""},
		{"main's error ends multi-line log", []string{"WARN [12-06|17:00:19.926] Long", "its second line", "INFO [12-06|17:00:19.958] Blockchain stopped", mainLine}, nil, mainLine},
		{"main's error after progress", []string{"dumpgen: writing population.rlp", "dumpgen: writing workload.rlp", "write workload.rlp: no space left on device"}, nil, "write workload.rlp: no space left on device"},
		{"joined error", []string{"INFO [12-06|17:00:19.958] Blockchain stopped", "import chain.rlp: invalid block 3\nimport: the imported state was not saved"}, nil, "import chain.rlp: invalid block 3; import: the imported state was not saved"},
		{"joined error of five lines", []string{"INFO [12-06|17:00:19.958] Blockchain stopped", "a\nb\nc\nd\ne"}, nil, "b; c; d; e"},
		{"log and error in one write", []string{"INFO [12-06|17:00:19.958] Blockchain stopped\nimport chain.rlp: invalid block 3"}, nil, "import chain.rlp: invalid block 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := NewOutput(nil, nil)
			for _, l := range tt.stderr { // one write each
				write(t, o, Stderr, l+"\n")
			}
			for _, l := range tt.stdout {
				write(t, o, Stdout, l+"\n")
			}
			if got := o.Reason(true); got != tt.want {
				t.Errorf("reason %q, want %q", got, tt.want)
			}
		})
	}
}

// TestOutputLines checks how writes are cut into lines: across writes, at
// \r\n, at Flush, and a line too long to keep whole.
func TestOutputLines(t *testing.T) {
	var log bytes.Buffer
	var seen []string
	o := NewOutput(&log, func(line string) { seen = append(seen, line) })
	write(t, o, Stderr, "INFO [12-06|17:00:19.911] Sta", "rting\r\nsecond", " line\nthird, ")
	write(t, o, Stdout, "an other stream\n")
	write(t, o, Stderr, "unterminated")
	if err := o.Flush(); err != nil {
		t.Fatal(err)
	}
	want := []string{"INFO [12-06|17:00:19.911] Starting", "second line", "an other stream", "third, unterminated"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("lines %q, want %q", seen, want)
	}
	if wantLog := "INFO [12-06|17:00:19.911] Starting\r\nsecond line\nan other stream\nthird, unterminated\n"; log.String() != wantLog {
		t.Errorf("log %q, want %q", log.String(), wantLog)
	}

	long := NewOutput(nil, func(line string) { seen = append(seen, line) })
	seen = nil
	write(t, long, Stderr, strings.Repeat("x", maxLine+10)+"\n")
	if len(seen) != 2 || len(seen[0]) != maxLine || len(seen[1]) != 10 {
		t.Errorf("a line of %d bytes was cut into lines of %d bytes, want %d and 10", maxLine+10, lens(seen), maxLine)
	}
	if got := long.Tail()[0]; len(got) != maxKept+len("...") {
		t.Errorf("tail keeps %d bytes of a long line, want %d", len(got), maxKept+len("..."))
	}
}

func lens(lines []string) []int {
	var n []int
	for _, l := range lines {
		n = append(n, len(l))
	}
	return n
}

func TestOutputTail(t *testing.T) {
	o := NewOutput(nil, nil)
	if got := o.Tail(); len(got) != 0 {
		t.Errorf("tail of no output %q", got)
	}
	write(t, o, Stdout, "1\n2\n")
	if got := fmt.Sprint(o.Tail()); got != "[1 2]" {
		t.Errorf("tail %s, want [1 2]", got)
	}
	var want []string
	for i := range 25 {
		write(t, o, Stderr, fmt.Sprintf("line %d\n", i))
		if i >= 25-TailLines {
			want = append(want, fmt.Sprintf("line %d", i))
		}
	}
	if got := o.Tail(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("tail %q, want %q", got, want)
	}
}

// TestOutputConcurrentStreams writes both streams at once, as os/exec's two
// copying goroutines do: every line reaches the log whole (and the race
// detector finds no race).
func TestOutputConcurrentStreams(t *testing.T) {
	var log bytes.Buffer
	o := NewOutput(&log, nil)
	const n = 2000
	var wg sync.WaitGroup
	for _, s := range []Stream{Stdout, Stderr} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := o.Writer(s)
			for i := range n {
				line := fmt.Sprintf("%s line %d of a stream written in pieces\n", s, i)
				// Three writes a line: the other stream's lines come between.
				w.Write([]byte(line[:5]))
				w.Write([]byte(line[5:20]))
				w.Write([]byte(line[20:]))
			}
		}()
	}
	wg.Wait()
	var want []string
	for _, s := range []Stream{Stdout, Stderr} {
		for i := range n {
			want = append(want, fmt.Sprintf("%s line %d of a stream written in pieces", s, i))
		}
	}
	got := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	if !sameLines(got, want) {
		t.Errorf("the log holds %d lines, not the %d whole lines written", len(got), len(want))
	}
}

// TestOutputLogError checks that a failing log fails the writes, so that
// os/exec reports it.
func TestOutputLogError(t *testing.T) {
	broken := errors.New("disk full")
	o := NewOutput(failingWriter{broken}, nil)
	if _, err := o.Writer(Stderr).Write([]byte("a line\n")); err != broken {
		t.Errorf("Write error %v, want %v", err, broken)
	}
	if err := o.Flush(); err != broken {
		t.Errorf("Flush error %v, want %v", err, broken)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

var _ io.Writer = failingWriter{}

func TestErrorString(t *testing.T) {
	e := &Error{Name: "geth import chain.rlp", Err: errors.New("exit status 1"), Reason: importErrorLine, Log: "import.log"}
	if want := "geth import chain.rlp: exit status 1: " + importErrorLine + " (log import.log)"; e.Error() != want {
		t.Errorf("error %q, want %q", e.Error(), want)
	}
	e = &Error{Name: "geth db compact", Err: errors.New("exit status 1"), Tail: []string{"a", "b"}}
	if want := "geth db compact: exit status 1; its last lines:\na\nb"; e.Error() != want {
		t.Errorf("error %q, want %q", e.Error(), want)
	}
}
