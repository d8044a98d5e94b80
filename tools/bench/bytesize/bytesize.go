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

// Package bytesize parses and formats the byte sizes of bench's settings
// (memory limits, geth's cache, a node's RAM and state) and reports.
package bytesize

import (
	"fmt"
	"strconv"
	"strings"
)

// units are the suffixes Parse takes: SI (k, M, G, T with or without B)
// and IEC (Ki, Mi, Gi, Ti with or without B).
var units = map[string]float64{
	"": 1, "b": 1,
	"k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
	"ki": 1 << 10, "kib": 1 << 10, "mi": 1 << 20, "mib": 1 << 20, "gi": 1 << 30, "gib": 1 << 30, "ti": 1 << 40, "tib": 1 << 40,
}

// Parse parses a byte size such as "768MiB", "1.5G" or "4096".
func Parse(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	}
	mult, ok := units[unit]
	if !ok || num == "" {
		return 0, fmt.Errorf("invalid size %q (want a number with an optional unit: 768MiB, 1.5GB, 4096)", s)
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("invalid size %q (want a positive number with an optional unit)", s)
	}
	return int64(v * mult), nil
}

// MiB formats bytes in MiB.
func MiB(b int64) string {
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
