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

import "github.com/ethereum/go-ethereum/triedb/database"

// source maps a node's location to the source a node reader reports.
func (loc nodeLoc) source() database.NodeSource {
	switch loc.loc {
	case locDiffLayer:
		return database.NodeSourceDiff
	case locDirtyCache:
		return database.NodeSourceDirty
	case locCleanCache:
		return database.NodeSourceClean
	case locDiskLayer:
		return database.NodeSourceDisk
	}
	return database.NodeSourceUnknown
}

var _ database.NodeSourceReader = (*reader)(nil)
