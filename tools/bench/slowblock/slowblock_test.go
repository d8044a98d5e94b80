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

package slowblock

import (
	"strings"
	"testing"
)

// sampleLog is geth import output in the terminal format, with two per-block
// entries as core/blockchain_stats.go writes them (the second padded and
// with a field geth may add later).
const sampleLog = `INFO [11-29|21:43:34.702] Importing blockchain                     file=workload_erc20_approve.rlp
WARN [11-29|21:43:39.607] {"level":"warn","msg":"Slow block","block":{"number":4,"hash":"0xf8ec","gas_used":100021198,"tx_count":25},"timing":{"execution_ms":801.071269,"state_read_ms":229.188057,"state_hash_ms":595.580307,"commit_ms":273.402526,"total_ms":1900.292801},"throughput":{"mgas_per_sec":52.634624489113136},"state_reads":{"accounts":12,"storage_slots":12453,"code":3,"code_bytes":976},"state_writes":{"accounts":11,"accounts_deleted":0,"storage_slots":12453,"storage_slots_deleted":0,"code":0,"code_bytes":0},"cache":{"account":{"hits":7,"misses":5,"hit_rate":58.3},"storage":{"hits":9834,"misses":2619,"hit_rate":78.9},"code":{"hits":0,"misses":3,"hit_rate":0,"hit_bytes":0,"miss_bytes":976}}}
INFO [11-29|21:43:39.700] Imported new chain segment               number=4
WARN [11-29|21:43:40.100] {"level":"warn","msg":"Slow block","block":{"number":5,"hash":"0xd78c","gas_used":100018525,"tx_count":24},"timing":{"execution_ms":500,"state_read_ms":100.5,"state_hash_ms":200,"commit_ms":50,"total_ms":850},"throughput":{"mgas_per_sec":117.6},"state_reads":{"accounts":1,"storage_slots":10},"state_writes":{"accounts":1,"storage_slots":10},"cache":{"account":{"hits":1,"misses":0,"hit_rate":100},"storage":{"hits":4,"misses":6,"hit_rate":40}},"extensions":{"bal":{"type":3,"prefetch_ms":12.5,"slot_fetch_ms":7.5,"accounts_fetched":4,"slots_fetched":0,"accounts_injected":0,"slots_injected":10,"db_account_reads":0,"db_slot_reads":2}}}   
Import done in 5.1s.
`

func TestParse(t *testing.T) {
	blocks, err := Parse(strings.NewReader(sampleLog))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want 2", len(blocks))
	}
	b := blocks[0]
	if b.Block.Number != 4 || b.Block.GasUsed != 100021198 || b.Block.TxCount != 25 {
		t.Errorf("block info %+v", b.Block)
	}
	if b.Timing.TotalMs != 1900.292801 || b.Timing.StateReadMs != 229.188057 || b.Timing.StateHashMs != 595.580307 || b.Timing.CommitMs != 273.402526 {
		t.Errorf("timing %+v", b.Timing)
	}
	if b.StateReads.StorageSlots != 12453 || b.Cache.Storage.Hits != 9834 || b.Cache.Storage.Misses != 2619 {
		t.Errorf("reads %+v cache %+v", b.StateReads, b.Cache.Storage)
	}
	if blocks[1].Block.Number != 5 || blocks[1].Timing.TotalMs != 850 {
		t.Errorf("second block %+v %+v", blocks[1].Block, blocks[1].Timing)
	}
	if b.BAL != nil {
		t.Errorf("block without a sidecar entry has BAL figures %+v", b.BAL)
	}
	if bal := blocks[1].BAL; bal == nil || bal.Type != 3 || bal.PrefetchMs != 12.5 || bal.SlotFetchMs != 7.5 || bal.SlotsInjected != 10 || bal.DBSlotReads != 2 {
		t.Errorf("second block BAL figures %+v", bal)
	}
}

