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
	"syscall"
	"testing"
	"time"
)

// TestInterruptContext sends the process SIGTERM: the context is canceled and
// the signal is named.
func TestInterruptContext(t *testing.T) {
	ctx, interrupted := InterruptContext()
	if sig := interrupted(); sig != 0 {
		t.Fatalf("signal %v before any arrived", sig)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the context was not canceled by SIGTERM")
	}
	if sig := interrupted(); sig != syscall.SIGTERM {
		t.Errorf("signal %v, want SIGTERM", sig)
	}
}
