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
	// The script checks that its first line reached the log before it ends.
	script := fmt.Sprintf(`echo first; grep -q first %q && echo seen`, logPath)
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

func TestLogTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log")
	os.WriteFile(path, []byte("a\nb\nc\n"), 0o644)
	if got := LogTail(path, 2); got != "b\nc" {
		t.Errorf("tail %q, want the last two lines", got)
	}
	if got := LogTail(filepath.Join(t.TempDir(), "absent"), 2); got != "" {
		t.Errorf("tail of a missing log %q", got)
	}
}
