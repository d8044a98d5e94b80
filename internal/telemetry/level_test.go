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

package telemetry

import "testing"

func TestParseBlockLevel(t *testing.T) {
	for l := LevelOff; int(l) < len(levelNames); l++ {
		got, err := ParseBlockLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseBlockLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseBlockLevel("trie"); err == nil {
		t.Error("ParseBlockLevel accepted an unknown level")
	}
}
