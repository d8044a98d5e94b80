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

// Cache is the page-cache state a run's datadir starts its import in: as a
// study configures it, and as the run verified it (mincore).
type Cache uint8

const (
	// Cold is a datadir dropped from the page cache, the default: every
	// state read the import makes goes to the disk.
	Cold Cache = iota
	// Warm is a datadir read into the page cache first, the bound a cold
	// run is compared with.
	Warm
)

var cacheNames = names{typ: "Cache", kind: "cache state", texts: []string{Cold: "cold", Warm: "warm"}}

// ParseCache returns the cache state whose text form is s: "cold" or "warm".
func ParseCache(s string) (Cache, error) {
	v, err := cacheNames.parse([]byte(s))
	return Cache(v), err
}

// String returns the cache state's text form, "cold" or "warm".
func (c Cache) String() string {
	return cacheNames.format(uint8(c))
}

// MarshalText implements encoding.TextMarshaler: the text form, an error for
// a value that has none.
func (c Cache) MarshalText() ([]byte, error) {
	return cacheNames.marshal(uint8(c))
}

// UnmarshalText implements encoding.TextUnmarshaler: "cold" or "warm",
// exactly.
func (c *Cache) UnmarshalText(text []byte) error {
	v, err := cacheNames.parse(text)
	if err != nil {
		return err
	}
	*c = Cache(v)
	return nil
}
