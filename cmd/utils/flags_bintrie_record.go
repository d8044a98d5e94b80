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
	"errors"

	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/log"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/urfave/cli/v2"
)

// requestedBinTrieGroupDepth returns the --bintrie.groupdepth value if the flag
// is given, and 0 otherwise, which lets the database decide: a binary trie
// database is opened with the group depth recorded when it was created.
func requestedBinTrieGroupDepth(ctx *cli.Context) int {
	if !ctx.IsSet(BinTrieGroupDepthFlag.Name) {
		return 0
	}
	return ctx.Int(BinTrieGroupDepthFlag.Name)
}

// makeBinTrieGroupDepth returns the group depth for a trie database opened on
// disk by commands such as init and dump. It exits with an error naming the
// datadir if the flag contradicts the depth recorded in the database.
func makeBinTrieGroupDepth(ctx *cli.Context, stack *node.Node, disk ethdb.KeyValueReader, isUBT bool) int {
	requested := requestedBinTrieGroupDepth(ctx)
	if !isUBT {
		// Commands such as db and snapshot open every datadir as a Merkle-Patricia
		// trie; a recorded group depth says this one holds a binary trie.
		if _, recorded := rawdb.ReadBinTrieGroupDepth(disk); !recorded {
			warnIfGroupDepthIgnored(requested, false)
		}
		return 0
	}
	depth, err := triedb.ResolveBinTrieGroupDepth(disk, requested)
	if err != nil {
		fatalIfGroupDepthMismatch(stack, err)
		Fatalf("%v", err)
	}
	return depth
}

// fatalIfGroupDepthMismatch exits with an error that names both group depths and
// the datadir if err is a group depth mismatch, and returns otherwise.
func fatalIfGroupDepthMismatch(stack *node.Node, err error) {
	var mismatch *triedb.GroupDepthMismatchError
	if !errors.As(err, &mismatch) {
		return
	}
	Fatalf("datadir %s was created with --%s=%d, refusing to open it with --%s=%d (omit the flag to use the recorded depth)",
		stack.DataDir(), BinTrieGroupDepthFlag.Name, mismatch.Recorded, BinTrieGroupDepthFlag.Name, mismatch.Requested)
}

// warnIfGroupDepthIgnored says that a configured group depth has no effect on a
// Merkle-Patricia trie database.
func warnIfGroupDepthIgnored(requested int, isUBT bool) {
	if requested != 0 && !isUBT {
		log.Warn("Ignoring --"+BinTrieGroupDepthFlag.Name+": the database holds a Merkle-Patricia trie, not a binary trie", "groupdepth", requested)
	}
}
