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
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
)

// TestOverlayDB checks that an overlay shows base and own writes, hides
// its deletions, merges iterators in order and never writes the base.
func TestOverlayDB(t *testing.T) {
	base := rawdb.NewMemoryDatabase()
	for _, k := range []string{"a1", "a3", "a5", "b1"} {
		base.Put([]byte(k), []byte("base-"+k))
	}
	db := newOverlayDB(base)
	db.Put([]byte("a2"), []byte("mem-a2"))
	db.Put([]byte("a3"), []byte("mem-a3"))
	db.Delete([]byte("a5"))
	batch := db.NewBatch()
	batch.Put([]byte("a4"), []byte("mem-a4"))
	batch.Delete([]byte("a1"))
	if err := batch.Write(); err != nil {
		t.Fatal(err)
	}
	if v, err := db.Get([]byte("a3")); err != nil || string(v) != "mem-a3" {
		t.Errorf("a3: %q %v", v, err)
	}
	if ok, _ := db.Has([]byte("a5")); ok {
		t.Error("deleted a5 still present")
	}
	if v, _ := db.Get([]byte("b1")); string(v) != "base-b1" {
		t.Errorf("b1: %q", v)
	}
	var got []string
	it := db.NewIterator([]byte("a"), nil)
	for it.Next() {
		got = append(got, string(it.Key())+"="+string(it.Value()))
	}
	it.Release()
	want := []string{"a2=mem-a2", "a3=mem-a3", "a4=mem-a4"}
	if len(got) != len(want) {
		t.Fatalf("iterated %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("iterated %q, want %q", got, want)
		}
	}
	if err := db.DeleteRange([]byte("a"), []byte("a4")); err != nil {
		t.Fatal(err)
	}
	if ok, _ := db.Has([]byte("a2")); ok {
		t.Error("a2 survived DeleteRange")
	}
	if ok, _ := db.Has([]byte("a4")); !ok {
		t.Error("DeleteRange end is not exclusive")
	}
	// The base is untouched.
	for _, k := range []string{"a1", "a3", "a5"} {
		if v, _ := base.Get([]byte(k)); !bytes.Equal(v, []byte("base-"+k)) {
			t.Errorf("base %s changed to %q", k, v)
		}
	}
	if ok, _ := base.Has([]byte("a2")); ok {
		t.Error("overlay wrote the base")
	}
}
