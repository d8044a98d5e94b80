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

// balSummary is what a BAL sidecar did for the block (geth import --bal.file),
// from the block span's bal.* attributes; nil when the block had no sidecar
// entry.
type balSummary struct {
	Type             int64 `json:"type"` // 1 (fetch), 3 or 4 (inject)
	PrefetchUS       int64 `json:"prefetch_us"`
	AccountsFetched  int64 `json:"accounts_fetched"`
	SlotsFetched     int64 `json:"slots_fetched"`
	AccountsInjected int64 `json:"accounts_injected"`
	SlotsInjected    int64 `json:"slots_injected"`
	SlotsFromTrie    int64 `json:"slots_from_trie"`  // Type-1 written slots read from the warmed tries
	DBAccountReads   int64 `json:"db_account_reads"` // reads that still went to the database
	DBSlotReads      int64 `json:"db_slot_reads"`
}

// balOf returns the block's BAL figures, or nil without a bal.type attribute.
func balOf(b *blockSpans) *balSummary {
	r := b.root
	typ, ok := r.intAttr("bal.type")
	if !ok {
		return nil
	}
	return &balSummary{
		Type:             typ,
		PrefetchUS:       r.intOr("bal.prefetch_us"),
		AccountsFetched:  r.intOr("bal.accounts_fetched"),
		SlotsFetched:     r.intOr("bal.slots_fetched"),
		AccountsInjected: r.intOr("bal.accounts_injected"),
		SlotsInjected:    r.intOr("bal.slots_injected"),
		SlotsFromTrie:    r.intOr("bal.slots_from_trie"),
		DBAccountReads:   r.intOr("bal.db_account_reads"),
		DBSlotReads:      r.intOr("bal.db_slot_reads"),
	}
}
