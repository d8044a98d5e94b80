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

//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// benchmarkoorGethLine is the pattern by which ethpandaops/benchmarkoor's geth
// parser finds the per-block JSON in geth's log (pkg/blocklog/geth.go at
// commit 61a209c, April 2026).
var benchmarkoorGethLine = regexp.MustCompile(`^(?:WARN|INFO|DEBUG|ERROR)\s+\[[^\]]+\]\s+(\{.+\})\s*$`)

// benchmarkoorFields are the fields benchmarkoor reads from an entry (its
// blockLogEntry in pkg/api/indexer/indexer.go, same commit), by path, with
// the Go kind it decodes each into: a JSON number must be an integer where
// benchmarkoor has an int, as encoding/json refuses 1.5 for an int.
var benchmarkoorFields = map[string]string{
	"level": "string", "msg": "string",
	"block.number": "uint", "block.hash": "string", "block.gas_used": "uint", "block.tx_count": "int",
	"timing.execution_ms": "float", "timing.state_read_ms": "float", "timing.state_hash_ms": "float",
	"timing.commit_ms": "float", "timing.total_ms": "float",
	"throughput.mgas_per_sec": "float",
	"state_reads.accounts":    "int", "state_reads.storage_slots": "int", "state_reads.code": "int", "state_reads.code_bytes": "int",
	"state_writes.accounts": "int", "state_writes.accounts_deleted": "int", "state_writes.storage_slots": "int",
	"state_writes.storage_slots_deleted": "int", "state_writes.code": "int", "state_writes.code_bytes": "int",
	"cache.account.hits": "int", "cache.account.misses": "int", "cache.account.hit_rate": "float",
	"cache.storage.hits": "int", "cache.storage.misses": "int", "cache.storage.hit_rate": "float",
	"cache.code.hits": "int", "cache.code.misses": "int", "cache.code.hit_rate": "float",
	"cache.code.hit_bytes": "int", "cache.code.miss_bytes": "int",
}

// benchmarkoorEntry is benchmarkoor's blockLogEntry, written here from its
// definition: decoding into it is what its indexer does with each entry.
type benchmarkoorEntry struct {
	Level string `json:"level"`
	Msg   string `json:"msg"`
	Block struct {
		Number  uint64 `json:"number"`
		Hash    string `json:"hash"`
		GasUsed uint64 `json:"gas_used"`
		TxCount int    `json:"tx_count"`
	} `json:"block"`
	Timing struct {
		ExecutionMs float64 `json:"execution_ms"`
		StateReadMs float64 `json:"state_read_ms"`
		StateHashMs float64 `json:"state_hash_ms"`
		CommitMs    float64 `json:"commit_ms"`
		TotalMs     float64 `json:"total_ms"`
	} `json:"timing"`
	Throughput struct {
		MgasPerSec float64 `json:"mgas_per_sec"`
	} `json:"throughput"`
	StateReads struct {
		Accounts     int `json:"accounts"`
		StorageSlots int `json:"storage_slots"`
		Code         int `json:"code"`
		CodeBytes    int `json:"code_bytes"`
	} `json:"state_reads"`
	StateWrites struct {
		Accounts        int `json:"accounts"`
		AccountsDeleted int `json:"accounts_deleted"`
		StorageSlots    int `json:"storage_slots"`
		SlotsDeleted    int `json:"storage_slots_deleted"`
		Code            int `json:"code"`
		CodeBytes       int `json:"code_bytes"`
	} `json:"state_writes"`
	Cache struct {
		Account struct {
			Hits    int     `json:"hits"`
			Misses  int     `json:"misses"`
			HitRate float64 `json:"hit_rate"`
		} `json:"account"`
		Storage struct {
			Hits    int     `json:"hits"`
			Misses  int     `json:"misses"`
			HitRate float64 `json:"hit_rate"`
		} `json:"storage"`
		Code struct {
			Hits      int     `json:"hits"`
			Misses    int     `json:"misses"`
			HitRate   float64 `json:"hit_rate"`
			HitBytes  int     `json:"hit_bytes"`
			MissBytes int     `json:"miss_bytes"`
		} `json:"code"`
	} `json:"cache"`
}

