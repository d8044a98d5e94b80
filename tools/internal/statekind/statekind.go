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

// Package statekind names the two things statelab's tools say about every
// state they build or measure: the trie that holds it (Trie) and whether its
// datadir starts an import in the page cache (Cache). Each is a type with one
// text form per value ("mpt", "ubt"; "cold", "warm"), which study files
// (TOML), manifests and run records (JSON), the results tables and the tools'
// flags read and write through UnmarshalText and MarshalText, as geth reads
// its --syncmode into ethconfig's SyncMode. The zero value of each is the
// default: MPT, Cold.
package statekind

import (
	"fmt"
	"strings"
)

// names are the text forms of a kind's values, indexed by value.
type names struct {
	typ   string   // the Go type, for a value without a text form: "Trie"
	kind  string   // what the values are, for errors: "trie"
	texts []string // text form of value i
}

// format returns the text form of v, or the type and number of a value that
// has none, as stringer writes it: "Trie(7)".
func (n names) format(v uint8) string {
	if int(v) < len(n.texts) {
		return n.texts[v]
	}
	return fmt.Sprintf("%s(%d)", n.typ, v)
}

// marshal returns the text form of v, failing for a value that has none.
func (n names) marshal(v uint8) ([]byte, error) {
	if int(v) < len(n.texts) {
		return []byte(n.texts[v]), nil
	}
	return nil, fmt.Errorf("unknown %s %d", n.kind, v)
}

// parse returns the value whose text form is text, exactly (case included);
// the error for any other text names the ones accepted.
func (n names) parse(text []byte) (uint8, error) {
	for i, t := range n.texts {
		if string(text) == t {
			return uint8(i), nil
		}
	}
	quoted := make([]string, len(n.texts))
	for i, t := range n.texts {
		quoted[i] = fmt.Sprintf("%q", t)
	}
	return 0, fmt.Errorf("unknown %s %q (want %s)", n.kind, text, strings.Join(quoted, " or "))
}
