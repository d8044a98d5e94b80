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

package pathdb

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/log"
)

// adoptEmptyBinaryState marks the flat state of a binary-trie database whose
// persistent state is empty as complete, and reports whether it did.
//
// The state snapshot generator, which builds the flat state from the trie, is
// never run for a binary trie, so such a database had no flat state at all:
// every disk-layer state read failed as not covered yet, and every account
// and storage read walked the trie. Yet every state change reaches the
// database as a state set alongside the trie nodes, and is written to the
// flat state on flush once the generator is done. An empty persistent state
// is trivially complete, so a database created empty (geth init) keeps a
// complete flat state from its first block on, as a Merkle database does once
// its generator finishes. Databases that hold binary-trie state already keep
// serving reads from the trie.
//
// It writes the same markers as AdoptSyncedState: the snapshot root and a
// finished generator, so that later runs load the flat state as complete.
func (db *Database) adoptEmptyBinaryState(root common.Hash) bool {
	if !db.isUBT || db.readOnly || root != types.EmptyBinaryHash {
		return false
	}
	batch := db.diskdb.NewBatch()
	rawdb.WriteSnapshotRoot(batch, root)
	journalProgress(batch, nil, nil)
	if err := batch.Write(); err != nil {
		log.Crit("Failed to mark the binary-trie flat state complete", "err", err)
	}
	log.Info("Binary-trie flat state enabled", "root", root)
	return true
}
