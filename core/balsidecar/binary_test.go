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
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// TestBinaryLayout checks the binary form of a small Type-3 file byte for
// byte against the layout binary.go describes: block 7 (hash h) touching one
// account a with one slot k holding 0x2a, without write sets.
func TestBinaryLayout(t *testing.T) {
	h, a, k := common.Hash{0x11}, common.Address{0x22}, common.Hash{0x33}
	f := &File{Type: TypeSlotValues, Blocks: []*Block{{Number: 7, Hash: h, Accounts: []*Account{
		{Address: a, Slots: []common.Hash{k}, Values: []common.Hash{{31: 0x2a}}},
	}}}}
	want := "4742414c5343" + "03" + // magic, version
		"c20380" + // header: [type 3, no write sets]
		"f860" + "07" + "a0" + hex.EncodeToString(h[:]) + // block: [7, h, [account]]
		"f83c" + "f83a" + "94" + hex.EncodeToString(a[:]) + "80" + // account: [a, not written,
		"e1" + "a0" + hex.EncodeToString(k[:]) + // [k],
		"c1" + "2a" // [0x2a]]
	if got := hex.EncodeToString(encodeBinary(t, f)); got != want {
		t.Fatalf("binary form\n%s\nwant\n%s", got, want)
	}
}

// TestBinaryOldVersions checks that files of the hand-written binary layout
// (versions 1 and 2, testdata/ written by the codec this one replaced) are
// refused with a message that says what to do, and other versions as
// unknown.
func TestBinaryOldVersions(t *testing.T) {
	for _, name := range []string{"v1-type1.bal", "v2-type4.bal"} {
		path := filepath.Join("testdata", name)
		_, err := Load(path)
		want := path + ": binary BAL sidecar format version " + name[1:2] + " is no longer read; convert it with an older balgen or regenerate it"
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v\nwant %s", name, err, want)
		}
	}
	data := encodeBinary(t, testFile(TypeKeys))
	data[len(Magic)] = 4
	if _, err := Parse(data); err == nil || !strings.Contains(err.Error(), "offset 6: unsupported binary sidecar version 4 (want 3)") {
		t.Errorf("version 4: %v", err)
	}
}

// TestBinaryErrorOffset checks truncated and corrupt binary input: every
// error carries the offset of the block entry at fault, and names the block
// where its number can be read.
func TestBinaryErrorOffset(t *testing.T) {
	bin := encodeBinary(t, testFile(TypeSlotValues))
	for cut := len(Magic) + 1; cut < len(bin); cut++ {
		_, err := Parse(bin[:cut])
		if err == nil {
			// A cut at a block boundary is a shorter but valid file.
			continue
		}
		var pos *PosError
		if !errors.As(err, &pos) || pos.Offset > int64(cut) {
			t.Fatalf("cut at %d: error %v lacks a sane offset", cut, err)
		}
		if !strings.Contains(err.Error(), "truncated input") {
			t.Fatalf("cut at %d: error %v does not say the input is truncated", cut, err)
		}
	}
	// The header's type byte.
	bad := bytes.Clone(bin)
	bad[len(Magic)+2] = 2
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "offset 7: unsupported sidecar type 2") {
		t.Fatalf("bad type: error %v, want offset 7", err)
	}
	// An address one byte short in the second block (block 4).
	second := bytes.Index(bin, []byte{0xab, 4, 0})
	bad = append(bytes.Clone(bin[:second-1]), 0x93)
	bad = append(bad, bin[second:]...)
	_, err := Parse(bad)
	if err == nil || !strings.Contains(err.Error(), "blocks[1]: block 4: rlp:") {
		t.Fatalf("short address: error %v, want it to name block 4", err)
	}
	var pos *PosError
	if errors.As(err, &pos); pos == nil || pos.Offset <= int64(len(Magic)+4) || pos.Offset >= int64(second) {
		t.Fatalf("short address: error %v, want the offset of block 4's entry", err)
	}
}

// TestBinaryWrittenKeys checks the written-key bitmap: its length must
// match the keys, and it must not mark keys the account does not have.
func TestBinaryWrittenKeys(t *testing.T) {
	f := withWrites(testFile(TypeSlotValues))
	bin := encodeBinary(t, f)
	// The last account of the last block has two keys, the first written:
	// its bitmap, the file's last byte, is 0x01; bit 2 is beyond its keys.
	if bin[len(bin)-1] != 0x01 {
		t.Fatalf("last byte %#x, want the bitmap 0x01", bin[len(bin)-1])
	}
	bad := bytes.Clone(bin)
	bad[len(bad)-1] |= 0x04
	if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "block 5: account "+common.Address{0xab, 5, 2}.Hex()+": written-key bitmap marks keys beyond") {
		t.Errorf("bitmap bit beyond the keys: %v", err)
	}
	// A file without write sets carries no bitmap.
	plain := encodeBinary(t, testFile(TypeSlotValues))
	plain[len(Magic)+3] = 0x80 // header [3, false]
	bin[len(Magic)+3] = 0x80
	if _, err := Parse(bin); err == nil || !strings.Contains(err.Error(), "write set in a file without write sets") {
		t.Errorf("write sets in a file without them: %v", err)
	}
	if _, err := Parse(plain); err != nil {
		t.Errorf("file without write sets: %v", err)
	}
}

// TestBinaryLoadStreams checks that Load decodes a binary file larger than
// its read buffer.
func TestBinaryLoadStreams(t *testing.T) {
	f := &File{Type: TypeKeys}
	for n := uint64(1); n <= 300; n++ {
		a := &Account{Address: common.Address{byte(n)}}
		for s := 0; s < 10; s++ {
			a.Slots = append(a.Slots, common.Hash{byte(n), byte(s)})
		}
		f.Blocks = append(f.Blocks, &Block{Number: n, Hash: common.Hash{byte(n), 1}, Accounts: []*Account{a}})
	}
	path := filepath.Join(t.TempDir(), "long.bal")
	data := encodeBinary(t, f)
	if len(data) < 1<<16 {
		t.Fatalf("test file of %d bytes fits in one read buffer", len(data))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameBlocks(got, f); err != nil {
		t.Fatal(err)
	}
}
