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

import (
	"fmt"
	"strconv"
	"strings"
)

// commas formats n with thousands separators.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// ms formats microseconds as milliseconds, "-" if unknown.
func ms(us *float64) string {
	if us == nil {
		return "-"
	}
	return fmt.Sprintf("%.2f", *us/1e3)
}

// pct formats a percentage, "-" if unknown.
func pct(p *float64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf("%.1f", *p)
}

// diffMS formats a-b in milliseconds, "-" if either is unknown.
func diffMS(a, b *float64) string {
	if a == nil || b == nil {
		return "-"
	}
	d := *a - *b
	return ms(&d)
}

// size formats a byte count with a binary unit.
func size(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	value, suffix := float64(n)/unit, "KiB"
	for _, next := range []string{"MiB", "GiB", "TiB"} {
		if value < unit {
			break
		}
		value, suffix = value/unit, next
	}
	return fmt.Sprintf("%.2f %s", value, suffix)
}

// bar draws count as a run of '#' out of width for the largest count, at
// least one for a non-zero count.
func bar(count, largest int64, width int) string {
	if count <= 0 || largest <= 0 {
		return ""
	}
	n := int(count * int64(width) / largest)
	return strings.Repeat("#", max(n, 1))
}

// plural returns "1 thing" or "n things".
func plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return commas(n) + " " + many
}
