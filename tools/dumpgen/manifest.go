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
const manifestVersion = 3

// manifest describes a dump directory. Key names and order are stable; the
// file is written last, so its presence marks a complete dump.
type manifest struct {
	Version     int         `json:"version"`
	Generator   string      `json:"generator"`
	Genesis     string      `json:"genesis"`
	GenesisHash common.Hash `json:"genesis_hash"`
	Trie        trieKind    `json:"trie"`
	ChainID     uint64      `json:"chain_id"`
	Entries     uint64      `json:"entries"`
	Seed        uint64      `json:"seed"`
	GasTarget   uint64      `json:"gas_target"`
	GasLimit    uint64      `json:"gas_limit"`
	// WorkloadBlocks is the number of blocks of every workload file.
	WorkloadBlocks uint64 `json:"workload_blocks"`
	// WorkloadGas is the gas every workload block is filled to.
	WorkloadGas uint64 `json:"workload_gas_target"`
	// Import says how the files are to be imported.
	Import     string           `json:"import"`
	Population populationLayout `json:"population"`
	Files      []manifestFile   `json:"files"`
}

// importNote is the manifest's import field.
const importNote = "geth init the genesis, import the population file, then import one workload file " +
	"(into a copy of the population datadir per workload). Every workload file branches off the " +
	"population head: its first block's parent is the population's last block. Importing several " +
	"workload files into one datadir, in files order, also works: the last one imported becomes the head."

// populationLayout tells later stages where the population's entries are.
// Entry addresses, keys and values follow from the seed (see keys.go and
// contracts.go).
type populationLayout struct {
	Accounts        uint64           `json:"accounts"`
	ERC20Holders    uint64           `json:"erc20_holders"`
	SequentialSlots uint64           `json:"sequential_slots"`
	Token           common.Address   `json:"token"`
	TokenSlot       uint64           `json:"token_balance_slot"`
	AllowanceSlot   uint64           `json:"token_allowance_slot"`
	SupplySlot      uint64           `json:"token_supply_slot"`
	SlotsContract   common.Address   `json:"slots_contract"`
	Driver          common.Address   `json:"driver_contract"`
	Airdrop         common.Address   `json:"airdrop_contract"`
	Sampler         common.Address   `json:"sampler_contract"`
	Coinbase        common.Address   `json:"coinbase"`
	Senders         []common.Address `json:"senders"`
}

// manifestFile describes one RLP block file of a dump. SlotReads and
// SlotWrites count the SLOAD and SSTORE operations the file's transactions
// execute, derived from what the generator asked for (an SSTORE's internal
// read of the current value is not counted as a read).
type manifestFile struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`
	Workload   string      `json:"workload"`
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	ParentHash common.Hash `json:"parent_hash"`
	HeadRoot   common.Hash `json:"head_root"`
	HeadHash   common.Hash `json:"head_hash"`
	GasUsed    uint64      `json:"gas_used"`
	TxCount    uint64      `json:"tx_count"`
	SlotReads  uint64      `json:"slot_reads"`
	SlotWrites uint64      `json:"slot_writes"`
}

// generatorName identifies the tool and the geth release it generated with.
func generatorName() string {
	return fmt.Sprintf("statelab dumpgen (go-ethereum %d.%d.%d)", version.Major, version.Minor, version.Patch)
}

// Roles of the files of a dump.
const (
	rolePopulation = "population"
	roleWorkload   = "workload"
)

// segmentFile returns the manifest entry of a segment written to file.
func segmentFile(file, role, workload string, seg *segment) manifestFile {
	return manifestFile{
		File:       file,
		Role:       role,
		Workload:   workload,
		FirstBlock: seg.FirstBlock,
		LastBlock:  seg.LastBlock,
		ParentHash: seg.ParentHash,
		HeadRoot:   seg.HeadRoot,
		HeadHash:   seg.HeadHash,
		GasUsed:    seg.GasUsed,
		TxCount:    seg.TxCount,
		SlotReads:  seg.SlotReads,
		SlotWrites: seg.SlotWrites,
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
