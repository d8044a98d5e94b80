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

package statekind

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestText checks every value's text form both ways, and the refusal of any
// other text with an error naming the accepted ones.
func TestText(t *testing.T) {
	for _, tc := range []struct {
		text  string
		value any
	}{{"mpt", MPT}, {"ubt", UBT}, {"cold", Cold}, {"warm", Warm}} {
		if got := tc.value.(interface{ String() string }).String(); got != tc.text {
			t.Errorf("%#v: String %q, want %q", tc.value, got, tc.text)
		}
		switch want := tc.value.(type) {
		case Trie:
			if got, err := ParseTrie(tc.text); err != nil || got != want {
				t.Errorf("ParseTrie(%q) = %v, %v", tc.text, got, err)
			}
		case Cache:
			if got, err := ParseCache(tc.text); err != nil || got != want {
				t.Errorf("ParseCache(%q) = %v, %v", tc.text, got, err)
			}
		}
	}
	if MPT != Trie(0) || Cold != Cache(0) {
		t.Error("the zero values are not the defaults MPT and Cold")
	}
	for _, text := range []string{"", "UBT", "binary", " mpt", "verkle"} {
		if _, err := ParseTrie(text); err == nil || !strings.Contains(err.Error(), `unknown trie "`+text+`" (want "mpt" or "ubt")`) {
			t.Errorf("ParseTrie(%q): %v", text, err)
		}
	}
	for _, text := range []string{"", "Cold", "hot"} {
		if _, err := ParseCache(text); err == nil || !strings.Contains(err.Error(), `unknown cache state "`+text+`" (want "cold" or "warm")`) {
			t.Errorf("ParseCache(%q): %v", text, err)
		}
	}
	if _, err := Trie(2).MarshalText(); err == nil || Trie(2).String() != "Trie(2)" {
		t.Errorf("Trie(2): MarshalText error %v, String %q", err, Trie(2).String())
	}
	if _, err := Cache(9).MarshalText(); err == nil || Cache(9).String() != "Cache(9)" {
		t.Errorf("Cache(9): MarshalText error %v, String %q", err, Cache(9).String())
	}
}

// TestJSON checks that a record keeps its fields' text forms: what a string
// field wrote, a typed one writes and reads.
func TestJSON(t *testing.T) {
	type record struct {
		Trie   Trie    `json:"trie"`
		Tries  []Trie  `json:"tries"`
		Cache  Cache   `json:"cache"`
		Caches []Cache `json:"caches,omitempty"`
	}
	in := record{Trie: UBT, Tries: []Trie{UBT, MPT}, Cache: Warm}
	blob, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"trie":"ubt","tries":["ubt","mpt"],"cache":"warm"}`
	if string(blob) != want {
		t.Errorf("JSON %s, want %s", blob, want)
	}
	var out record
	if err := json.Unmarshal(blob, &out); err != nil || out.Trie != UBT || len(out.Tries) != 2 || out.Tries[0] != UBT || out.Cache != Warm {
		t.Errorf("read back %+v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"trie":"verkle"}`), &out); err == nil || !strings.Contains(err.Error(), `unknown trie "verkle"`) {
		t.Errorf("unknown trie in JSON: %v", err)
	}
	if _, err := json.Marshal(record{Cache: Cache(5)}); err == nil {
		t.Error("a cache state without a text form marshalled")
	}
}

// TestTOML checks that a study file's keys, single and listed, parse
// through the types, and that an unknown value is an error naming it.
func TestTOML(t *testing.T) {
	var s struct {
		Trie  Trie    `toml:"trie"`
		Tries []Trie  `toml:"tries"`
		Cache []Cache `toml:"cache"`
	}
	if _, err := toml.Decode("trie = \"ubt\"\ntries = [\"ubt\", \"mpt\"]\ncache = [\"cold\", \"warm\"]\n", &s); err != nil {
		t.Fatal(err)
	}
	if s.Trie != UBT || len(s.Tries) != 2 || s.Tries[0] != UBT || s.Tries[1] != MPT || len(s.Cache) != 2 || s.Cache[1] != Warm {
		t.Errorf("decoded %+v", s)
	}
	if _, err := toml.Decode(`cache = ["tepid"]`, &s); err == nil || !strings.Contains(err.Error(), `unknown cache state "tepid" (want "cold" or "warm")`) {
		t.Errorf("unknown cache state in TOML: %v", err)
	}
}
