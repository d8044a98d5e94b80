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

package trie

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/trie/nodefetch"
)

// tracedNode is Node with the fetch recorded into rec: its duration, size,
// path depth, the trie kind and, where the node reader tells, where the node
// was found. It is only called while a nodefetch.Recorder is active.
func (r *Reader) tracedNode(rec *nodefetch.Recorder, path []byte, hash common.Hash) ([]byte, error) {
	var (
		blob   []byte
		err    error
		source = nodefetch.SourceUnknown
		start  = time.Now()
	)
	if sr, ok := r.reader.(nodefetch.SourceReader); ok {
		var loc string
		blob, loc, err = sr.NodeWithSource(r.owner, path, hash)
		source = nodefetch.ParseSource(loc)
	} else {
		blob, err = r.reader.Node(r.owner, path, hash)
	}
	rec.Add(nodefetch.Record{
		Owner:    r.owner,
		Start:    start,
		Duration: time.Since(start),
		Bytes:    len(blob),
		Depth:    len(path),
		Kind:     readerKind(r.reader),
		Source:   source,
		Failed:   err != nil || len(blob) == 0,
	})
	if err != nil || len(blob) == 0 {
		return nil, &MissingNodeError{Owner: r.owner, NodeHash: hash, Path: path, err: err}
	}
	return blob, nil
}

// readerKind reports which kind of trie the node reader serves.
func readerKind(reader any) nodefetch.Kind {
	if kr, ok := reader.(nodefetch.KindReader); ok && kr.IsUBT() {
		return nodefetch.KindBinary
	}
	return nodefetch.KindMPT
}
