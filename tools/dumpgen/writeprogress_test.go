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

package main

import (
	"strings"
	"testing"
	"time"

	"statelab/tools/internal/statekind"
)

// TestWriteProgress checks the progress line of a datadir write: the shares
// of entries and stems taken, and a time left estimated from the stream
// furthest behind.
func TestWriteProgress(t *testing.T) {
	p := &writeProgress{expected: 100, expectedStems: 200, start: time.Now().Add(-10 * time.Second)}
	p.entries.Store(50)
	p.stems.Store(20)
	line := p.line(true)
	for _, want := range []string{"50/~100 entries (50%)", "20/~200 trie stems (10%)", "elapsed 10s", "about 1m30s left"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if line := p.line(false); strings.Contains(line, "stems") || !strings.Contains(line, "about 10s left") {
		t.Errorf("MPT line %q", line)
	}
}

// TestCountProgress checks that the counted source counts every account,
// slot and stem the writer takes.
func TestCountProgress(t *testing.T) {
	pop, _ := testGenesisPopulation(t, statekind.UBT, forkDefault, 3000, false, false)
	p := &writeProgress{}
	src := p.count(pop.source())
	var accounts, slots, stems uint64
	for a, err := range src.Accounts {
		if err != nil {
			t.Fatal(err)
		}
		accounts++
		if a.Storage != nil {
			for range a.Storage {
				slots++
			}
		}
	}
	for range src.Stems {
		stems++
	}
	if accounts+slots < 3000 || p.entries.Load() != accounts+slots || p.stems.Load() != stems {
		t.Fatalf("counted %d entries and %d stems, taken %d accounts, %d slots and %d stems", p.entries.Load(), p.stems.Load(), accounts, slots, stems)
	}
	if est := pop.stemCount(); stems > est || stems < est*9/10 {
		t.Errorf("%d stems, estimated %d", stems, est)
	}
}
