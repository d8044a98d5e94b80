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

import "github.com/ethereum/go-ethereum/trie/nodefetch"

// WithNodeFetchRecorder returns a copy of db whose tries and trie readers
// record every trie node they fetch into rec; db itself, and every other
// copy, keep reading through the trie database without recording. Use it to
// process one block, so that rec counts that block's fetches only. It returns
// db when rec is nil or db is of a type it does not know.
func WithNodeFetchRecorder(db Database, rec *nodefetch.Recorder) Database {
	if rec == nil {
		return db
	}
	switch db := db.(type) {
	case *MPTDatabase:
		cpy := *db
		cpy.nodes = nodefetch.NewDatabase(db.triedb, rec, nodefetch.KindMPT)
		return &cpy
	case *UBTDatabase:
		cpy := *db
		cpy.nodes = nodefetch.NewDatabase(db.triedb, rec, nodefetch.KindBinary)
		return &cpy
	}
	return db
}
