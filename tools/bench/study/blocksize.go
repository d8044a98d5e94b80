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

package study

import (
	"fmt"
	"slices"

	"statelab/tools/bench/bytesize"
)

// A study's pebble block sizes: the data block size of the chain database's
// tables, set by geth's --db.blocksize when a prepared datadir is created
// (geth records it there) and passed again to every import of it, so that
// geth refuses a datadir of another size. Each block size has prepared
// datadirs of its own.

// Block sizes geth accepts: a power of two from minBlockSize to maxBlockSize.
const (
	minBlockSize = 1 << 10
	maxBlockSize = 64 << 10
)

// DefaultBlockSize is geth's block size without the flag, and that of every
// datadir geth made before it had one.
const DefaultBlockSize = 4 << 10

// parseBlockSizes parses a list of block sizes ("16KiB", "16384"), refusing
// sizes geth does not accept and sizes given twice. key names the list in
// errors.
func parseBlockSizes(key string, sizes []string) ([]int64, error) {
	var out []int64
	for _, s := range sizes {
		n, err := bytesize.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		if n < minBlockSize || n > maxBlockSize || n&(n-1) != 0 {
			return nil, fmt.Errorf("%s: block size %q is not a power of two from 1KiB to 64KiB", key, s)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("%s: block size %q given twice", key, s)
		}
		out = append(out, n)
	}
	return out, nil
}

// mustBlockSizes parses a list that Load has validated.
func mustBlockSizes(sizes []string) []int64 {
	out, err := parseBlockSizes("block_sizes", sizes)
	if err != nil {
		panic(err)
	}
	return out
}

// FormatBlockSize formats a block size as geth's --db.blocksize takes it
// ("16KiB").
func FormatBlockSize(n int64) string {
	if n%1024 == 0 {
		return fmt.Sprintf("%dKiB", n/1024)
	}
	return fmt.Sprint(n)
}

// BlockSizeArgs are the geth flags of the configuration's block size, for
// geth init and every import of its datadirs; none for geth's default.
func (c Config) BlockSizeArgs() []string {
	if c.BlockSize == 0 {
		return nil
	}
	return []string{"--db.blocksize=" + FormatBlockSize(c.BlockSize)}
}
