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

func TestBlockLevelText(t *testing.T) {
	for _, l := range []BlockLevel{LevelOff, LevelBlock, LevelPhase, LevelNode} {
		text, err := l.MarshalText()
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		var got BlockLevel
		if err := got.UnmarshalText(text); err != nil || got != l {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, got, err)
		}
	}
	var l BlockLevel
	if err := l.UnmarshalText([]byte("trie")); err == nil {
		t.Error("UnmarshalText accepted an unknown level")
	}
	if _, err := BlockLevel(9).MarshalText(); err == nil {
		t.Error("MarshalText accepted an unknown level")
	}
}
