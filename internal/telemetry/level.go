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

import (
	"fmt"
	"time"
)

// BlockLevel is how much of block processing is traced.
type BlockLevel int32

const (
	// LevelOff traces no block processing.
	LevelOff BlockLevel = iota
	// LevelBlock gives one span per processed block and nothing below it.
	LevelBlock
	// LevelPhase adds the block's phases below the block span: execution,
	// trie update and rehash per trie, trie commit, triedb commit.
	LevelPhase
	// LevelNode adds a summary of the trie nodes the block fetched from the
	// node database to the block span, and a span for each slow fetch.
	LevelNode
)

var levelNames = [...]string{"off", "block", "phase", "node"}

// String returns the level's flag value.
func (l BlockLevel) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("BlockLevel(%d)", int32(l))
}

// ParseBlockLevel parses a block tracing level by its name.
func ParseBlockLevel(s string) (BlockLevel, error) {
	for i, name := range levelNames {
		if s == name {
			return BlockLevel(i), nil
		}
	}
	return LevelOff, fmt.Errorf("invalid block tracing level %q (want one of %v)", s, levelNames)
}

// DefaultFetchSpanThreshold is how slow a trie node fetch must be, at node
// level, to get a span of its own: in practice, fetches that reached the disk.
const DefaultFetchSpanThreshold = 100 * time.Microsecond

// BlockTracing is how much of block processing is traced.
type BlockTracing struct {
	Level BlockLevel
	// FetchSpanThreshold: at node level, trie node fetches at least this slow
	// get a span each (zero: every fetch); all are counted in the block span.
	FetchSpanThreshold time.Duration
}
