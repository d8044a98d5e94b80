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

package bintrie

import "github.com/ethereum/go-ethereum/common"

// HashWork counts the rehash work of one Hash, for telemetry: Nodes is the
// number of internal and stem nodes whose hash was recomputed, Ops the number
// of sha256 invocations made for them (one per internal node; for a stem,
// one per present value, one per non-empty pair in its 8-level subtree, and
// one for the stem itself). The methods accept a nil *HashWork and do nothing.
type HashWork struct {
	Nodes int
	Ops   int
}

// count adds one rehashed node that took ops sha256 calls.
func (w *HashWork) count(ops int) {
	if w != nil {
		w.Nodes++
		w.Ops += ops
	}
}

// add adds the work counted in other.
func (w *HashWork) add(other *HashWork) {
	if w != nil && other != nil {
		w.Nodes += other.Nodes
		w.Ops += other.Ops
	}
}

// HashWithWork is Hash that also reports the rehash work it did, counted
// while hashing: a node is counted when its hash is recomputed, so nothing
// is walked twice. The counting is a few additions per node (see
// BenchmarkHashWithWork); Hash itself does no counting.
func (t *BinaryTrie) HashWithWork() (common.Hash, HashWork) {
	var work HashWork
	root := t.store.computeHashCounted(t.store.root, &work)
	return root, work
}
