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
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/urfave/cli/v2"
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

// RunInterruptible runs app with the command line args under an
// InterruptContext. On an error it prints it after prefix ("build.sh: error:
// ...") and exits: with 128 plus the signal's number when a signal stopped
// the app, as a shell reports a program the signal ended, and with 1
// otherwise. Call it from main.
func RunInterruptible(app *cli.App, prefix string, args []string) {
	ctx, interrupted := InterruptContext()
	if err := app.RunContext(ctx, args); err != nil {
		fmt.Fprintf(os.Stderr, "%s: error: %v\n", prefix, err)
		if sig := interrupted(); sig != 0 {
			os.Exit(128 + int(sig))
		}
		os.Exit(1)
	}
}
