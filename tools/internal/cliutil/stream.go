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
	"io"
	"os/exec"
	"strings"
)

// Stream runs a program in dir with its stdout and stderr going to log, as a
// tool shows a step's progress, and ends it when ctx is canceled. The error
// names the command and the directory. log must be safe for the two copies
// os/exec makes when it is not an *os.File: pass one writer, as Stream does
// for both streams, never two that share a buffer.
func Stream(ctx context.Context, log io.Writer, dir, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s (in %s): %v", name, strings.Join(args, " "), dir, err)
	}
	return nil
}
