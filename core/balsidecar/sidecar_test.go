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
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

func testFile(typ int) *File {
	f := &File{Type: typ}
	for n := uint64(3); n < 6; n++ {
		b := &Block{Number: n, Hash: common.Hash{byte(n), 0xaa}}
		for i := 0; i < 3; i++ {
			a := &Account{Address: common.Address{byte(n), byte(i)}}
			for s := 0; s < i; s++ {
				a.Slots = append(a.Slots, common.Hash{byte(s), 0xbb})
				if typ >= TypeSlotValues {
					a.Values = append(a.Values, common.BigToHash(uint256.NewInt(uint64(n*100)+uint64(s)).ToBig()))
				}
			}
			if typ == TypeFullPrestate {
				if i == 0 {
					a.Absent = true
					for j := range a.Values {
						a.Values[j] = common.Hash{}
					}
				} else {
					a.Nonce = n
					a.Balance = uint256.NewInt(1e18 + n)
					a.CodeHash = common.Hash{0xcc}
					a.StorageRoot = common.Hash{0xdd}
				}
			}
			b.Accounts = append(b.Accounts, a)
		}
		f.Blocks = append(f.Blocks, b)
	}
	return f
}

// withWrites marks some accounts and slots of f written (version 2).
func withWrites(f *File) *File {
	f.Writes = true
	for _, b := range f.Blocks {
		for i, a := range b.Accounts {
			a.Written = i%2 == 1
			a.SlotWritten = make([]bool, len(a.Slots))
			for j := range a.SlotWritten {
				a.SlotWritten[j] = (i+j)%2 == 0
			}
		}
	}
	return f
}

