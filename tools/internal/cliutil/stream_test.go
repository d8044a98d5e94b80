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

package cliutil

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestStream(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	if err := Stream(context.Background(), &log, dir, "sh", "-c", "pwd; echo oops >&2"); err != nil {
		t.Fatal(err)
	}
	if got := log.String(); !strings.Contains(got, dir) || !strings.Contains(got, "oops") {
		t.Fatalf("log = %q, want the directory and stderr's line", got)
	}
	err := Stream(context.Background(), &log, dir, "sh", "-c", "exit 3")
	if err == nil || !strings.Contains(err.Error(), "sh -c exit 3 (in "+dir+"): exit status 3") {
		t.Fatalf("err = %v, want the command, its directory and status", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Stream(ctx, &log, dir, "sleep", "10"); err == nil {
		t.Fatal("a canceled context ran the program")
	}
}
