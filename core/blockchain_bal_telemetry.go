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

package core

import "github.com/ethereum/go-ethereum/internal/telemetry"

// balSpanAttributes puts a block's BAL sidecar figures on its block span when
// telemetry is on: what the list prefetched or injected, how long that took,
// and the state reads during execution that still went to the database.
func balSpanAttributes(s *ExecuteStats) []telemetry.Attribute {
	if s.BAL == nil {
		return nil
	}
	b := s.BAL
	return []telemetry.Attribute{
		telemetry.IntAttribute("bal.type", b.Type),
		telemetry.Int64Attribute("bal.prefetch_us", int64(b.PrefetchMs*1000)),
		telemetry.Int64Attribute("bal.slot_fetch_us", int64(b.SlotFetchMs*1000)),
		telemetry.IntAttribute("bal.accounts_fetched", b.AccountsFetched),
		telemetry.IntAttribute("bal.slots_fetched", b.SlotsFetched),
		telemetry.IntAttribute("bal.accounts_injected", b.AccountsInjected),
		telemetry.IntAttribute("bal.slots_injected", b.SlotsInjected),
		telemetry.IntAttribute("bal.slots_from_trie", b.SlotsFromTrie),
		telemetry.IntAttribute("bal.codes_fetched", b.CodesFetched),
		telemetry.IntAttribute("bal.warm_slots", b.WarmSlots),
		telemetry.Int64Attribute("bal.warm_nodes", b.WarmNodes),
		telemetry.Int64Attribute("bal.warm_us", int64(b.WarmMs*1000)),
		telemetry.Int64Attribute("bal.db_account_reads", b.DBAccountReads),
		telemetry.Int64Attribute("bal.db_slot_reads", b.DBSlotReads),
		telemetry.Int64Attribute("bal.db_code_reads", b.DBCodeReads),
	}
}