// nodeFetchLog is an entry of a statelab geth (an erc20_approve block of a
// 2,000-entry MPT dump) with the "node_fetches" object of its extensions.
const nodeFetchLog = `WARN [12-04|18:17:23.883] {"level":"warn","msg":"Slow block","block":{"number":2,"hash":"0x47c7c0f64295b4fa0f8de14e09697aae9a89e1c4a4d2fe686221dd916116ab91","gas_used":100003050,"tx_count":13},"timing":{"execution_ms":118.435332,"state_read_ms":26.060598,"state_hash_ms":41.292659,"commit_ms":99.299217,"total_ms":285.564632},"throughput":{"mgas_per_sec":350.1941024685438},"state_reads":{"accounts":15,"storage_slots":4083,"code":8,"code_bytes":1991},"state_writes":{"accounts":12,"accounts_deleted":0,"storage_slots":4074,"storage_slots_deleted":0,"code":0,"code_bytes":0},"cache":{"account":{"hits":6,"misses":9,"hit_rate":40},"storage":{"hits":2847,"misses":1236,"hit_rate":69.72814107274064},"code":{"hits":7,"misses":1,"hit_rate":87.5,"hit_bytes":1784,"miss_bytes":207}},"extensions":{"node_fetches":{"total":530,"bytes":49981,"failed":0,"repeats":2,"repeat_bytes":1064,"untracked":0,"sources":{"clean":0,"diff":530,"dirty":0,"disk":0,"unknown":0},"by_path":{"commit":{"fetches":0,"bytes":0,"repeats":0,"repeat_bytes":0,"sources":{"clean":0,"diff":0,"dirty":0,"disk":0,"unknown":0}},"prefetcher":{"fetches":527,"bytes":48385,"repeats":1,"repeat_bytes":532,"sources":{"clean":0,"diff":527,"dirty":0,"disk":0,"unknown":0}},"reader":{"fetches":2,"bytes":1064,"repeats":0,"repeat_bytes":0,"sources":{"clean":0,"diff":2,"dirty":0,"disk":0,"unknown":0}},"update":{"fetches":1,"bytes":532,"repeats":1,"repeat_bytes":532,"sources":{"clean":0,"diff":1,"dirty":0,"disk":0,"unknown":0}}}}}}
`

