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
	"bytes"
	"encoding/json"
	"maps"
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/log"
)

// slowBlockJSON logs a block's stats at threshold 0 and returns the entry as
// the JSON object it was logged as.
func slowBlockJSON(t *testing.T, s *ExecuteStats) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	old := log.Root()
	log.SetDefault(log.NewLogger(log.JSONHandler(&buf)))
	defer log.SetDefault(old)

	s.logSlow(types.NewBlockWithHeader(&types.Header{Number: big.NewInt(7)}), 0)
	var line struct{ Msg string }
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("log line %q: %v", buf.String(), err)
	}
	var entry map[string]any
	if err := json.Unmarshal([]byte(line.Msg), &entry); err != nil {
		t.Fatalf("slow-block entry %q: %v", line.Msg, err)
	}
	return entry
}

// TestSlowBlockSharedFormat checks that an entry without optional figures has
// exactly the objects of the cross-client format and no extensions object.
func TestSlowBlockSharedFormat(t *testing.T) {
	entry := slowBlockJSON(t, &ExecuteStats{})
	want := []string{"block", "cache", "level", "msg", "state_reads", "state_writes", "throughput", "timing"}
	if got := slices.Sorted(maps.Keys(entry)); !slices.Equal(got, want) {
		t.Errorf("entry has %v, want %v", got, want)
	}
	if ext := (&ExecuteStats{}).extensions(); ext != nil {
		t.Errorf("a block without optional figures has extensions %v", ext)
	}
}

// TestTaggedExtensions checks which fields become extensions: tagged non-nil
// pointers, by their tag's name; untagged fields and nil pointers never.
func TestTaggedExtensions(t *testing.T) {
	type figures struct{ N int }
	var stats struct {
		Untagged *figures
		Set      *figures `slowblock:"set"`
		Unset    *figures `slowblock:"unset"`
		Value    int      `slowblock:"value"`
	}
	if ext := taggedExtensions(&stats); ext != nil {
		t.Errorf("nothing set: %v, want nil", ext)
	}
	stats.Untagged, stats.Set, stats.Value = &figures{1}, &figures{2}, 3
	ext := taggedExtensions(&stats)
	if len(ext) != 1 || ext["set"] != stats.Set {
		t.Errorf("extensions %v, want only set", ext)
	}
}

// BenchmarkExtensionsNone is the cost per logged block of finding no
// optional figures.
func BenchmarkExtensionsNone(b *testing.B) {
	s := &ExecuteStats{}
	b.ReportAllocs()
	for b.Loop() {
		if s.extensions() != nil {
			b.Fatal("extensions")
		}
	}
}
