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

import "sort"

// Span names of the block's phases.
const (
	opExecution  = "bc.processor.Process"
	opStateRead  = "state.read"
	opValidate   = "bc.validator.ValidateState"
	opTrieUpdate = "state.trie.update"
	opTrieHash   = "state.trie.hash"
	opTrieCommit = "state.trie.commit"
	opTriedb     = "triedb.commit"
	opNodeFetch  = "trie.node.fetch"
)

// inCommit reports whether s runs inside a trie commit: below a
// state.trie.commit span, or, as geth emits the commit's own trie update and
// rehash spans, a sibling of a state.trie.commit span that it runs within.
func (b *blockSpans) inCommit(s *span) bool {
	p := b.parent(s)
	for q := p; q != nil && q != b.root; q = b.parent(q) {
		if q.name == opTrieCommit {
			return true
		}
	}
	if p != b.root {
		return false
	}
	for _, c := range b.named(opTrieCommit) {
		if b.parent(c) == b.root && c.contains(s) {
			return true
		}
	}
	return false
}

// phasePath names where s runs: the names of its ancestors below the block
// span and its own, joined by " > ", with a commit's trie spans placed under
// state.trie.commit. The block span itself is "block (no phase)".
func (b *blockSpans) phasePath(s *span) string {
	if s == b.root {
		return "block (no phase)"
	}
	path := s.name
	for q := b.parent(s); q != nil && q != b.root; q = b.parent(q) {
		path = q.name + " > " + path
	}
	if (s.name == opTrieUpdate || s.name == opTrieHash) && b.parent(s) == b.root && b.inCommit(s) {
		path = opTrieCommit + " > " + path
	}
	return path
}

// wallTime returns the time covered by spans, counting overlaps (such as
// concurrent storage trie updates) once, in nanoseconds.
func wallTime(spans []*span) int64 {
	if len(spans) == 0 {
		return 0
	}
	sorted := append([]*span(nil), spans...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].start < sorted[j].start })
	var (
		total      int64
		start, end = sorted[0].start, sorted[0].end()
	)
	for _, s := range sorted[1:] {
		if s.start > end {
			total += end - start
			start, end = s.start, s.end()
			continue
		}
		end = max(end, s.end())
	}
	return total + end - start
}

// trieSpans returns the spans named name inside (commit true) or outside a
// trie commit.
func (b *blockSpans) trieSpans(name string, commit bool) []*span {
	var out []*span
	for _, s := range b.named(name) {
		if b.inCommit(s) == commit {
			out = append(out, s)
		}
	}
	return out
}
