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

package balsidecar

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

var hexDigits = regexp.MustCompile(`0x[0-9a-fA-F]+`)

// TestJSONOldFiles reads JSON files of both versions written by the
// hand-written codec this one replaced (testdata/, from the same test files
// with checksummed addresses): they decode to the test files, and the new
// encoder writes them back as they were, except for the addresses' case.
func TestJSONOldFiles(t *testing.T) {
	for name, want := range map[string]*File{
		"v1-type3.bal.json": testFile(TypeSlotValues),
		"v2-type1.bal.json": withWrites(testFile(TypeKeys)),
		"v2-type4.bal.json": withWrites(testFile(TypeFullPrestate)),
	} {
		old, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load(filepath.Join("testdata", name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Type != want.Type || f.Writes != want.Writes {
			t.Fatalf("%s: type %d, write sets %v; want %d, %v", name, f.Type, f.Writes, want.Type, want.Writes)
		}
		if err := sameBlocks(f, want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lower := hexDigits.ReplaceAllFunc(old, bytes.ToLower)
		if got := encodeJSON(t, f); !bytes.Equal(got, lower) {
			t.Errorf("%s: written back as\n%s\nwant\n%s", name, got, lower)
		}
	}
}

// TestJSONSlotValueForms checks the two forms of a slot value: a quantity,
// as the writers write it, and 32 bytes of hex, as eth_getStorageAt returns
// it; a quantity with leading zeros is refused.
func TestJSONSlotValueForms(t *testing.T) {
	file := func(value string) []byte {
		return []byte(`{"version":1,"type":3,"blocks":[{"number":1,"hash":"0x` + strings.Repeat("11", 32) +
			`","accounts":[{"address":"0x` + strings.Repeat("22", 20) + `","storage":["0x` + strings.Repeat("33", 32) +
			`"],"values":["` + value + `"]}]}]}`)
	}
	for _, value := range []string{"0x2a", "0x" + strings.Repeat("0", 62) + "2a"} {
		f, err := Parse(file(value))
		if err != nil {
			t.Fatalf("value %s: %v", value, err)
		}
		if got := f.Blocks[0].Accounts[0].Values[0]; got != (common.Hash{31: 0x2a}) {
			t.Errorf("value %s decoded as %x", value, got)
		}
	}
	for _, value := range []string{"0x02a", "0x", "0x1" + strings.Repeat("0", 64), "2a", "0xzz"} {
		if _, err := Parse(file(value)); err == nil || !strings.Contains(err.Error(), "blocks[0]: block 1: accounts[0]: values") {
			t.Errorf("value %q: error %v, want one naming the block, account and field", value, err)
		}
	}
}

// TestWriteSetsNeedVersion2 checks that write sets are refused in version 1
// files and that version 2 files keep their marks within the listed keys.
func TestWriteSetsNeedVersion2(t *testing.T) {
	js := string(encodeJSON(t, withWrites(testFile(TypeSlotValues))))
	if !strings.Contains(js, `"version": 2`) || !strings.Contains(js, `"writes"`) {
		t.Fatalf("version 2 JSON lacks its version or write sets:\n%s", js)
	}
	if plain := string(encodeJSON(t, testFile(TypeSlotValues))); !strings.Contains(plain, `"version": 1`) {
		t.Fatalf("JSON without write sets is not version 1:\n%s", plain)
	}
	v1 := strings.Replace(js, `"version": 2`, `"version": 1`, 1)
	if _, err := Parse([]byte(v1)); err == nil || !strings.Contains(err.Error(), "need version 2") {
		t.Errorf("write sets in a version 1 file: %v", err)
	}
	stray := strings.Replace(js, `"writes":["`, `"writes":["0x`+strings.Repeat("77", 32)+`","`, 1)
	if _, err := Parse([]byte(stray)); err == nil || !strings.Contains(err.Error(), "is not in \"storage\"") {
		t.Errorf("a written key outside storage: %v", err)
	}
}

// TestJSONErrors checks that malformed JSON is reported with the line of a
// syntax error, or the path of the entry at fault and its block.
func TestJSONErrors(t *testing.T) {
	good := string(encodeJSON(t, testFile(TypeSlotValues)))
	lines := strings.Split(good, "\n")
	tests := []struct {
		name string
		line int // 1-based line to corrupt, 0 for the last
		edit func(string) string
		want string // what the error must name
	}{
		{"syntax", 4, func(s string) string { return strings.Replace(s, "\"address\"", "\"address\" ", 1)[:20] }, "line 4: invalid character"},
		{"bad hex key", 5, func(s string) string { return strings.Replace(s, "0x01bb", "0x01zz", 1) }, "blocks[0]: block 3: accounts[2]: "},
		{"bad address", 3, func(s string) string { return strings.Replace(s, "0xab", "0xzz", 1) }, "blocks[0]: block 3: accounts[0]: "},
		{"short hash", 2, func(s string) string { return strings.Replace(s, "0x03aa00", "0x03aa", 1) }, "blocks[0]: block 3: "},
		{"wrong type", 2, func(s string) string { return strings.Replace(s, "\"number\": 3", "\"number\": \"3\"", 1) }, "blocks[0]: number: string, want uint64"},
		{"unknown field", 3, func(s string) string { return strings.Replace(s, "\"address\"", "\"adress\"", 1) }, "blocks[0]: block 3: accounts[0]: json: unknown field \"adress\""},
		{"bad version", 1, func(s string) string { return strings.Replace(s, "\"version\": 1", "\"version\": 9", 1) }, "unsupported sidecar version 9"},
		{"bad type", 1, func(s string) string { return strings.Replace(s, "\"type\": 3", "\"type\": 2", 1) }, "unsupported sidecar type 2"},
		{"trailing", 0, func(s string) string { return s + " {}" }, "trailing data"},
		{"values mismatch", 4, func(s string) string { return strings.Replace(s, ",\"values\":[", ",\"values\":[\"0x1\",", 1) }, "blocks[0]: block 3: account " + common.Address{0xab, 3, 1}.Hex() + ": 1 storage keys but 2 values"},
		{"disorder", 10, func(s string) string { return strings.Replace(s, "\"number\": 5", "\"number\": 4", 1) }, "blocks[2]: block 4: entries not in strictly ascending block order (after block 4)"},
	}
	for _, tt := range tests {
		bad := append([]string(nil), lines...)
		if tt.line == 0 {
			tt.line = len(lines)
		}
		bad[tt.line-1] = tt.edit(bad[tt.line-1])
		input := strings.Join(bad, "\n")
		if input == good {
			t.Fatalf("%s: edit changed nothing", tt.name)
		}
		if _, err := Parse([]byte(input)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to name %q", tt.name, err, tt.want)
		}
	}
}

// TestJSONMissingFields checks that required fields are named when missing.
func TestJSONMissingFields(t *testing.T) {
	hash := `"0x` + strings.Repeat("11", 32) + `"`
	for input, want := range map[string]string{
		`{"type":1,"blocks":[]}`:                                                             `missing field "version"`,
		`{"version":1,"blocks":[]}`:                                                          `missing field "type"`,
		`{"version":1,"type":1,"blocks":[{"hash":` + hash + `}]}`:                            `blocks[0]: missing field "number"`,
		`{"version":1,"type":1,"blocks":[{"number":7}]}`:                                     `blocks[0]: block 7: missing field "hash"`,
		`{"version":1,"type":1,"blocks":[{"number":7,"hash":` + hash + `,"accounts":[{}]}]}`: `blocks[0]: block 7: accounts[0]: missing field "address"`,
	} {
		if _, err := Parse([]byte(input)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", input, err, want)
		}
	}
}
