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

	"github.com/ethereum/go-ethereum/params"
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

// chainConfig returns the chain configuration of a dump. Both kinds are
// proof-of-stake from genesis (terminalTotalDifficulty 0), which geth import
// requires.
//
// The UBT config mirrors upstream's core testUBTChainConfig: all forks through
// Shanghai at 0 plus ubtTime 0 and enableUBTAtGenesis. Cancun, Prague and
// Osaka are deliberately left out: geth selects the Shanghai+EIP-4762
// instruction set for UBT chains anyway, and an Osaka timestamp would switch
// the EVM to the Osaka jump table and silently drop EIP-4762 gas.
//
// The MPT config is merged at genesis with Shanghai, Cancun and Prague at 0.
func chainConfig(kind trieKind) *params.ChainConfig {
	cfg := &params.ChainConfig{
		ChainID:                 new(big.Int).Set(chainID),
		HomesteadBlock:          big.NewInt(0),
		EIP150Block:             big.NewInt(0),
		EIP155Block:             big.NewInt(0),
		EIP158Block:             big.NewInt(0),
		ByzantiumBlock:          big.NewInt(0),
		ConstantinopleBlock:     big.NewInt(0),
		PetersburgBlock:         big.NewInt(0),
		IstanbulBlock:           big.NewInt(0),
		MuirGlacierBlock:        big.NewInt(0),
		BerlinBlock:             big.NewInt(0),
		LondonBlock:             big.NewInt(0),
		ArrowGlacierBlock:       big.NewInt(0),
		GrayGlacierBlock:        big.NewInt(0),
		MergeNetsplitBlock:      big.NewInt(0),
		TerminalTotalDifficulty: big.NewInt(0),
		ShanghaiTime:            newUint64(0),
		Ethash:                  new(params.EthashConfig),
	}
	switch kind {
	case trieUBT:
		cfg.UBTTime = newUint64(0)
		cfg.EnableUBTAtGenesis = true
		// UBT inherits its blob schedule, as in upstream's test config.
		cfg.BlobScheduleConfig = &params.BlobScheduleConfig{
			Prague: params.DefaultPragueBlobConfig,
		}
	case trieMPT:
		cfg.CancunTime = newUint64(0)
		cfg.PragueTime = newUint64(0)
		cfg.BlobScheduleConfig = &params.BlobScheduleConfig{
			Cancun: params.DefaultCancunBlobConfig,
			Prague: params.DefaultPragueBlobConfig,
		}
	default:
		panic(fmt.Sprintf("unknown trie kind %q", kind))
	}
	return cfg
}

func newUint64(v uint64) *uint64 { return &v }
