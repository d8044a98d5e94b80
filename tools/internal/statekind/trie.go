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

package statekind

// Trie is the trie that holds a state: the kind of a dump, a chain, a
// prepared datadir and a run.
type Trie uint8

const (
	// MPT is the hexary Merkle Patricia trie, geth's, and the default.
	MPT Trie = iota
	// UBT is the unified binary trie of EIP-7864.
	UBT
)

var trieNames = names{typ: "Trie", kind: "trie", texts: []string{MPT: "mpt", UBT: "ubt"}}

// ParseTrie returns the trie whose text form is s: "mpt" or "ubt".
func ParseTrie(s string) (Trie, error) {
	v, err := trieNames.parse([]byte(s))
	return Trie(v), err
}

// String returns the trie's text form, "mpt" or "ubt".
func (t Trie) String() string {
	return trieNames.format(uint8(t))
}

// MarshalText implements encoding.TextMarshaler: the text form, an error for
// a value that has none.
func (t Trie) MarshalText() ([]byte, error) {
	return trieNames.marshal(uint8(t))
}

// UnmarshalText implements encoding.TextUnmarshaler: "mpt" or "ubt", exactly.
func (t *Trie) UnmarshalText(text []byte) error {
	v, err := trieNames.parse(text)
	if err != nil {
		return err
	}
	*t = Trie(v)
	return nil
}
