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
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/urfave/cli/v2"
)

// MakeGenesisTrieDatabase opens the trie database that init writes genesis
// into: a binary tree if the genesis selects one (enableUBTAtGenesis or
// enablePBTAtGenesis), of the kind it selects. It exits with an error naming
// the datadir if the datadir holds the other kind, or if the partitioned
// tree is asked for in the hash scheme, which cannot store it.
func MakeGenesisTrieDatabase(ctx *cli.Context, stack *node.Node, disk ethdb.Database, preimage bool, genesis *core.Genesis) *triedb.Database {
	isUBT, isPBT := genesis.IsUBT(), genesis.IsPBT()
	if isUBT && isPBT {
		Fatalf("genesis: enableUBTAtGenesis and enablePBTAtGenesis are exclusive: a chain commits its state to one tree")
	}
	if isUBT || isPBT {
		if err := triedb.CheckBinaryTreeKind(disk, isPBT); err != nil {
			Fatalf("datadir %s: %v", stack.DataDir(), err)
		}
	}
	config := makeTrieConfig(ctx, stack, disk, preimage, false, isUBT || isPBT)
	if isPBT {
		if config.PathDB == nil {
			Fatalf("genesis: the partitioned binary tree (enablePBTAtGenesis) needs --%s=%s", StateSchemeFlag.Name, rawdb.PathScheme)
		}
		config.IsPBT = true
	}
	return triedb.NewDatabase(disk, config)
}
