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
	"io"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
)

// Stream is the output stream a writer of Output receives.
type Stream uint8

const (
	Stdout   Stream = iota // geth's standard output: import's statistics
	Stderr                 // geth's standard error: its log and its last error
	Combined               // both through one pipe, in the order geth wrote them
	numStreams
)

// String returns the stream's name.
func (s Stream) String() string {
	switch s {
	case Stdout:
		return "stdout"
	case Stderr:
		return "stderr"
	case Combined:
		return "combined"
	}
	return "unknown stream"
}

const (
	// TailLines is how many of the last lines an Output keeps, and an Error
	// shows when geth printed no reason.
	TailLines = 10
	// maxLine bounds a line kept in memory: a longer one is handled in
	// pieces of this size.
	maxLine = 1 << 20
	// maxKept bounds a line kept as the tail or the reason.
	maxKept = 2048
	// maxTrailer bounds the lines of geth's last error (errors.Join prints
	// one line per error).
	maxTrailer = 4
)

// Output collects what a geth process writes: it passes each line, whole,
// to a log and to a callback, keeps the last TailLines lines, and notes the
// lines that say why geth failed (see Reason). A line ends at '\n'; Flush
// ends a last unterminated one.
//
// Its writers are safe for concurrent use: os/exec copies stdout and stderr
// from two goroutines. Lines are handled one at a time under one lock, in
// the order they complete, so the log holds whole lines of either stream.
type Output struct {
	mu      sync.Mutex
	log     io.Writer         // every line; nil for none
	logErr  error             // the log's first write error
	onLine  func(line string) // nil for none
	partial [numStreams][]byte

	tail     [TailLines]string // ring of the last lines
	tailNext int               // where the next line goes in tail
	tailLen  int

	panicLine string // a Go panic's first line
	fatalLine string // utils.Fatalf's line
	errorLine string // the last ERROR or CRIT log line with a message

	// trailer is main's error: the lines of stderr after its last log line
	// that the last write brought (geth's main prints its error, one line
	// or an errors.Join of several, with one write; a tool's progress lines
	// come before, in writes of their own).
	trailer      []string
	trailerWrite uint64 // the write that brought trailer
	writes       uint64 // Write and Flush calls so far
}

// NewOutput returns an Output that writes every line to log and calls
// onLine with it (without its newline); either may be nil. onLine is called
// with the Output's lock held, so it must not write to the Output.
func NewOutput(log io.Writer, onLine func(line string)) *Output {
	return &Output{log: log, onLine: onLine}
}

// Writer returns a writer of the stream s, to set as exec.Cmd's Stdout or
// Stderr. Use Combined for a single pipe that carries both.
func (o *Output) Writer(s Stream) io.Writer {
	return &streamWriter{o: o, s: s}
}

// streamWriter is one stream's writer of an Output.
type streamWriter struct {
	o *Output
	s Stream
}

// Write passes the complete lines of b on and keeps the rest for the next
// write. It fails only if the log does.
func (w *streamWriter) Write(b []byte) (int, error) {
	o := w.o
	o.mu.Lock()
	defer o.mu.Unlock()
	o.writes++
	n := len(b)
	for len(b) > 0 {
		room := maxLine - len(o.partial[w.s])
		i := bytes.IndexByte(b, '\n')
		switch {
		case i >= 0 && i <= room:
			o.partial[w.s] = append(o.partial[w.s], b[:i]...)
			b = b[i+1:]
		case len(b) < room:
			o.partial[w.s] = append(o.partial[w.s], b...)
			return n, o.logErr
		default: // a line too long: pass its first maxLine bytes on
			o.partial[w.s] = append(o.partial[w.s], b[:room]...)
			b = b[room:]
		}
		o.line(w.s, o.partial[w.s])
		o.partial[w.s] = o.partial[w.s][:0]
	}
	return n, o.logErr
}

// Flush passes on the unterminated last line of each stream. Call it once
// the process has exited and its output has been copied (exec.Cmd.Wait has
// returned).
func (o *Output) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.writes++
	for s := range o.partial {
		if len(o.partial[s]) > 0 {
			o.line(Stream(s), o.partial[s])
			o.partial[s] = nil
		}
	}
	return o.logErr
}

