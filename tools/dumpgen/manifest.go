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
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/version"
)

// manifestVersion is bumped on incompatible manifest or dump changes.
const manifestVersion = 1

// manifest describes a dump directory. Key names and order are stable; the
// file is written last, so its presence marks a complete dump.
type manifest struct {
	Version     int              `json:"version"`
	Generator   string           `json:"generator"`
	Genesis     string           `json:"genesis"`
	GenesisHash common.Hash      `json:"genesis_hash"`
	Trie        trieKind         `json:"trie"`
	ChainID     uint64           `json:"chain_id"`
	Entries     uint64           `json:"entries"`
	Seed        uint64           `json:"seed"`
	GasTarget   uint64           `json:"gas_target"`
	GasLimit    uint64           `json:"gas_limit"`
	Population  populationLayout `json:"population"`
	Files       []manifestFile   `json:"files"`
}

// populationLayout tells later stages where the population's entries are.
// Entry addresses, keys and values follow from the seed (see keys.go and
// contracts.go).
type populationLayout struct {
	Accounts        uint64           `json:"accounts"`
	ERC20Holders    uint64           `json:"erc20_holders"`
	SequentialSlots uint64           `json:"sequential_slots"`
	Token           common.Address   `json:"token"`
	TokenSlot       uint64           `json:"token_balance_slot"`
	SlotsContract   common.Address   `json:"slots_contract"`
	Coinbase        common.Address   `json:"coinbase"`
	Senders         []common.Address `json:"senders"`
}

// manifestFile describes one RLP block file of a dump.
type manifestFile struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`
	Workload   string      `json:"workload"`
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	HeadRoot   common.Hash `json:"head_root"`
	HeadHash   common.Hash `json:"head_hash"`
	GasUsed    uint64      `json:"gas_used"`
	TxCount    uint64      `json:"tx_count"`
}

// generatorName identifies the tool and the geth release it generated with.
func generatorName() string {
	return fmt.Sprintf("statelab dumpgen (go-ethereum %d.%d.%d)", version.Major, version.Minor, version.Patch)
}

// populationFile returns the manifest entry of a population segment.
func populationFile(seg *segment) manifestFile {
	return manifestFile{
		File:       populationFileName,
		Role:       "population",
		Workload:   "",
		FirstBlock: seg.FirstBlock,
		LastBlock:  seg.LastBlock,
		HeadRoot:   seg.HeadRoot,
		HeadHash:   seg.HeadHash,
		GasUsed:    seg.GasUsed,
		TxCount:    seg.TxCount,
	}
}

// encode renders the manifest as indented JSON.
func (m *manifest) encode() ([]byte, error) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
