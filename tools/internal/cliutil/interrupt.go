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
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// InterruptContext returns a context that is canceled on the first SIGINT or
// SIGTERM, so that a tool stops its child programs and cleans up, and a
// function that says which of the signals arrived (0: none). A second signal
// ends the program at once. Call it once, from main.
func InterruptContext() (context.Context, func() syscall.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	var got atomic.Int32
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-sigs
		signal.Stop(sigs) // a second interrupt ends the program at once
		got.Store(int32(sig.(syscall.Signal)))
		cancel()
	}()
	return ctx, func() syscall.Signal { return syscall.Signal(got.Load()) }
}
