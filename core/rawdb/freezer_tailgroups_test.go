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

package rawdb

import (
	"testing"

	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/ethdb/memorydb"
	"github.com/stretchr/testify/require"
)

// TestFreezerReadonlyEmptyTailGroups checks that a readonly freezer knows
// the tail groups whose tables are all empty, at tail zero, and keeps the
// tail of a group whose other tables hold items.
func TestFreezerReadonlyEmptyTailGroups(t *testing.T) {
	tables := map[string]freezerTableConfig{
		"a": {noSnappy: true, tailGroup: "pruned"},
		"b": {noSnappy: true, tailGroup: "empty"},
		"c": {noSnappy: true},
	}
	dir := t.TempDir()
	f, err := NewFreezer(dir, "", false, 2049, tables)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	// Nothing frozen yet: every group starts at zero.
	f, err = NewFreezer(dir, "", true, 2049, tables)
	require.NoError(t, err)
	for _, group := range []string{"pruned", "empty", ""} {
		tail, err := f.Tail(group)
		require.NoError(t, err, "group %q", group)
		require.Zero(t, tail, "group %q", group)
	}
	_, err = f.Tail("unknown")
	require.Error(t, err)
	require.NoError(t, f.Close())

	// Once items are frozen and the pruned group's tail truncated, the
	// readonly freezer takes the tails from the tables.
	f, err = NewFreezer(dir, "", false, 2049, tables)
	require.NoError(t, err)
	item := make([]byte, 16)
	_, err = f.ModifyAncients(func(op ethdb.AncientWriteOp) error {
		for i := uint64(0); i < 4; i++ {
			for _, kind := range []string{"a", "b", "c"} {
				if err := op.AppendRaw(kind, i, item); err != nil {
					return err
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	_, err = f.TruncateTail("pruned", 2)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	f, err = NewFreezer(dir, "", true, 2049, tables)
	require.NoError(t, err)
	defer f.Close()
	for group, want := range map[string]uint64{"pruned": 2, "empty": 0} {
		tail, err := f.Tail(group)
		require.NoError(t, err, "group %q", group)
		require.Equal(t, want, tail, "group %q", group)
	}
}

// TestAddEmptyTailGroups checks that a group missing from the tails gets a
// tail of zero and a group present keeps its tail.
func TestAddEmptyTailGroups(t *testing.T) {
	tables := map[string]*freezerTable{
		"a": {config: freezerTableConfig{tailGroup: "pruned"}},
		"b": {config: freezerTableConfig{tailGroup: "pruned"}}, // empty: skipped by validate
		"c": {config: freezerTableConfig{tailGroup: "empty"}},
		"d": {config: freezerTableConfig{}},
	}
	tails := map[string]uint64{"pruned": 7}
	addEmptyTailGroups(tables, tails)
	require.Equal(t, map[string]uint64{"pruned": 7, "empty": 0}, tails)
}

// TestInspectFreshDatabase checks that the database inspector reads a
// database with a file-backed chain freezer that holds nothing yet, opened
// readonly as geth db inspect opens it.
func TestInspectFreshDatabase(t *testing.T) {
	dir := t.TempDir()
	kv := memorydb.New()
	db, err := Open(kv, OpenOptions{Ancient: dir})
	require.NoError(t, err)
	require.NoError(t, db.Close())

	db, err = Open(kv, OpenOptions{Ancient: dir, ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, InspectDatabase(db, nil, nil))
}