// upstreamObjects are the objects of upstream geth's entry (v1.17.10's
// slowBlockLog): anything statelab adds must be in "extensions", not here.
var upstreamObjects = []string{"block", "cache", "level", "msg", "state_reads", "state_writes", "throughput", "timing"}

// TestBenchmarkoorReadsSlowBlockJSON imports a workload with statelab's
// optional figures on (node fetches, a BAL sidecar) and checks every per-block
// line as benchmarkoor reads geth's: its line pattern finds the JSON, every
// field it reads is there with its type, and its struct decodes the entry.
// statelab's own figures are all in the one "extensions" object.
func TestBenchmarkoorReadsSlowBlockJSON(t *testing.T) {
	for _, kind := range []string{"mpt-path", "ubt"} {
		t.Run(kind, func(t *testing.T) {
			s := setupBAL(t, kind)
			datadir := s.copyDatadir(t)
			res := mustRun(t, "geth", "--datadir", datadir, "import", "--nocompaction", "--debug.logslowblock", "0",
				"--bal.file", s.sidecar, "--bal.type", "1", s.work)
			var entries int
			for _, line := range strings.Split(res.stderr, "\n") {
				if !strings.Contains(line, `"msg":"Slow block"`) {
					continue
				}
				entries++
				m := benchmarkoorGethLine.FindStringSubmatch(line)
				if m == nil {
					t.Fatalf("benchmarkoor's pattern does not find the JSON in %q", line)
				}
				checkBenchmarkoorEntry(t, m[1])
			}
			if entries != 2 {
				t.Fatalf("%d per-block entries, want one per workload block (2)\n%s", entries, tail(res.stderr, 10))
			}
		})
	}
}

// checkBenchmarkoorEntry checks one entry's JSON against benchmarkoor's fields
// and statelab's extensions.
func checkBenchmarkoorEntry(t *testing.T, blob string) {
	t.Helper()
	var e benchmarkoorEntry
	if err := json.Unmarshal([]byte(blob), &e); err != nil {
		t.Fatalf("benchmarkoor's struct does not decode the entry: %v\n%s", err, blob)
	}
	if e.Block.Number == 0 || e.Block.GasUsed == 0 || e.Timing.TotalMs <= 0 || !strings.HasPrefix(e.Block.Hash, "0x") {
		t.Errorf("decoded entry lacks figures: %+v", e)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(blob), &obj); err != nil {
		t.Fatal(err)
	}
	for path, kind := range benchmarkoorFields {
		v, ok := lookup(obj, path)
		if !ok {
			t.Errorf("field %s, which benchmarkoor reads, is missing", path)
			continue
		}
		if err := checkKind(v, kind); err != nil {
			t.Errorf("field %s: %v", path, err)
		}
	}
	for key := range obj {
		if key != "extensions" && !slices.Contains(upstreamObjects, key) {
			t.Errorf("top-level %q is neither upstream's nor in extensions", key)
		}
	}
	ext, ok := obj["extensions"].(map[string]any)
	if !ok {
		t.Fatalf("no extensions object in %s", blob)
	}
	for _, want := range []string{"node_fetches", "bal"} {
		if _, ok := ext[want]; !ok {
			t.Errorf("extensions have no %s: %v", want, ext)
		}
	}
}

// lookup finds a dotted path in a decoded JSON object.
func lookup(obj map[string]any, path string) (any, bool) {
	parts := strings.Split(path, ".")
	var cur any = obj
	for _, p := range parts {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// checkKind checks a decoded JSON value against the Go kind benchmarkoor
// decodes it into.
func checkKind(v any, kind string) error {
	switch kind {
	case "string":
		if _, ok := v.(string); !ok {
			return fmt.Errorf("%v is not a string", v)
		}
	case "float", "int", "uint":
		f, ok := v.(float64)
		if !ok {
			return fmt.Errorf("%v is not a number", v)
		}
		if kind != "float" && f != float64(int64(f)) {
			return fmt.Errorf("%v is not an integer", v)
		}
		if kind == "uint" && f < 0 {
			return fmt.Errorf("%v is negative", v)
		}
	}
	return nil
}
