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

package main

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/params"

	"statelab/tools/internal/chainconfig"
	"statelab/tools/internal/statekind"
)

// chainID is the chain id of every generated chain.
var chainID = big.NewInt(7864)

// chainConfig returns the chain configuration of a dump: the trie's
// (chainconfig.New; the binary trie is active from genesis), with every fork
// up to Amsterdam for forkAmsterdam (chainconfig.WithAmsterdam).
func chainConfig(kind statekind.Trie, fork forkKind) *params.ChainConfig {
	var cfg *params.ChainConfig
	switch kind {
	case statekind.UBT, statekind.MPT:
		cfg = chainconfig.New(kind == statekind.UBT, chainID)
	default:
		panic(fmt.Sprintf("unknown trie %v", kind))
	}
	switch fork {
	case forkDefault:
		return cfg
	case forkAmsterdam:
		return chainconfig.WithAmsterdam(cfg)
	}
	panic(fmt.Sprintf("unknown fork %q", fork))
}

// forkOf returns the fork whose rules a dump's chain configuration runs
// from genesis.
func forkOf(config *params.ChainConfig) forkKind {
	if config.IsAmsterdam(common.Big0, 0) {
		return forkAmsterdam
	}
	return forkDefault
}
