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

package fsutil

import "path/filepath"

// CloneDatadir makes dst a geth datadir with src's contents, for a run that
// changes it while src stays as it was. Pebble writes a sorted table (.sst)
// once and never changes it (compactions write new tables and delete the old),
// so the clone's tables are hard links to src's and cost no space or time;
// the other files (manifests, logs, the freezer's tables, which are appended
// to) are copied. dst must not exist.
func CloneDatadir(src, dst string) error {
	return CloneTree(src, dst, isPebbleTable)
}

// isPebbleTable reports whether a file is one of Pebble's sorted tables.
func isPebbleTable(rel string) bool {
	return filepath.Ext(rel) == ".sst"
}
