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

package prepare

import (
	"statelab/tools/bench/study"
	"statelab/tools/internal/dumpmanifest"
	"statelab/tools/internal/statekind"
)

// Dumps are the dumps a study's configurations run on: one per trie, as
// dumpgen makes them and a [chain] table describes its chain, and for
// fixture workloads one per workload, since each brings its own genesis.
type Dumps struct {
	ByTrie     map[statekind.Trie]*dumpmanifest.Manifest
	ByWorkload map[string]*dumpmanifest.Manifest
}

// TrieDumps returns the dumps of a study whose workloads share one dump a trie.
func TrieDumps(byTrie map[statekind.Trie]*dumpmanifest.Manifest) Dumps {
	return Dumps{ByTrie: byTrie}
}

// For returns the dump a configuration runs on.
func (d Dumps) For(c study.Config) *dumpmanifest.Manifest {
	if m := d.ByWorkload[c.Workload]; m != nil {
		return m
	}
	return d.ByTrie[c.Trie]
}
