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

// Selection picks blocks: by number, by trace ID, both, or (the zero
// Selection) all of them.
type Selection struct {
	block    uint64
	hasBlock bool
	traceID  string
}

// WithBlock returns the selection narrowed to block number n.
func (sel Selection) WithBlock(n uint64) Selection {
	sel.block, sel.hasBlock = n, true
	return sel
}

// WithTrace returns the selection narrowed to the block of trace ID id.
func (sel Selection) WithTrace(id string) Selection {
	sel.traceID = id
	return sel
}

// String describes the selection.
func (sel Selection) String() string {
	switch {
	case sel.hasBlock && sel.traceID != "":
		return fmt.Sprintf("block %d in trace %s", sel.block, sel.traceID)
	case sel.hasBlock:
		return fmt.Sprintf("block %d", sel.block)
	case sel.traceID != "":
		return "trace " + sel.traceID
	}
	return "all blocks"
}

// apply returns the selected blocks, or an error naming the selection and
// src (the source's description) if there is none.
func (sel Selection) apply(blocks []*blockSpans, src string) ([]*blockSpans, error) {
	if len(blocks) == 0 {
		if sel.hasBlock || sel.traceID != "" {
			return nil, fmt.Errorf("no %s in %s (no %s span found)", sel, src, blockOperation)
		}
		return nil, fmt.Errorf("no block traces (%s spans) in %s", blockOperation, src)
	}
	var out []*blockSpans
	for _, b := range blocks {
		if sel.matches(b) {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no %s in %s (blocks found: %s)", sel, src, listBlocks(blocks))
	}
	return out, nil
}

// matches reports whether b is selected.
func (sel Selection) matches(b *blockSpans) bool {
	if sel.traceID != "" && normalizeTraceID(sel.traceID) != normalizeTraceID(b.traceID) {
		return false
	}
	return !sel.hasBlock || b.number() == int64(sel.block)
}

// normalizeTraceID makes hex trace IDs comparable: Jaeger may drop leading
// zeros of 64-bit IDs.
func normalizeTraceID(id string) string {
	return strings.TrimLeft(strings.ToLower(id), "0")
}

// listBlocks lists the block numbers of blocks with their trace IDs, shortened
// when long.
func listBlocks(blocks []*blockSpans) string {
	const limit = 10
	var parts []string
	for i, b := range blocks {
		if i == limit {
			parts = append(parts, fmt.Sprintf("... %d more", len(blocks)-limit))
			break
		}
		n := "?"
		if num := b.number(); num >= 0 {
			n = strconv.FormatInt(num, 10)
		}
		parts = append(parts, fmt.Sprintf("%s (trace %s)", n, b.traceID))
	}
	return strings.Join(parts, ", ")
}
