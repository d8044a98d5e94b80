// Copyright 2026 The go-ethereum Authors
// This file is part of go-ethereum.
//
// go-ethereum is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// go-ethereum is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with go-ethereum. If not, see <http://www.gnu.org/licenses/>.

package utils

import (
	"fmt"

	"github.com/ethereum/go-ethereum/trie/bintrie"
	"github.com/urfave/cli/v2"
)

// validateBinTrieGroupDepth is the action of --bintrie.groupdepth. It runs when the
// flag is given, before any command opens a database, so that a value the binary
// trie cannot serialize is refused with an error rather than reaching
// bintrie.NewBinaryTrie, which panics on it, or touching a datadir.
func validateBinTrieGroupDepth(_ *cli.Context, depth int) error {
	if depth < 1 || depth > bintrie.MaxGroupDepth {
		return fmt.Errorf("invalid value %d for flag --bintrie.groupdepth: the binary trie group depth must be between 1 and %d",
			depth, bintrie.MaxGroupDepth)
	}
	return nil
}
