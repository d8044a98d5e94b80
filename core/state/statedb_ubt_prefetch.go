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

package state

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// usePrefetchedUBTTrie makes the binary trie that the prefetcher has filled
// the trie that the state's changes are applied to and hashed, as
// IntermediateRoot does with a Merkle account trie. Without it every written
// account and slot resolves its path again, node by node, from the database,
// although the prefetcher has already resolved it.
//
// It must only be called with a main trie that nothing has been written to
// yet (one opened at the original root in this IntermediateRoot), after the
// prefetcher was told to terminate: the binary trie holds accounts and
// storage in one tree, so a trie that already holds changes cannot be
// swapped. It blocks until the prefetcher has finished its queued loads, and
// counts the wait as storage update time, as the Merkle path's blocking trie
// fetches in IntermediateRoot are counted, so that the block's state hash
// figure shows it.
func (s *StateDB) usePrefetchedUBTTrie() {
	if s.prefetcher == nil || !s.db.Type().Is(TypeUBT) {
		return
	}
	defer func(start time.Time) { s.StorageUpdates += time.Since(start) }(time.Now())
	if tr := s.prefetcher.trie(common.Hash{}, s.originalRoot); tr != nil {
		s.trie = tr
	}
}
