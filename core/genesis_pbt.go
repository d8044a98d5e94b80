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

package core

import (
	"errors"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/triedb"
)

// IsPBT reports whether the genesis commits its state to EIP-8297's
// partitioned binary tree.
func (g *Genesis) IsPBT() bool {
	return g.Config != nil && g.Config.IsPBTGenesis()
}

// hashAlloc computes the genesis state root in the tree the genesis selects.
func (g *Genesis) hashAlloc() (common.Hash, error) {
	if g.IsPBT() {
		return hashAllocIn(&g.Alloc, triedb.PBTDefaults)
	}
	return hashAlloc(&g.Alloc, g.IsUBT())
}

// EnablePBTAtGenesis reports whether the chain's state is committed to
// EIP-8297's partitioned binary tree: as the given genesis says, or else as
// the chain configuration stored in db says.
func EnablePBTAtGenesis(db ethdb.Database, genesis *Genesis) (bool, error) {
	if genesis != nil {
		if genesis.Config == nil {
			return false, errGenesisNoConfig
		}
		return genesis.Config.IsPBTGenesis(), nil
	}
	if ghash := rawdb.ReadCanonicalHash(db, 0); ghash != (common.Hash{}) {
		if cfg := rawdb.ReadChainConfig(db, ghash); cfg != nil {
			return cfg.IsPBTGenesis(), nil
		}
	}
	return false, nil
}

// errGenesisTreeKind is returned when a genesis is committed to a trie
// database that holds another tree than the genesis selects.
func errGenesisTreeKind(genesisPBT bool) error {
	if genesisPBT {
		return errors.New("the genesis selects the partitioned binary tree (enablePBTAtGenesis), but the trie database is not opened for it")
	}
	return errors.New("the trie database holds the partitioned binary tree, but the genesis does not select it (enablePBTAtGenesis)")
}

// checkPBTGenesis reports whether the chain in db, or the one genesis
// starts, commits its state to the partitioned binary tree. It refuses a
// database that holds another binary tree than the chain selects, and the
// hash state scheme, which cannot store the tree.
func checkPBTGenesis(db ethdb.Database, genesis *Genesis, isUBT bool, scheme string) (bool, error) {
	isPBT, err := EnablePBTAtGenesis(db, genesis)
	if err != nil || !(isUBT || isPBT) {
		return false, err
	}
	if err := triedb.CheckBinaryTreeKind(db, isPBT); err != nil {
		return false, err
	}
	if isPBT && scheme == rawdb.HashScheme {
		return false, errors.New("the partitioned binary tree (enablePBTAtGenesis) needs the path state scheme")
	}
	return isPBT, nil
}
