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

import (
	"strings"
	"testing"
)

func TestBALSpanAttributes(t *testing.T) {
	for _, kv := range statsAttributes(&ExecuteStats{}) {
		if strings.HasPrefix(string(kv.Key), "bal.") {
			t.Errorf("a block without a sidecar got BAL attribute %s", kv.Key)
		}
	}
	stats := &ExecuteStats{BAL: &balSidecarStats{Type: 3, PrefetchMs: 1.5, SlotFetchMs: 2.5, AccountsFetched: 7, SlotsInjected: 11, SlotsFromTrie: 5, DBSlotReads: 2}}
	want := map[string]int64{"bal.type": 3, "bal.prefetch_us": 1500, "bal.slot_fetch_us": 2500, "bal.accounts_fetched": 7, "bal.slots_injected": 11, "bal.slots_from_trie": 5, "bal.db_slot_reads": 2}
	got := make(map[string]int64)
	for _, kv := range statsAttributes(stats) {
		got[string(kv.Key)] = kv.Value.AsInt64()
	}
	for key, v := range want {
		if got[key] != v {
			t.Errorf("%s = %d, want %d", key, got[key], v)
		}
	}
}
