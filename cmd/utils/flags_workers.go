// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package utils

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// MaxWorkers is the most goroutines a worker count flag accepts.
const MaxWorkers = 1024

// NewWorkersFlag returns a flag that sets how many goroutines do one kind of
// work in parallel, with the given default. Zero asks for the automatic
// count its usage names. A value outside 0..MaxWorkers is refused while the
// command line is parsed, before a command opens its datadir, so every
// worker count is checked the same way and needs no check where it is used.
func NewWorkersFlag(name, usage string, value int, category string) *cli.IntFlag {
	return &cli.IntFlag{
		Name:     name,
		Usage:    usage,
		Value:    value,
		Category: category,
		Action: func(_ *cli.Context, n int) error {
			if n < 0 || n > MaxWorkers {
				return fmt.Errorf("invalid value %d for flag --%s: a number of workers must be between 0 and %d", n, name, MaxWorkers)
			}
			return nil
		},
	}
}
