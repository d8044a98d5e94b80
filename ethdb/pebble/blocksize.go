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

package pebble

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/pebble/v2"
)

// BlockSize is the target size in bytes of the data blocks of a pebble table,
// before compression. A read that misses the block cache reads a whole block
// from disk, so the size trades the bytes read per lookup against the number of
// blocks (and index entries) a table has.
//
// Pebble fixes the size of a table when it writes it: tables written before the
// size changed keep theirs until a compaction rewrites them, and a database can
// hold tables of several sizes. The database records the size it was created
// with so that it is opened with that size (see node.Config.DBBlockSize).
type BlockSize int

const (
	// DefaultBlockSize is pebble's default, the size of every table geth wrote
	// before the size could be configured.
	DefaultBlockSize BlockSize = 4 << 10

	MinBlockSize BlockSize = 1 << 10  // smallest configurable block size
	MaxBlockSize BlockSize = 64 << 10 // largest configurable block size
)

// ParseBlockSize parses a block size given in bytes ("16384") or in KiB
// ("16KiB", case-insensitive) and validates it.
func ParseBlockSize(s string) (BlockSize, error) {
	digits, unit := s, 1
	if len(s) > 3 && strings.EqualFold(s[len(s)-3:], "KiB") {
		digits, unit = s[:len(s)-3], 1024
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n <= 0 || n > int(MaxBlockSize) {
		return 0, fmt.Errorf("invalid block size %q, want a power of two from %v to %v such as 16KiB", s, MinBlockSize, MaxBlockSize)
	}
	size := BlockSize(n * unit)
	if err := size.Validate(); err != nil {
		return 0, err
	}
	return size, nil
}

// Validate returns an error unless the size is a power of two from MinBlockSize
// to MaxBlockSize.
func (b BlockSize) Validate() error {
	if b < MinBlockSize || b > MaxBlockSize || b&(b-1) != 0 {
		return fmt.Errorf("invalid block size %v, want a power of two from %v to %v", b, MinBlockSize, MaxBlockSize)
	}
	return nil
}

// String returns the size in KiB ("16KiB") if it is a whole number of KiB, and
// in bytes otherwise. ParseBlockSize accepts both forms.
func (b BlockSize) String() string {
	if b%1024 == 0 {
		return fmt.Sprintf("%dKiB", b/1024)
	}
	return strconv.Itoa(int(b))
}

// WithBlockSize returns an option customizer for NewCustom that sets the data
// block size of every level. Index blocks follow it, as pebble derives their
// size from the data block size unless it is set.
func WithBlockSize(b BlockSize) func(*pebble.Options) {
	return func(opt *pebble.Options) {
		for i := range opt.Levels {
			opt.Levels[i].BlockSize = int(b)
		}
	}
}
