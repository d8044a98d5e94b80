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

// String returns the level's flag value.
func (l BlockLevel) String() string {
	switch l {
	case LevelOff:
		return "off"
	case LevelBlock:
		return "block"
	case LevelPhase:
		return "phase"
	case LevelNode:
		return "node"
	default:
		return "unknown"
	}
}

// MarshalText implements encoding.TextMarshaler.
func (l BlockLevel) MarshalText() ([]byte, error) {
	switch l {
	case LevelOff, LevelBlock, LevelPhase, LevelNode:
		return []byte(l.String()), nil
	default:
		return nil, fmt.Errorf("unknown block tracing level %d", l)
	}
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (l *BlockLevel) UnmarshalText(text []byte) error {
	switch string(text) {
	case "off":
		*l = LevelOff
	case "block":
		*l = LevelBlock
	case "phase":
		*l = LevelPhase
	case "node":
		*l = LevelNode
	default:
		return fmt.Errorf(`unknown block tracing level %q, want "off", "block", "phase" or "node"`, text)
	}
	return nil
}

// DefaultFetchSpanThreshold is how slow a trie node fetch must be, at node
// level, to get a span of its own: in practice, fetches that reached the disk.
const DefaultFetchSpanThreshold = 100 * time.Microsecond

// BlockTracing is how much of block processing is traced: the part of the
// telemetry settings (node.OpenTelemetryConfig) a chain needs.
type BlockTracing struct {
	Level BlockLevel
	// FetchSpanThreshold: at node level, trie node fetches at least this slow
	// get a span each (zero: every fetch); all are counted in the block span.
	FetchSpanThreshold time.Duration
}
