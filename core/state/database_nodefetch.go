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

import (
	"github.com/ethereum/go-ethereum/trie/nodefetch"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// WithNodeFetchRecorder returns a copy of db whose tries and trie readers
// record every trie node they fetch into rec; db itself, and every other
// copy, keep reading through the trie database without recording. Use it to
// process one block, so that rec counts that block's fetches only. It returns
// db when rec is nil or db is of a type it does not know.
//
// Each fetch is counted for the code path that made it (nodefetch.Path): the
// state reader's tries are opened through a view tagged reader, the trie
// prefetcher's through one tagged prefetcher until it hands the trie over to
// the state, and the state's own tries through db's copy itself, tagged
// update, and commit while the state is committed.
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

// nodeFetchNodes returns the node database db opens its tries with, or nil for
// a type it does not know.
func nodeFetchNodes(db Database) database.NodeDatabase {
	switch db := db.(type) {
	case *MPTDatabase:
		return db.nodes
	case *UBTDatabase:
		return db.nodes
	}
	return nil
}

// withNodeFetchPath returns a copy of db whose tries record their node fetches
// under a tag of their own, set to path, and that tag, through which the
// caller changes the path later. It returns db and a nil tag when db does not
// record, so that it costs nothing without a recorder.
func withNodeFetchPath(db Database, path nodefetch.Path) (Database, *nodefetch.Tag) {
	if nodefetch.RecorderOf(nodeFetchNodes(db)) == nil {
		return db, nil
	}
	tag := nodefetch.NewTag(path)
	switch db := db.(type) {
	case *MPTDatabase:
		cpy := *db
		cpy.nodes = nodefetch.WithTag(db.nodes, tag)
		return &cpy, tag
	case *UBTDatabase:
		cpy := *db
		cpy.nodes = nodefetch.WithTag(db.nodes, tag)
		return &cpy, tag
	}
	return db, nil
}

// beginNodeFetchCommit counts the update's node fetches of db's recorder, if
// it has one, as the commit's until the returned function is called.
func beginNodeFetchCommit(db Database) (end func()) {
	rec := nodefetch.RecorderOf(nodeFetchNodes(db))
	if rec == nil {
		return func() {}
	}
	rec.SetCommitting(true)
	return func() { rec.SetCommitting(false) }
}
