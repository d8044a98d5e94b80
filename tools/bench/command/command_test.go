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

package command

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunStreamsLog(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "cmd.log")
	// The script checks that its first line reached the log before it
	// ends (bench copies it there, so it may take a moment).
	script := fmt.Sprintf(`echo first; for i in $(seq 100); do grep -q first %q && echo seen && break; sleep 0.1; done`, logPath)
	if err := Run(logPath, "/bin/sh", "-c", script); err != nil {
		t.Fatal(err)
	}
	if blob, _ := os.ReadFile(logPath); string(blob) != "first\nseen\n" {
		t.Errorf("log %q, want the output written while the command ran", blob)
	}
	err := Run(logPath, "/bin/sh", "-c", "echo broken; exit 3")
	if err == nil || !strings.Contains(err.Error(), logPath) || !strings.Contains(err.Error(), "broken") {
		t.Errorf("failing command: error %v, want the log path and its tail", err)
	}
	// A reason on standard error, then lines on standard output (geth's
	// statistics after a failed import): the error gives the reason.
	err = Run(logPath, "/bin/sh", "-c", "echo 'Fatal: no genesis' >&2; seq 30; exit 1")
	if want := "sh -c echo 'Fatal: no genesis' >&2; seq 30; exit 1: exit status 1: Fatal: no genesis (log " + logPath + ")"; err == nil || err.Error() != want {
		t.Errorf("failing command: error\n%v\nwant\n%s", err, want)
	}
}

// TestOutput checks that Output returns standard output alone, and that a
// failure carries the command and its standard error.
func TestOutput(t *testing.T) {
	out, err := Output("/bin/sh", "-c", "echo out; echo err >&2")
	if err != nil || string(out) != "out\n" {
		t.Errorf("output %q, %v; want standard output only", out, err)
	}
	_, err = Output("/bin/sh", "-c", "echo why >&2; exit 2")
	if err == nil || !strings.Contains(err.Error(), "sh -c") || !strings.Contains(err.Error(), "why") {
		t.Errorf("failing command: error %v, want the command and its standard error", err)
	}
}
