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

import "sort"

// blockSpans is the spans of one block: its core.blockchain.ProcessBlock span
// and every span below it.
type blockSpans struct {
	traceID string
	format  string // export format of the trace
	root    *span
	below   []*span          // descendants of root, in trace order
	byID    map[string]*span // every span of the trace
	orphans int              // spans of the trace whose parent is not in it
}

// number returns the block number, -1 if the block span lacks it.
func (b *blockSpans) number() int64 {
	if n, ok := b.root.intAttr("block.number"); ok {
		return n
	}
	return -1
}

// parent returns the parent of s, nil for a root or an orphan.
func (b *blockSpans) parent(s *span) *span {
	if s.parentID == "" {
		return nil
	}
	return b.byID[s.parentID]
}

// named returns the spans below the block with the given name.
func (b *blockSpans) named(name string) []*span {
	var out []*span
	for _, s := range b.below {
		if s.name == name {
			out = append(out, s)
		}
	}
	return out
}

// findBlocks returns the blocks of traces, ordered by block number and start
// time. A trace normally holds one block, its root, but a block span may also
// sit below a span of its own (several blocks per trace).
func findBlocks(traces []*trace) []*blockSpans {
	var blocks []*blockSpans
	for _, t := range traces {
		blocks = append(blocks, traceBlocks(t)...)
	}
	sort.SliceStable(blocks, func(i, j int) bool {
		ni, nj := blocks[i].number(), blocks[j].number()
		if ni != nj {
			return ni < nj
		}
		return blocks[i].root.start < blocks[j].root.start
	})
	return blocks
}

// traceBlocks returns the blocks of one trace.
func traceBlocks(t *trace) []*blockSpans {
	byID := make(map[string]*span, len(t.spans))
	for _, s := range t.spans {
		byID[s.id] = s
	}
	children := make(map[string][]*span)
	orphans := 0
	for _, s := range t.spans {
		if s.parentID == "" {
			continue
		}
		if byID[s.parentID] == nil {
			orphans++
			continue
		}
		children[s.parentID] = append(children[s.parentID], s)
	}
	var blocks []*blockSpans
	for _, s := range t.spans {
		if s.name != blockOperation {
			continue
		}
		blocks = append(blocks, &blockSpans{
			traceID: t.id,
			format:  t.format,
			root:    s,
			below:   descendants(s, children),
			byID:    byID,
			orphans: orphans,
		})
	}
	return blocks
}

// descendants returns the spans below root, depth first.
func descendants(root *span, children map[string][]*span) []*span {
	var (
		out   []*span
		stack = []*span{root}
	)
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range children[s.id] {
			out = append(out, c)
			stack = append(stack, c)
		}
	}
	return out
}

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
