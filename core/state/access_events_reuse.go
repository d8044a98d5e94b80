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

package state

// maxRetainedAccessEvents bounds the number of stems a reset keeps room for.
// Clearing a map costs time in proportion to its capacity, so a set that grew
// past this (a transaction touching tens of thousands of stems) is dropped
// instead, and later small transactions do not pay to clear its table.
const maxRetainedAccessEvents = 1 << 14

// Reset empties the access events so that they can record the next
// transaction. The map keeps its capacity unless it grew past
// maxRetainedAccessEvents, so a block's transactions do not each grow a fresh
// map from nothing.
//
// Reset must not be called while the events are in use: the caller owns them
// exclusively, and anything that needs their entries (Merge into the
// block-level events, say) must have copied them out before.
func (ae *AccessEvents) Reset() {
	if len(ae.branches) > maxRetainedAccessEvents {
		ae.branches = make(map[branchAccessKey]stemAccess)
	} else {
		clear(ae.branches)
	}
}
