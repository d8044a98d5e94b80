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

// WithAmsterdam returns a copy of cfg with every fork up to Amsterdam active at
// genesis: Cancun, Prague, Osaka, the blob-parameter forks BPO1 and BPO2 (with
// upstream's default blob schedules) and Amsterdam. An Amsterdam block carries
// its EIP-7928 block access list and commits to it in its header, and the
// post-block system calls include EIP-8282's builder request contracts, which
// the genesis must hold (core.SystemContractAllocs).
func WithAmsterdam(cfg *params.ChainConfig) *params.ChainConfig {
	c := *cfg
	for _, t := range []**uint64{&c.CancunTime, &c.PragueTime, &c.OsakaTime, &c.BPO1Time, &c.BPO2Time, &c.AmsterdamTime} {
		*t = newUint64(0)
	}
	blobs := params.BlobScheduleConfig{}
	if cfg.BlobScheduleConfig != nil {
		blobs = *cfg.BlobScheduleConfig
	}
	blobs.Cancun = params.DefaultCancunBlobConfig
	blobs.Prague = params.DefaultPragueBlobConfig
	blobs.BPO1 = params.DefaultBPO1BlobConfig
	blobs.BPO2 = params.DefaultBPO2BlobConfig
	c.BlobScheduleConfig = &blobs
	return &c
}

func newUint64(v uint64) *uint64 { return &v }
