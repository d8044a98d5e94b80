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

// Package chainconfig holds the chain configurations of the chains statelab's
// generators make (tools/dumpgen, tools/chaingen), so that both produce chains
// geth imports under the same rules.
package chainconfig

import (
	"math/big"

	"github.com/ethereum/go-ethereum/params"
)

// New returns the configuration of a generated chain with the given chain id.
// Both kinds are proof-of-stake from genesis (terminalTotalDifficulty 0), which
// geth import requires.
//
// The binary-trie config (ubt true) mirrors upstream's core testUBTChainConfig:
// all forks through Shanghai at 0 plus ubtTime 0 and enableUBTAtGenesis.
// Cancun, Prague and Osaka are deliberately left out: geth selects the
// Shanghai+EIP-4762 instruction set for binary-trie chains anyway, and an Osaka
// timestamp would switch the EVM to the Osaka jump table and silently drop
// EIP-4762 gas.
//
// The Merkle-Patricia config is merged at genesis with Shanghai, Cancun and
// Prague at 0 (all of Prague's system contracts).
func New(ubt bool, chainID *big.Int) *params.ChainConfig {
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
		// A binary-trie chain inherits Prague's blob schedule, as in upstream's
		// test config.
		BlobScheduleConfig: &params.BlobScheduleConfig{Prague: params.DefaultPragueBlobConfig},
	}
	if ubt {
		cfg.UBTTime = newUint64(0)
		cfg.EnableUBTAtGenesis = true
	} else {
		cfg.CancunTime = newUint64(0)
		cfg.PragueTime = newUint64(0)
		cfg.BlobScheduleConfig.Cancun = params.DefaultCancunBlobConfig
	}
	return cfg
}

func newUint64(v uint64) *uint64 { return &v }
