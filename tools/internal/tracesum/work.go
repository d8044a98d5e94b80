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
	"sort"
)

// byteSummary is what the block read from and wrote to its tries.
type byteSummary struct {
	Read         int64  `json:"read"`         // node.bytes of the fetch spans
	TrieWritten  int64  `json:"trie_written"` // trie.bytes_written
	CodeWritten  int64  `json:"code_written"` // code.bytes_written
	Written      int64  `json:"written"`      // both
	WrittenBy    string `json:"written_by,omitempty"`
	Tries        int64  `json:"tries"`
	NodesUpdated int64  `json:"nodes_updated"`
	NodesDeleted int64  `json:"nodes_deleted"`
}

// rehashSummary is the hashing work of the block's state.trie.hash spans.
type rehashSummary struct {
	Spans       int     `json:"spans"`
	Tries       int     `json:"tries"`
	NodesHashed int64   `json:"nodes_hashed"`
	HashOps     int64   `json:"hash_ops"`
	GroupDepths []int64 `json:"group_depths,omitempty"` // binary trie only
}

// bytesOf sums the bytes read by fetches and written by the commit. The
// state.trie.commit and triedb.commit spans describe the same state update,
// so the written bytes come from one of them: triedb.commit, which writes to
// the database, else state.trie.commit. A difference is reported as a warning.
func bytesOf(b *blockSpans) (byteSummary, []string) {
	var bs byteSummary
	for _, s := range b.named(opNodeFetch) {
		bs.Read += s.intOr("node.bytes")
	}
	commits, triedb := commitTotals(b.named(opTrieCommit)), commitTotals(b.named(opTriedb))
	switch {
	case triedb.spans > 0:
		bs.fill(triedb, opTriedb)
	case commits.spans > 0:
		bs.fill(commits, opTrieCommit)
	}
	var warnings []string
	if commits.spans > 0 && triedb.spans > 0 && commits.writes != triedb.writes {
		warnings = append(warnings, fmt.Sprintf("%s reports %d trie + %d code bytes written, %s %d + %d",
			opTrieCommit, commits.trieBytes, commits.codeBytes, opTriedb, triedb.trieBytes, triedb.codeBytes))
	}
	return bs, warnings
}

// commitTotal sums the write attributes of commit spans.
type commitTotal struct {
	spans int
	writes
}

// writes is what a commit span reports having written.
type writes struct {
	trieBytes, codeBytes, tries, updated, deleted int64
}

func commitTotals(spans []*span) commitTotal {
	ct := commitTotal{spans: len(spans)}
	for _, s := range spans {
		ct.trieBytes += s.intOr("trie.bytes_written")
		ct.codeBytes += s.intOr("code.bytes_written")
		ct.tries += s.intOr("trie.tries")
		ct.updated += s.intOr("trie.nodes_updated")
		ct.deleted += s.intOr("trie.nodes_deleted")
	}
	return ct
}

func (bs *byteSummary) fill(ct commitTotal, by string) {
	bs.TrieWritten, bs.CodeWritten = ct.trieBytes, ct.codeBytes
	bs.Written = ct.trieBytes + ct.codeBytes
	bs.WrittenBy = by
	bs.Tries, bs.NodesUpdated, bs.NodesDeleted = ct.tries, ct.updated, ct.deleted
}

// rehashOf sums the hashing work of all state.trie.hash spans.
func rehashOf(b *blockSpans) rehashSummary {
	var (
		rs     rehashSummary
		owners = make(map[string]bool)
		groups = make(map[int64]bool)
	)
	for _, s := range b.named(opTrieHash) {
		rs.Spans++
		owners[s.strAttr("trie.owner")] = true
		rs.NodesHashed += s.intOr("trie.nodes_hashed")
		rs.HashOps += s.intOr("trie.hash_ops")
		if g, ok := s.intAttr("bintrie.group_depth"); ok && !groups[g] {
			groups[g] = true
			rs.GroupDepths = append(rs.GroupDepths, g)
		}
	}
	rs.Tries = len(owners)
	sort.Slice(rs.GroupDepths, func(i, j int) bool { return rs.GroupDepths[i] < rs.GroupDepths[j] })
	return rs
}
