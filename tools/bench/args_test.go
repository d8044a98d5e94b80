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

func TestFlagsFirst(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"bench run s.toml --scale smoke --out d", "bench run --scale smoke --out d s.toml"},
		{"bench run --out=d s.toml --scale small", "bench run --out=d --scale small s.toml"},
		{"bench ab --a x --b y", "bench ab --a x --b y"},
		{"bench run s.toml", "bench run s.toml"},
		{"bench run s.toml --prepare-only --out d", "bench run --prepare-only --out d s.toml"},
		{"bench run -prepare-only s.toml --scale small", "bench run -prepare-only --scale small s.toml"},
	} {
		if got := strings.Join(flagsFirst(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("flagsFirst(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
