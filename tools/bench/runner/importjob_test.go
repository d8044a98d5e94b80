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

package runner

import (
	"bytes"
	"strings"
	"testing"

	"statelab/tools/bench/slowblock"
)

// TestCopyLog checks that every per-block JSON line marks a block, as it
// arrives, and that the log is copied whole.
func TestCopyLog(t *testing.T) {
	in := "INFO start\n" + string(slowblock.Marker) + `,"block":{"number":1}}` + "\nINFO x\n" + string(slowblock.Marker) + `,"block":{"number":2}}`
	var out bytes.Buffer
	marks := 0
	if err := copyLog(strings.NewReader(in), &out, func() { marks++ }); err != nil {
		t.Fatal(err)
	}
	if marks != 2 || out.String() != in {
		t.Errorf("%d marks, log %q", marks, out.String())
	}
}
