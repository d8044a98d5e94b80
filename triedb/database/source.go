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

package database

import "github.com/ethereum/go-ethereum/common"

// NodeSource is where a node reader found a trie node.
type NodeSource uint8

const (
	NodeSourceUnknown NodeSource = iota // the reader does not tell (hash scheme)
	NodeSourceDiff                      // an in-memory diff layer
	NodeSourceDirty                     // the disk layer's buffer of unflushed nodes
	NodeSourceClean                     // the clean node cache
	NodeSourceDisk                      // the key-value store

	// NumNodeSources is the number of sources, for arrays indexed by source.
	NumNodeSources
)

var nodeSourceNames = [NumNodeSources]string{"unknown", "diff", "dirty", "clean", "disk"}

// String returns the source's short name: unknown, diff, dirty, clean or disk.
func (s NodeSource) String() string {
	if s < NumNodeSources {
		return nodeSourceNames[s]
	}
	return "unknown"
}

// NodeSourceReader is implemented by node readers that can tell where they
// found a node, for instrumentation that tells memory from disk reads.
type NodeSourceReader interface {
	NodeReader

	// NodeWithSource is Node that also returns where the node was found.
	NodeWithSource(owner common.Hash, path []byte, hash common.Hash) ([]byte, NodeSource, error)
}
