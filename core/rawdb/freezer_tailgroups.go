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

// addEmptyTailGroups gives every tail group of tables that tails lacks a
// tail of zero. A readonly freezer's validate takes the tails from the
// tables that hold items and skips the empty ones, so a group whose tables
// are all empty (a chain freezer before its first block is frozen, a table
// kind added since the data was written) would be unknown to Tail, and
// everything that asks for it, such as the database inspector, would fail.
// An empty group has frozen nothing and pruned nothing: its tail is zero.
// Groups that tails holds keep their tail.
func addEmptyTailGroups(tables map[string]*freezerTable, tails map[string]uint64) {
	for _, table := range tables {
		group := table.config.tailGroup
		if group == "" {
			continue
		}
		if _, ok := tails[group]; !ok {
			tails[group] = 0
		}
	}
}
