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

package pathdb

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/rawdb"
)

// TestAdoptEmptyBinaryState checks that a binary-trie database created empty
// has a complete flat state, recorded so that it stays complete when opened
// again, and that a read-only one records nothing.
func TestAdoptEmptyBinaryState(t *testing.T) {
	disk := rawdb.NewMemoryDatabase()
	db := New(disk, Defaults, true)
	if !db.tree.bottom().genComplete() {
		t.Fatal("flat state of an empty binary-trie database is not complete")
	}
	db.Close()
	generator, _, err := loadGenerator(db.diskdb, db.hasher)
	if err != nil || generator == nil || !generator.Done {
		t.Fatalf("generator not recorded as done: %+v, %v", generator, err)
	}
	if db = New(disk, Defaults, true); !db.tree.bottom().genComplete() {
		t.Fatal("flat state not complete when the database is opened again")
	}
	db.Close()

	readonly := *Defaults
	readonly.ReadOnly = true
	disk = rawdb.NewMemoryDatabase()
	db = New(disk, &readonly, true)
	if generator, _, _ := loadGenerator(db.diskdb, db.hasher); generator != nil {
		t.Fatalf("read-only database recorded a generator: %+v", generator)
	}
	db.Close()
}