// TestParseNodeFetches reads the node fetches of a statelab entry; entries
// of a geth without them (sampleLog's) have none.
func TestParseNodeFetches(t *testing.T) {
	blocks, err := Parse(strings.NewReader(sampleLog + nodeFetchLog))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 || blocks[0].NodeFetches != nil || blocks[1].NodeFetches != nil {
		t.Fatalf("%d blocks, or node fetches in an entry without them", len(blocks))
	}
	nf := blocks[2].NodeFetches
	if nf == nil || nf.Total != 530 || nf.Bytes != 49981 || nf.Repeats != 2 || nf.RepeatBytes != 1064 || nf.Sources["diff"] != 530 {
		t.Fatalf("node fetches %+v", nf)
	}
	want := map[string]PathFetches{
		"reader":     {Fetches: 2, Bytes: 1064},
		"prefetcher": {Fetches: 527, Bytes: 48385, Repeats: 1, RepeatBytes: 532},
		"update":     {Fetches: 1, Bytes: 532, Repeats: 1, RepeatBytes: 532},
		"commit":     {},
	}
	for path, w := range want {
		got := nf.ByPath[path]
		if got.Fetches != w.Fetches || got.Bytes != w.Bytes || got.Repeats != w.Repeats || got.RepeatBytes != w.RepeatBytes || got.Sources["diff"] != w.Fetches {
			t.Errorf("%s: %+v, want %+v from diff layers", path, got, w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	bad := `WARN [11-29|21:43:39.607] {"level":"warn","msg":"Slow block","block":{"number":"four"}}`
	if _, err := Parse(strings.NewReader("INFO x\n" + bad)); err == nil || !strings.Contains(err.Error(), "log line 2") {
		t.Errorf("malformed entry: error %v, want one naming line 2", err)
	}
	if blocks, err := Parse(strings.NewReader("INFO nothing here\n")); err != nil || len(blocks) != 0 {
		t.Errorf("no entries: %d blocks, error %v", len(blocks), err)
	}
}

func TestParsePebbleBlockHit(t *testing.T) {
	log := "Import done in 1s.\n\n      |                             |       |       |   ingested   |     moved    |\nBlock cache: 2.1K entries (12MB)  hit rate: 42.9%\nFile cache: 12 tables\n"
	if got := ParsePebbleBlockHit(strings.NewReader(log)); got == nil || *got != 42.9 {
		t.Errorf("hit rate %v, want 42.9", got)
	}
	if got := ParsePebbleBlockHit(strings.NewReader("no stats\n")); got != nil {
		t.Errorf("hit rate %v from a log without stats", *got)
	}
}

// legacyLog has entries of a statelab geth from before its figures moved
// into "extensions": a BAL object and node fetches at the top level.
const legacyLog = `WARN [11-29|21:43:40.100] {"level":"warn","msg":"Slow block","block":{"number":5,"hash":"0xd78c","gas_used":100018525,"tx_count":24},"timing":{"execution_ms":500,"state_read_ms":100.5,"state_hash_ms":200,"commit_ms":50,"total_ms":850},"throughput":{"mgas_per_sec":117.6},"state_reads":{"accounts":1,"storage_slots":10},"state_writes":{"accounts":1,"storage_slots":10},"cache":{"account":{"hits":1,"misses":0,"hit_rate":100},"storage":{"hits":4,"misses":6,"hit_rate":40}},"bal":{"type":3,"prefetch_ms":12.5,"slot_fetch_ms":7.5,"accounts_fetched":4,"slots_fetched":0,"accounts_injected":0,"slots_injected":10,"db_account_reads":0,"db_slot_reads":2}}
WARN [12-04|18:17:23.883] {"level":"warn","msg":"Slow block","block":{"number":2,"hash":"0x47c7c0f64295b4fa0f8de14e09697aae9a89e1c4a4d2fe686221dd916116ab91","gas_used":100003050,"tx_count":13},"timing":{"execution_ms":118.435332,"state_read_ms":26.060598,"state_hash_ms":41.292659,"commit_ms":99.299217,"total_ms":285.564632},"node_fetches":{"total":530,"bytes":49981,"failed":0,"repeats":2,"repeat_bytes":1064,"untracked":0,"sources":{"clean":0,"diff":530,"dirty":0,"disk":0,"unknown":0},"by_path":{"commit":{"fetches":0,"bytes":0,"repeats":0,"repeat_bytes":0,"sources":{"clean":0,"diff":0,"dirty":0,"disk":0,"unknown":0}},"prefetcher":{"fetches":527,"bytes":48385,"repeats":1,"repeat_bytes":532,"sources":{"clean":0,"diff":527,"dirty":0,"disk":0,"unknown":0}},"reader":{"fetches":2,"bytes":1064,"repeats":0,"repeat_bytes":0,"sources":{"clean":0,"diff":2,"dirty":0,"disk":0,"unknown":0}},"update":{"fetches":1,"bytes":532,"repeats":1,"repeat_bytes":532,"sources":{"clean":0,"diff":1,"dirty":0,"disk":0,"unknown":0}}}},"throughput":{"mgas_per_sec":350.1941024685438},"state_reads":{"accounts":15,"storage_slots":4083,"code":8,"code_bytes":1991},"state_writes":{"accounts":12,"accounts_deleted":0,"storage_slots":4074,"storage_slots_deleted":0,"code":0,"code_bytes":0},"cache":{"account":{"hits":6,"misses":9,"hit_rate":40},"storage":{"hits":2847,"misses":1236,"hit_rate":69.72814107274064},"code":{"hits":7,"misses":1,"hit_rate":87.5,"hit_bytes":1784,"miss_bytes":207}}}
`

// TestParseLegacyTopLevel checks that figures at an entry's top level, where
// statelab's geth logged them before they moved into "extensions", are read.
func TestParseLegacyTopLevel(t *testing.T) {
	blocks, err := Parse(strings.NewReader(legacyLog))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 || blocks[0].BAL == nil || blocks[0].BAL.SlotsInjected != 10 || blocks[1].NodeFetches == nil || blocks[1].NodeFetches.Total != 530 {
		t.Fatalf("legacy entries: %d blocks, %+v, %+v", len(blocks), blocks[0].BAL, blocks[1].NodeFetches)
	}
}