// line handles one line of stream s, without its newline. o.mu is held.
func (o *Output) line(s Stream, b []byte) {
	if o.log != nil && o.logErr == nil {
		if _, err := o.log.Write(append(b, '\n')); err != nil {
			o.logErr = err
		}
	}
	line := strings.TrimSuffix(string(b), "\r")
	if o.onLine != nil {
		o.onLine(line)
	}
	kept := clip(line)
	o.tail[o.tailNext] = kept
	o.tailNext = (o.tailNext + 1) % TailLines
	o.tailLen = min(o.tailLen+1, TailLines)

	switch {
	case s != Stdout && o.panicLine == "" && isPanic(line):
		o.panicLine = kept
	case o.fatalLine == "" && strings.HasPrefix(line, "Fatal: "):
		o.fatalLine = kept
	}
	if s == Stdout {
		return
	}
	level, msg, isLog := logLine(line)
	switch {
	case isLog:
		if (level == "ERROR" || level == "CRIT") && msg != "" {
			o.errorLine = kept
		}
		o.trailer = o.trailer[:0]
	case strings.TrimSpace(line) == "":
	case s == Combined:
		// Import's statistics come before main's error on the one pipe:
		// only the last line can be that error.
		o.trailer = append(o.trailer[:0], kept)
	default:
		if o.trailerWrite != o.writes {
			o.trailer, o.trailerWrite = o.trailer[:0], o.writes
		}
		if len(o.trailer) == maxTrailer {
			o.trailer = append(o.trailer[:0], o.trailer[1:]...)
		}
		o.trailer = append(o.trailer, kept)
	}
}

// isPanic reports whether a line is the first of a Go panic or of a fatal
// runtime error (concurrent map writes, out of memory).
func isPanic(line string) bool {
	return strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ")
}

// terminalLog matches a line of geth's default log format,
// "ERROR[12-06|17:00:19.926] Import error   err=...", and logfmtLog one of
// --log.format logfmt, "t=... lvl=error msg=...".
var (
	terminalLog = regexp.MustCompile(`^(TRACE|DEBUG|INFO|WARN|ERROR|CRIT) ?\[[0-9|:.-]+\] ?(.*)$`)
	logfmtLog   = regexp.MustCompile(`^t=\S+ lvl=([a-z]+) msg=(.*)$`)
)

// logLine reports whether line is a line of geth's log, and if so its level
// and message (with its attributes).
func logLine(line string) (level, msg string, ok bool) {
	if m := terminalLog.FindStringSubmatch(line); m != nil {
		return m[1], strings.TrimSpace(m[2]), true
	}
	if m := logfmtLog.FindStringSubmatch(line); m != nil {
		msg := strings.Trim(m[2], `" `)
		return strings.ToUpper(m[1]), msg, true
	}
	return "", "", false
}

// clip bounds a line kept in memory.
func clip(line string) string {
	if len(line) <= maxKept {
		return line
	}
	return line[:maxKept] + "..."
}

// Reason returns the line that says why geth failed, by preference: a Go
// panic's first line, the "Fatal: ..." line of utils.Fatalf, the error
// geth's main printed last on stderr (the lines of stderr's last write after
// its last log line, joined by "; "), or its last
// ERROR or CRIT log line; "" if it printed none. Main's error counts only if
// geth exited by itself: one killed by a signal printed none, and the last
// lines of its stderr may be anything.
func (o *Output) Reason(exitedByItself bool) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case o.panicLine != "":
		return o.panicLine
	case o.fatalLine != "":
		return o.fatalLine
	case exitedByItself && len(o.trailer) > 0:
		return strings.Join(o.trailer, "; ")
	}
	return o.errorLine
}

// Tail returns the last lines, up to TailLines, oldest first.
func (o *Output) Tail() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	lines := make([]string, 0, o.tailLen)
	for i := range o.tailLen {
		lines = append(lines, o.tail[(o.tailNext-o.tailLen+i+TailLines)%TailLines])
	}
	return lines
}

// Failure returns the Error of the command name, whose run ended with runErr
// (not nil), as exec.Cmd.Run or Wait returns it, after its output was
// flushed: geth's reason if it printed one, its last lines otherwise.
func (o *Output) Failure(name string, runErr error) *Error {
	e := &Error{Name: name, Err: runErr}
	var exit *exec.ExitError
	if errors.As(runErr, &exit) {
		signaled := false
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok {
			signaled = ws.Signaled()
		}
		e.Reason = o.Reason(!signaled)
	}
	if e.Reason == "" {
		e.Tail = o.Tail()
	}
	return e
}