func encodeJSON(t testing.TB, f *File) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := EncodeJSON(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeBinary(t testing.TB, f *File) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := EncodeBinary(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTrip checks that both forms decode to what was encoded, and that
// converting between them loses nothing.
func TestRoundTrip(t *testing.T) {
	for _, variant := range []int{TypeKeys, TypeSlotValues, TypeFullPrestate, 10 + TypeKeys, 10 + TypeSlotValues, 10 + TypeFullPrestate} {
		typ := variant % 10
		f := testFile(typ)
		if variant >= 10 {
			withWrites(f)
		}
		if err := f.Validate(); err != nil {
			t.Fatalf("type %d: test file invalid: %v", typ, err)
		}
		js := encodeJSON(t, f)
		fromJSON, err := Parse(js)
		if err != nil {
			t.Fatalf("type %d: JSON: %v\n%s", typ, err, js)
		}
		bin := encodeBinary(t, fromJSON)
		fromBin, err := Parse(bin)
		if err != nil {
			t.Fatalf("type %d: binary: %v", typ, err)
		}
		if again := encodeJSON(t, fromBin); !bytes.Equal(again, js) {
			t.Fatalf("type %d: JSON -> binary -> JSON changed the file:\n%s\nvs\n%s", typ, js, again)
		}
		if len(bin) >= len(js) {
			t.Errorf("type %d: binary form (%d bytes) not smaller than JSON (%d)", typ, len(bin), len(js))
		}
		if b := fromBin.Lookup(4); b == nil || b.Hash != f.Blocks[1].Hash {
			t.Errorf("type %d: lookup of block 4 failed", typ)
		}
		if b := fromBin.Lookup(6); b != nil {
			t.Errorf("type %d: lookup of unlisted block 6 returned an entry", typ)
		}
		if fromBin.Writes != f.Writes {
			t.Fatalf("type %d: write sets %v after the round trip, want %v", typ, fromBin.Writes, f.Writes)
		}
		if f.Writes {
			for i, b := range f.Blocks {
				for j, a := range b.Accounts {
					got := fromBin.Blocks[i].Accounts[j]
					if got.Written != a.Written || fmt.Sprint(got.SlotWritten) != fmt.Sprint(a.SlotWritten) {
						t.Fatalf("type %d: block %d account %d: write set %v %v, want %v %v", typ, b.Number, j, got.Written, got.SlotWritten, a.Written, a.SlotWritten)
					}
				}
			}
		}
	}
}

// TestWriteSetsNeedVersion2 checks that write sets are refused in version 1
// files and that version 2 files keep their marks within the listed keys.
func TestWriteSetsNeedVersion2(t *testing.T) {
	f := withWrites(testFile(TypeSlotValues))
	js := string(encodeJSON(t, f))
	if !strings.Contains(js, `"version": 2`) || !strings.Contains(js, `"writes"`) {
		t.Fatalf("version 2 JSON lacks its version or write sets:\n%s", js)
	}
	v1 := strings.Replace(js, `"version": 2`, `"version": 1`, 1)
	if _, err := Parse([]byte(v1)); err == nil || !strings.Contains(err.Error(), "need version 2") {
		t.Errorf("write sets in a version 1 file: %v", err)
	}
	stray := strings.Replace(js, `"writes":["`, `"writes":["0x`+strings.Repeat("77", 32)+`","`, 1)
	if _, err := Parse([]byte(stray)); err == nil || !strings.Contains(err.Error(), "is not in \"storage\"") {
		t.Errorf("a written key outside storage: %v", err)
	}
	bin := encodeBinary(t, f)
	plain := encodeBinary(t, testFile(TypeSlotValues))
	if bin[len(Magic)] != VersionWrites || plain[len(Magic)] != VersionReads {
		t.Errorf("binary versions %d and %d, want %d and %d", bin[len(Magic)], plain[len(Magic)], VersionWrites, VersionReads)
	}
	// A bitmap bit beyond the account's keys: the last account of the last
	// block has two slots, so bit 2 of its bitmap byte is out of range.
	bad := append([]byte(nil), bin...)
	bad[len(bad)-1] |= 0x04
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "beyond the account's keys") {
		t.Errorf("bitmap bit beyond the keys: %v", err)
	}
}

// TestDowngrade checks that a Type-4 file written as Type 1 or 3 drops the
// values the lower type does not carry and stays valid.
func TestDowngrade(t *testing.T) {
	for _, typ := range []int{TypeKeys, TypeSlotValues} {
		f := testFile(TypeFullPrestate)
		f.Type = typ
		for _, enc := range [][]byte{encodeJSON(t, f), encodeBinary(t, f)} {
			g, err := Parse(enc)
			if err != nil {
				t.Fatalf("type %d: %v", typ, err)
			}
			if g.Type != typ {
				t.Fatalf("type %d: decoded type %d", typ, g.Type)
			}
		}
	}
}

// TestJSONErrorPosition checks that malformed JSON is reported with the line
// and offset of the fault.
func TestJSONErrorPosition(t *testing.T) {
	good := string(encodeJSON(t, testFile(TypeSlotValues)))
	lines := strings.Split(good, "\n")
	tests := []struct {
		name string
		line int // 1-based line to corrupt
		edit func(string) string
		want string
	}{
		{"syntax", 4, func(s string) string { return strings.Replace(s, "\"address\"", "\"address\" ", 1)[:20] }, "line 4"},
		{"bad hex key", 5, func(s string) string { return strings.Replace(s, "0x01bb", "0x01zz", 1) }, "line 2"},
		{"wrong type", 2, func(s string) string { return strings.Replace(s, "\"number\": 3", "\"number\": \"3\"", 1) }, "line 2"},
		{"unknown field", 3, func(s string) string { return strings.Replace(s, "\"address\"", "\"adress\"", 1) }, "line 2"},
		{"bad version", 1, func(s string) string { return strings.Replace(s, "\"version\": 1", "\"version\": 9", 1) }, "line 1"},
		{"trailing", 12, func(s string) string { return s + " {}" }, "line 12"},
		{"values mismatch", 4, func(s string) string { return strings.Replace(s, ",\"values\":[", ",\"values\":[\"0x01\",", 1) }, "line 2"},
	}
	for _, tt := range tests {
		bad := append([]string(nil), lines...)
		bad[tt.line-1] = tt.edit(bad[tt.line-1])
		input := strings.Join(bad, "\n")
		if input == good {
			t.Fatalf("%s: edit changed nothing", tt.name)
		}
		_, err := Parse([]byte(input))
		var pos *PosError
		if !errors.As(err, &pos) {
			t.Errorf("%s: error %v has no position", tt.name, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want+",") {
			t.Errorf("%s: error %q, want it to start with %q", tt.name, err, tt.want)
		}
	}
}

// TestBinaryErrorOffset checks truncated and corrupt binary input.
func TestBinaryErrorOffset(t *testing.T) {
	bin := encodeBinary(t, testFile(TypeSlotValues))
	for cut := len(Magic) + 3; cut < len(bin); cut += 7 {
		_, err := Parse(bin[:cut])
		var pos *PosError
		if err == nil {
			// A cut at a block boundary is a shorter but valid file.
			continue
		}
		if !errors.As(err, &pos) || pos.Offset > int64(cut) {
			t.Fatalf("cut at %d: error %v lacks a sane offset", cut, err)
		}
	}
	bad := append([]byte(nil), bin...)
	bad[len(Magic)+1] = 2
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "offset 7") {
		t.Fatalf("bad type byte: error %v, want offset 7", err)
	}
}

// TestValidate checks the structural rules.
func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		typ  int
		edit func(f *File)
		want string
	}{
		{"order", TypeKeys, func(f *File) { f.Blocks[1].Number = 3 }, "ascending"},
		{"dup account", TypeKeys, func(f *File) { f.Blocks[0].Accounts[1].Address = f.Blocks[0].Accounts[0].Address }, "listed twice"},
		{"dup key", TypeKeys, func(f *File) { a := f.Blocks[0].Accounts[2]; a.Slots[1] = a.Slots[0] }, "listed twice"},
		{"values in type 1", TypeKeys, func(f *File) { a := f.Blocks[0].Accounts[1]; a.Values = []common.Hash{{}} }, "carries slot values"},
		{"missing values", TypeSlotValues, func(f *File) { a := f.Blocks[0].Accounts[2]; a.Values = a.Values[:1] }, "2 storage keys but 1 values"},
		{"account in type 3", TypeSlotValues, func(f *File) { f.Blocks[0].Accounts[1].Nonce = 1 }, "carries account values"},
		{"absent with value", TypeFullPrestate, func(f *File) { f.Blocks[0].Accounts[0].Balance = uint256.NewInt(1) }, "absent account carries"},
		{"no balance", TypeFullPrestate, func(f *File) { f.Blocks[0].Accounts[1].Balance = nil }, "lacks balance"},
		{"no hash", TypeKeys, func(f *File) { f.Blocks[2].Hash = common.Hash{} }, "missing block hash"},
		{"writes in version 1", TypeKeys, func(f *File) { f.Blocks[0].Accounts[1].Written = true }, "write set in a file without"},
		{"short write marks", TypeKeys, func(f *File) { withWrites(f); a := f.Blocks[0].Accounts[2]; a.SlotWritten = a.SlotWritten[:1] }, "2 storage keys but 1 write marks"},
	}
	for _, tt := range tests {
		f := testFile(tt.typ)
		tt.edit(f)
		err := f.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// FuzzParse checks that no input makes the parser panic, and that whatever
// parses survives a round trip through both forms unchanged.
func FuzzParse(f *testing.F) {
	for _, typ := range []int{TypeKeys, TypeSlotValues, TypeFullPrestate} {
		f.Add(encodeJSON(f, testFile(typ)))
		f.Add(encodeBinary(f, testFile(typ)))
		f.Add(encodeJSON(f, withWrites(testFile(typ))))
		f.Add(encodeBinary(f, withWrites(testFile(typ))))
	}
	f.Add([]byte(`{"version":1,"type":1,"blocks":[]}`))
	f.Add([]byte(`{"version":1,"type":3,"blocks":[{"number":1,"hash":"0x` + strings.Repeat("11", 32) + `","accounts":[{"address":"0x` + strings.Repeat("22", 20) + `","storage":["0x` + strings.Repeat("33", 32) + `"],"values":["0x1"]}]}]}`))
	f.Add([]byte(Magic + "\x01\x04\x01"))
	f.Add([]byte(`{"version":1,"type":1,"blocks":[{"number":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			if file != nil {
				t.Fatal("file returned with error")
			}
			return
		}
		js := encodeJSON(t, file)
		g, err := Parse(js)
		if err != nil {
			t.Fatalf("re-encoded JSON does not parse: %v\n%s", err, js)
		}
		h, err := Parse(encodeBinary(t, g))
		if err != nil {
			t.Fatalf("re-encoded binary does not parse: %v", err)
		}
		if !bytes.Equal(encodeJSON(t, h), js) {
			t.Fatal("round trip changed the file")
		}
	})
}

// TestDowngradeMethod checks that Downgrade leaves a valid file of the lower
// type and refuses to raise one.
func TestDowngradeMethod(t *testing.T) {
	for _, typ := range []int{TypeKeys, TypeSlotValues, TypeFullPrestate} {
		f := testFile(TypeFullPrestate)
		if err := f.Downgrade(typ); err != nil {
			t.Fatalf("type %d: %v", typ, err)
		}
		if err := f.Validate(); err != nil || f.Type != typ {
			t.Fatalf("type %d: invalid after downgrade (type %d): %v", typ, f.Type, err)
		}
		if typ < TypeFullPrestate {
			if err := f.Downgrade(TypeFullPrestate); err == nil {
				t.Fatalf("type %d raised to type 4", typ)
			}
		}
	}
}
