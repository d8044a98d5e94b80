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

import "sync/atomic"

// Path is the part of geth's state code a node fetch was made for: the code
// path that asked for the node (not the node's own path in its trie).
type Path uint8

const (
	PathReader     Path = iota // execution's state reads through the state reader's tries
	PathPrefetcher             // the trie prefetcher, warming the tries the block touches
	PathUpdate                 // the state's own tries: trie update and rehash
	PathCommit                 // the state's own tries while the state is committed

	// NumPaths is the number of paths, for arrays indexed by path.
	NumPaths
)

var pathNames = [NumPaths]string{"reader", "prefetcher", "update", "commit"}

// String returns the path's short name: reader, prefetcher, update or commit.
func (p Path) String() string {
	if p < NumPaths {
		return pathNames[p]
	}
	return "unknown"
}

// Tag is the path that the fetches made through the readers of one node
// database view are recorded under (see WithTag). It can change while those
// readers are in use: the trie prefetcher hands its tries over to the state,
// whose fetches through them belong to the update from then on. A Tag is safe
// for concurrent use; the methods of a nil Tag do nothing.
type Tag struct {
	path atomic.Uint32
}

// NewTag returns a tag set to path.
func NewTag(path Path) *Tag {
	t := new(Tag)
	t.path.Store(uint32(path))
	return t
}

// Set changes the path of the fetches made from now on.
func (t *Tag) Set(path Path) {
	if t != nil {
		t.path.Store(uint32(path))
	}
}

// Path returns the path fetches are recorded under; PathUpdate for a nil tag.
func (t *Tag) Path() Path {
	if t == nil {
		return PathUpdate
	}
	return Path(t.path.Load())
}
