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

package balsidecar

import "testing"

// TestParseType checks that the flag values 1, 3 and 4 parse to the types
// whose String they are, and that anything else is refused.
func TestParseType(t *testing.T) {
	for s, want := range map[string]Type{"1": TypeKeys, "3": TypeSlotValues, "4": TypeFullPrestate} {
		got, err := ParseType(s)
		if err != nil || got != want {
			t.Errorf("ParseType(%q) = %v, %v; want %v", s, got, err, want)
		}
		if got.String() != s {
			t.Errorf("type %d: String() %q, want %q", want, got.String(), s)
		}
		if !got.Valid() {
			t.Errorf("type %v not valid", got)
		}
	}
	for _, s := range []string{"", "0", "2", "5", "257", "-1", "one", " 1", "1.0"} {
		if typ, err := ParseType(s); err == nil {
			t.Errorf("ParseType(%q) = %v, want an error", s, typ)
		}
	}
	for _, typ := range []Type{0, 2, 5, 255} {
		if typ.Valid() {
			t.Errorf("type %d valid", typ)
		}
	}
}
