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
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// testFile returns a sidecar of the given type: blocks 3 to 5, each with an
// account without slots (absent in Type 4), one with one slot and one with
// two.
func testFile(typ Type) *File {
	f := &File{Type: typ}
	for n := uint64(3); n < 6; n++ {
		b := &Block{Number: n, Hash: common.Hash{byte(n), 0xaa}}
		for i := 0; i < 3; i++ {
			a := &Account{Address: common.Address{0xab, byte(n), byte(i)}}
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

// testVariants returns a constructor of every kind of test file: each type,
// with and without write sets.
func testVariants() []func() *File {
	var out []func() *File
	for _, typ := range []Type{TypeKeys, TypeSlotValues, TypeFullPrestate} {
		out = append(out,
			func() *File { return testFile(typ) },
			func() *File { return withWrites(testFile(typ)) })
	}
	return out
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
	for _, variant := range testVariants() {
		f := variant()
		name := fmt.Sprintf("type %d, write sets %v", f.Type, f.Writes)
		if err := f.Validate(); err != nil {
			t.Fatalf("%s: test file invalid: %v", name, err)
		}
		js := encodeJSON(t, f)
		fromJSON, err := Parse(js)
		if err != nil {
			t.Fatalf("%s: JSON: %v\n%s", name, err, js)
		}
		bin := encodeBinary(t, fromJSON)
		fromBin, err := Parse(bin)
		if err != nil {
			t.Fatalf("%s: binary: %v", name, err)
		}
		if again := encodeJSON(t, fromBin); !bytes.Equal(again, js) {
			t.Fatalf("%s: JSON -> binary -> JSON changed the file:\n%s\nvs\n%s", name, js, again)
		}
		if len(bin) >= len(js)/2 {
			t.Errorf("%s: binary form (%d bytes) not under half the JSON (%d)", name, len(bin), len(js))
		}
		if b := fromBin.Lookup(4); b == nil || b.Hash != f.Blocks[1].Hash {
			t.Errorf("%s: lookup of block 4 failed", name)
		}
		if b := fromBin.Lookup(6); b != nil {
			t.Errorf("%s: lookup of unlisted block 6 returned an entry", name)
		}
		if fromBin.Type != f.Type || fromBin.Writes != f.Writes {
			t.Fatalf("%s: type %d, write sets %v after the round trip", name, fromBin.Type, fromBin.Writes)
		}
		if err := sameBlocks(fromBin, f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// sameBlocks compares the entries of two files field by field.
func sameBlocks(got, want *File) error {
	if len(got.Blocks) != len(want.Blocks) {
		return fmt.Errorf("%d blocks, want %d", len(got.Blocks), len(want.Blocks))
	}
	for i, wb := range want.Blocks {
		gb := got.Blocks[i]
		if gb.Number != wb.Number || gb.Hash != wb.Hash || len(gb.Accounts) != len(wb.Accounts) {
			return fmt.Errorf("block %d: %d %x with %d accounts, want %d %x with %d", i, gb.Number, gb.Hash, len(gb.Accounts), wb.Number, wb.Hash, len(wb.Accounts))
		}
		for j, wa := range wb.Accounts {
			ga := gb.Accounts[j]
			same := ga.Address == wa.Address && ga.Absent == wa.Absent && ga.Nonce == wa.Nonce &&
				(ga.Balance == nil) == (wa.Balance == nil) && (ga.Balance == nil || ga.Balance.Eq(wa.Balance)) &&
				ga.CodeHash == wa.CodeHash && ga.StorageRoot == wa.StorageRoot &&
				fmt.Sprint(ga.Slots) == fmt.Sprint(wa.Slots) && fmt.Sprint(ga.Values) == fmt.Sprint(wa.Values) &&
				ga.Written == wa.Written && fmt.Sprint(ga.SlotWritten) == fmt.Sprint(wa.SlotWritten)
			if !same {
				return fmt.Errorf("block %d, account %d: %+v, want %+v", wb.Number, j, ga, wa)
			}
		}
	}
	return nil
}

// TestLoad checks that Load reads both forms from a file and that its errors
// name the file.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	want := encodeJSON(t, withWrites(testFile(TypeFullPrestate)))
	for name, data := range map[string][]byte{
		"a.bal.json": want,
		"a.bal":      encodeBinary(t, withWrites(testFile(TypeFullPrestate))),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Load(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := encodeJSON(t, f); !bytes.Equal(got, want) {
			t.Errorf("%s: loaded\n%s\nwant\n%s", name, got, want)
		}
		if err := os.WriteFile(path, data[:len(data)-3], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: truncated file: error %v does not start with the file's name", name, err)
		}
	}
}

// TestEncodeChecksType checks that the encoders refuse entries that carry
// more than the file's type: a file is lowered with Downgrade first.
func TestEncodeChecksType(t *testing.T) {
	for _, typ := range []Type{TypeKeys, TypeSlotValues} {
		f := testFile(TypeFullPrestate)
		f.Type = typ
		for _, asJSON := range []bool{false, true} {
			err := encode(io.Discard, f, asJSON)
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("block 3: account %s: type %d entry carries", common.Address{0xab, 3, 0}.Hex(), typ)) {
				t.Errorf("type %d, json %v: error %v", typ, asJSON, err)
			}
		}
	}
}

// TestValidate checks the structural rules.
func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		typ  Type
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
	for _, variant := range testVariants() {
		f.Add(encodeJSON(f, variant()))
		f.Add(encodeBinary(f, variant()))
	}
	f.Add([]byte(`{"version":1,"type":1,"blocks":[]}`))
	f.Add([]byte(`{"version":1,"type":3,"blocks":[{"number":1,"hash":"0x` + strings.Repeat("11", 32) + `","accounts":[{"address":"0x` + strings.Repeat("22", 20) + `","storage":["0x` + strings.Repeat("33", 32) + `"],"values":["0x1"]}]}]}`))
	f.Add([]byte(Magic + "\x03\xc2\x04\x01\xc0"))
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
	for _, typ := range []Type{TypeKeys, TypeSlotValues, TypeFullPrestate} {
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
