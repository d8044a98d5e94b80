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

package nodefetch

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/triedb/database"
)

// NewDatabase returns a node database that reads through db and records every
// node fetched through its readers into rec as a node of the given kind, made
// for the update (PathUpdate; see WithTag for the other paths). Open the tries
// and trie readers of one block with it; everything else keeps using db. It
// returns db itself when rec is nil.
func NewDatabase(db database.NodeDatabase, rec *Recorder, kind Kind) database.NodeDatabase {
	if rec == nil {
		return db
	}
	return &nodeDatabase{db: db, rec: rec, kind: kind}
}

// WithTag returns a view of the recording node database db whose readers
// record their fetches into the same recorder under tag's path. It returns db
// itself when db does not record or tag is nil, so that it costs nothing
// without a recorder.
func WithTag(db database.NodeDatabase, tag *Tag) database.NodeDatabase {
	d, ok := db.(*nodeDatabase)
	if !ok || tag == nil {
		return db
	}
	cpy := *d
	cpy.tag = tag
	return &cpy
}

// WithPath is WithTag with a tag of its own set to path.
func WithPath(db database.NodeDatabase, path Path) database.NodeDatabase {
	if RecorderOf(db) == nil {
		return db
	}
	return WithTag(db, NewTag(path))
}

// RecorderOf returns the recorder that db records into, or nil if db is not a
// recording node database.
func RecorderOf(db database.NodeDatabase) *Recorder {
	if d, ok := db.(*nodeDatabase); ok {
		return d.rec
	}
	return nil
}

type nodeDatabase struct {
	db   database.NodeDatabase
	rec  *Recorder
	kind Kind
	tag  *Tag // path of its fetches; nil: PathUpdate
}

// NodeReader implements database.NodeDatabase.
func (d *nodeDatabase) NodeReader(stateRoot common.Hash) (database.NodeReader, error) {
	r, err := d.db.NodeReader(stateRoot)
	if err != nil {
		return nil, err
	}
	sr, _ := r.(database.NodeSourceReader)
	return &nodeReader{reader: r, source: sr, rec: d.rec, kind: d.kind, tag: d.tag}, nil
}

// preimageStore is the preimage store of trie.StateTrie, which a state trie
// opened with a recording node database uses when the wrapped one has it.
type preimageStore interface {
	Preimage(hash common.Hash) []byte
	InsertPreimage(preimages map[common.Hash][]byte)
	PreimageEnabled() bool
}

// Preimage returns the preimage of hash from the wrapped database's store, or
// nil when it keeps none.
func (d *nodeDatabase) Preimage(hash common.Hash) []byte {
	if s, ok := d.db.(preimageStore); ok {
		return s.Preimage(hash)
	}
	return nil
}

// InsertPreimage passes preimages to the wrapped database's store, if it has
// one, so that recording the fetches does not drop them.
func (d *nodeDatabase) InsertPreimage(preimages map[common.Hash][]byte) {
	if s, ok := d.db.(preimageStore); ok {
		s.InsertPreimage(preimages)
	}
}

// PreimageEnabled reports whether the wrapped database records preimages.
func (d *nodeDatabase) PreimageEnabled() bool {
	s, ok := d.db.(preimageStore)
	return ok && s.PreimageEnabled()
}

// nodeReader records the fetches of a node reader. It is as safe for
// concurrent use as the reader it wraps.
type nodeReader struct {
	reader database.NodeReader
	source database.NodeSourceReader // reader, if it tells where nodes are found
	rec    *Recorder
	kind   Kind
	tag    *Tag
}

// Node implements database.NodeReader: it reads the node and records the
// fetch, its duration, size, path depth, the code path it was made for,
// whether the block had fetched the node before and, where the reader tells,
// where the node was found.
func (r *nodeReader) Node(owner common.Hash, path []byte, hash common.Hash) ([]byte, error) {
	var (
		blob   []byte
		err    error
		source = database.NodeSourceUnknown
		start  = time.Now()
	)
	if r.source != nil {
		blob, source, err = r.source.NodeWithSource(owner, path, hash)
	} else {
		blob, err = r.reader.Node(owner, path, hash)
	}
	r.rec.Add(Record{
		Owner:    owner,
		Start:    start,
		Duration: time.Since(start),
		Bytes:    len(blob),
		Depth:    len(path),
		Kind:     r.kind,
		Source:   source,
		Failed:   err != nil || len(blob) == 0,
		Path:     r.rec.path(r.tag),
		Repeat:   r.rec.fetched(owner, path, hash),
	})
	return blob, err
}
