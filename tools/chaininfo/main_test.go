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
package main

import (
	"strings"
	"testing"
)

func TestRunErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"bogus"}, {"head"}, {"verify", "--datadir", t.TempDir()}, {"head", "--nope"}} {
		if err := run(args, new(strings.Builder)); err == nil {
			t.Errorf("chaininfo %v: no error", args)
		}
	}
}
