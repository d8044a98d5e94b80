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
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/ethdb"
)

// dirState is the name, size and modification time of every file in a
// directory but the lock file, which every open of a database locks.
func dirState(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	state := make(map[string]string)
	for _, e := range entries {
		if e.Name() == "LOCK" {
			continue
		}
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		state[e.Name()] = fmt.Sprintf("%s %d", info.ModTime().Format(time.RFC3339Nano), info.Size())
	}
	return state
}

// TestView checks that View reads what the database holds, including writes
// that are only in its write-ahead log, and leaves the directory as it was.
func TestView(t *testing.T) {
	dir := t.TempDir()
	if err := View(filepath.Join(dir, "missing"), func(ethdb.KeyValueReader) error { return nil }); err == nil {
		t.Fatal("View of a missing database succeeded")
	}
	db, err := New(dir, 16, 16, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Put([]byte("key"), []byte("value")); err != nil {
		t.Fatal(err)
	}
	// Closing does not flush the memtable: the key is only in the log.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	before := dirState(t, dir)

	var leaked ethdb.KeyValueReader
	err = View(dir, func(r ethdb.KeyValueReader) error {
		leaked = r
		value, err := r.Get([]byte("key"))
		if err != nil || string(value) != "value" {
			t.Errorf("Get = %q, %v; want \"value\"", value, err)
		}
		if ok, err := r.Has([]byte("other")); ok || err != nil {
			t.Errorf("Has(other) = %v, %v; want false", ok, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if after := dirState(t, dir); !reflect.DeepEqual(before, after) {
		t.Fatalf("View changed the directory:\nbefore %v\nafter  %v", before, after)
	}
	if _, err := leaked.Get([]byte("key")); err == nil {
		t.Error("the reader is usable after View returned")
	}
	errFn := errors.New("fn failed")
	if err := View(dir, func(ethdb.KeyValueReader) error { return errFn }); !errors.Is(err, errFn) {
		t.Fatalf("View returned %v, want fn's error", err)
	}
}
