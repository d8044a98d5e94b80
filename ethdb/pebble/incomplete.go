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
	"fmt"

	pebblev2 "github.com/cockroachdb/pebble/v2"
	v2vfs "github.com/cockroachdb/pebble/v2/vfs"
)

// CheckComplete returns an error if the directory holds a pebble database
// whose creation was interrupted (the process killed while pebble created it):
// a manifest, but no OPTIONS file. Pebble writes the OPTIONS file before Open
// returns, so nothing was ever written to such a database. Neither pebble
// version can open it: without a format version marker it is taken for a
// legacy v1 database, and pebble v1 then panics while it replays the empty
// write-ahead log. A missing, empty or complete database is not an error.
func CheckComplete(file string) error {
	desc, err := pebblev2.Peek(file, v2vfs.Default)
	if err != nil || !desc.Exists || desc.OptionsFilename != "" {
		return nil
	}
	return fmt.Errorf("pebble database %s is incomplete: its creation was interrupted before it was opened, so it holds no data; remove the directory and start again", file)
}
