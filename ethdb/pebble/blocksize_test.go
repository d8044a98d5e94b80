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

package pebble

import (
	"crypto/rand"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2"
)

func TestParseBlockSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want BlockSize
	}{
		{"1KiB", 1 << 10},
		{"4KiB", 4 << 10},
		{"8kib", 8 << 10},
		{"16KIB", 16 << 10},
		{"64KiB", 64 << 10},
		{"16384", 16 << 10},
		{"2048", 2 << 10},
	} {
		got, err := ParseBlockSize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseBlockSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
		if back, err := ParseBlockSize(got.String()); err != nil || back != got {
			t.Errorf("ParseBlockSize(%q.String() = %q) = %d, %v", tt.in, got.String(), back, err)
		}
	}
	for _, in := range []string{
		"", "0", "0KiB", "-4KiB", "KiB", "abc", "16KB", "16K", "16 KiB",
		"512", "3KiB", "12KiB", "128KiB", "65537", "99999999999999999999KiB",
	} {
		got, err := ParseBlockSize(in)
		if err == nil {
			t.Errorf("ParseBlockSize(%q) = %d, want an error", in, got)
			continue
		}
		if !strings.Contains(err.Error(), "power of two from 1KiB to 64KiB") {
			t.Errorf("ParseBlockSize(%q): error does not say what is allowed: %v", in, err)
		}
	}
}

func TestBlockSizeString(t *testing.T) {
	for size, want := range map[BlockSize]string{4 << 10: "4KiB", 64 << 10: "64KiB", 1536: "1536"} {
		if got := size.String(); got != want {
			t.Errorf("BlockSize(%d).String() = %q, want %q", int(size), got, want)
		}
	}
}

// TestWithBlockSize checks that the tables pebble writes, by a flush and by a
// compaction, have data blocks of the configured size, and of pebble's default
// without one.
func TestWithBlockSize(t *testing.T) {
	for _, size := range []BlockSize{0, 4 << 10, 16 << 10, 64 << 10} {
		name := size.String()
		if size == 0 {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			var customize func(*pebble.Options)
			if size != 0 {
				customize = WithBlockSize(size)
			}
			db, err := NewCustom(t.TempDir(), 16, 16, "", false, customize)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()

			// 8 MiB of incompressible values under random 32-byte keys, like
			// trie nodes under their paths or hashes.
			value := make([]byte, 256)
			for i := 0; i < 32<<10; i++ {
				key := make([]byte, 32)
				rand.Read(key)
				binary.BigEndian.PutUint32(value, uint32(i))
				rand.Read(value[4:])
				if err := db.Put(key, value); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.db.Flush(); err != nil {
				t.Fatal(err)
			}
			want := size
			if want == 0 {
				want = DefaultBlockSize
			}
			checkDataBlockSize(t, db.db, want)
			if err := db.Compact(nil, nil); err != nil {
				t.Fatal(err)
			}
			checkDataBlockSize(t, db.db, want)
		})
	}
}

// checkDataBlockSize checks that the mean data block of the database's tables
// is within a few percent below the target size: pebble finishes a block once
// it reaches the target, or is near it and the next entry would overshoot.
func checkDataBlockSize(t *testing.T, db *pebble.DB, want BlockSize) {
	t.Helper()
	levels, err := db.SSTables(pebble.WithProperties())
	if err != nil {
		t.Fatal(err)
	}
	var data, blocks uint64
	for _, tables := range levels {
		for _, table := range tables {
			data += table.Properties.DataSize
			blocks += table.Properties.NumDataBlocks
		}
	}
	if blocks == 0 {
		t.Fatal("no data blocks written")
	}
	mean := float64(data) / float64(blocks)
	if lo, hi := 0.85*float64(want), 1.1*float64(want); mean < lo || mean > hi {
		t.Fatalf("mean data block %.0f bytes over %d blocks, want %d (%.0f..%.0f)", mean, blocks, int(want), lo, hi)
	}
	t.Logf("mean data block %.0f bytes over %d blocks, target %v", mean, blocks, want)
}
