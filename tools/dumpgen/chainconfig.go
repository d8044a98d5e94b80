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
)

// trieKind names the state trie a dump is built for.
type trieKind string

const (
	trieUBT trieKind = "ubt" // unified binary trie, EIP-7864, active from genesis
	trieMPT trieKind = "mpt" // hexary Merkle Patricia trie
)

// chainID is the chain id of every generated chain.
var chainID = big.NewInt(7864)

// parseTrieKind validates a --trie value.
func parseTrieKind(s string) (trieKind, error) {
	switch k := trieKind(s); k {
	case trieUBT, trieMPT:
		return k, nil
	}
	return "", fmt.Errorf("invalid --trie %q: must be %q or %q", s, trieUBT, trieMPT)
}

// chainConfig returns the chain configuration of a dump: the trie kind's
// (chainconfig.New), with every fork up to Amsterdam for forkAmsterdam
// (chainconfig.WithAmsterdam).
func chainConfig(kind trieKind, fork forkKind) *params.ChainConfig {
	var cfg *params.ChainConfig
	switch kind {
	case trieUBT, trieMPT:
		cfg = chainconfig.New(kind == trieUBT, chainID)
	default:
		panic(fmt.Sprintf("unknown trie kind %q", kind))
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
