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

package tracesum

import "testing"

func TestFormatHelpers(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 100000: "100,000"} {
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{1023: "1023 B", 1024: "1.00 KiB", 2868903: "2.74 MiB", 3 << 30: "3.00 GiB"} {
		if got := size(n); got != want {
			t.Errorf("size(%d) = %q, want %q", n, got, want)
		}
	}
	for _, tc := range []struct {
		count, largest int64
		want           int
	}{{0, 10, 0}, {1, 1000, 1}, {5, 10, 15}, {10, 10, 30}} {
		if got := len(bar(tc.count, tc.largest, 30)); got != tc.want {
			t.Errorf("bar(%d, %d) has %d marks, want %d", tc.count, tc.largest, got, tc.want)
		}
	}
}
