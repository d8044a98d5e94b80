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

package bytesize

import "testing"

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{
		"768MiB": 768 << 20, "1.5GB": 1_500_000_000, "4096": 4096, "2 gib": 2 << 30, "64k": 64_000, "512M": 512_000_000,
	} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1G", "12XB", "1.2.3M", "0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestMiB(t *testing.T) {
	for b, want := range map[int64]string{768 << 20: "768 MiB", 0: "0 MiB", 1<<20 + 1<<19: "2 MiB", 1<<20 + 1<<18: "1 MiB"} {
		if got := MiB(b); got != want {
			t.Errorf("MiB(%d) = %q, want %q", b, got, want)
		}
	}
}
