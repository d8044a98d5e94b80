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

// Package dumpmanifest is the manifest.json of a generated chain: the one
// definition of its schema, which tools/dumpgen writes beside a dump,
// tools/internal/chainfile beside the chain directories of chaingen and
// fixturechain, and which every statelab tool and test reads (chaininfo,
// mainjob, bench, the end-to-end tests). The keys the README calls stable
// are genesis, files[].file, role, workload, first_block, last_block and
// head_root.
//
// Key names and order are stable: dumpgen's manifest of a given command line
// is the same byte for byte. Keys that only dumpgen knows (its generation
// parameters and the population's layout) are left out of the manifests of
// chain directories rather than written as zero.
package dumpmanifest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"

	"statelab/tools/internal/fsutil"
	"statelab/tools/internal/statekind"
)

// FileName is the name of the manifest in its directory.
const FileName = "manifest.json"

// Version is the manifest version dumpgen writes; it is bumped on
// incompatible changes of the manifest or of the dumps it describes.
const Version = 3

// Roles of a dump's block files.
const (
	RolePopulation = "population"

	// PlacementGenesis places a dump's population in the genesis state
	// rather than in population files (dumpgen --population genesis).
	PlacementGenesis = "genesis"
	RoleWorkload     = "workload"
)

// Manifest is a manifest.json. Read sets Dir; a Manifest made by hand (for a
// dump without a manifest) sets it itself. A Manifest is a plain value: it is
// not safe for concurrent modification.
type Manifest struct {
	Version     int            `json:"version,omitzero"` // Version; 0 in chain directories
	Generator   string         `json:"generator"`        // the program that wrote the chain
	Source      string         `json:"source,omitempty"` // fixturechain: the fixture file
	Test        string         `json:"test,omitempty"`   // fixturechain: the test's name
	Genesis     string         `json:"genesis"`          // genesis file, relative to Dir
	GenesisHash common.Hash    `json:"genesis_hash,omitzero"`
	GenesisRoot common.Hash    `json:"genesis_root,omitzero"` // dumpgen --population genesis: the population's state root
	Trie        statekind.Trie `json:"trie"`
	Fork        string         `json:"fork,omitempty"` // dumpgen --fork: "amsterdam"; empty: the trie's default rules
	ChainID     uint64         `json:"chain_id,omitzero"`

	// dumpgen's generation parameters.
	Entries        int     `json:"entries,omitzero"`
	Seed           *uint64 `json:"seed,omitempty"`
	GasTarget      uint64  `json:"gas_target,omitzero"`
	GasLimit       uint64  `json:"gas_limit,omitzero"`
	WorkloadBlocks int     `json:"workload_blocks,omitzero"`     // blocks of every workload file
	WorkloadGas    uint64  `json:"workload_gas_target,omitzero"` // 0 in dumps made before the key: the gas target

	Import     string      `json:"import,omitempty"`     // how the files are to be imported
	Population *Population `json:"population,omitempty"` // dumpgen: where the population's entries are
	Files      []File      `json:"files"`                // block files, in import order

	Dir string `json:"-"` // directory of the manifest and its files
}

// Population tells later stages where a dump's population entries are. Entry
// addresses, keys and values follow from the seed (tools/dumpgen's keys.go and
// contracts.go).
type Population struct {
	Placement     string `json:"placement,omitempty"` // PlacementGenesis, or "": created by the population files
	Shape         string `json:"shape,omitempty"`     // "mainnet", or "": dumpgen's (see GenesisPopulation)
	TailContracts uint64 `json:"tail_contracts,omitempty"`
	TailSlots     uint64 `json:"tail_slots,omitempty"`
	// Fixtures are the benchmark tests merged into the genesis (dumpgen
	// --fixture): name, the chain directory fixturechain wrote.
	Fixtures        map[string]string `json:"fixtures,omitempty"`
	Accounts        uint64            `json:"accounts"`
	ERC20Holders    uint64            `json:"erc20_holders"`
	SequentialSlots uint64            `json:"sequential_slots"`
	Token           common.Address    `json:"token"`
	TokenSlot       uint64            `json:"token_balance_slot"`
	AllowanceSlot   uint64            `json:"token_allowance_slot"`
	SupplySlot      uint64            `json:"token_supply_slot"`
	SlotsContract   common.Address    `json:"slots_contract"`
	Driver          common.Address    `json:"driver_contract"`
	Airdrop         common.Address    `json:"airdrop_contract"`
	Sampler         common.Address    `json:"sampler_contract"`
	Coinbase        common.Address    `json:"coinbase"`
	Senders         []common.Address  `json:"senders"`
}

// File is one RLP block file. SlotReads and SlotWrites count the SLOAD and
// SSTORE operations the file's transactions execute, derived from what dumpgen
// asked for (an SSTORE's internal read of the current value is not counted as
// a read); chain directories, whose generators do not count them, have 0.
type File struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`     // RolePopulation or RoleWorkload
	Workload   string      `json:"workload"` // workload name, for RoleWorkload
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	ParentHash common.Hash `json:"parent_hash"` // parent of the first block
	HeadRoot   common.Hash `json:"head_root"`   // state root after the file's last block
	HeadHash   common.Hash `json:"head_hash"`
	GasUsed    uint64      `json:"gas_used"`
	TxCount    int         `json:"tx_count"`
	SlotReads  uint64      `json:"slot_reads"`
	SlotWrites uint64      `json:"slot_writes"`
}

// Encode renders the manifest as written: JSON indented by two spaces, with a
// final newline.
func (m *Manifest) Encode() ([]byte, error) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// WriteFile writes the manifest to path atomically: a reader sees the whole
// manifest or none, so its presence marks a complete chain when it is written
// last.
func (m *Manifest) WriteFile(path string) error {
	blob, err := m.Encode()
	if err != nil {
		return err
	}
	return fsutil.WriteBytesAtomic(path, blob)
}

// Read reads a manifest.json. A manifest that lists no files is an error.
func Read(path string) (*Manifest, error) {
	if path == "" {
		return nil, errors.New("no manifest given")
	}
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(blob, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(m.Files) == 0 {
		return nil, fmt.Errorf("%s lists no files", path)
	}
	if m.Genesis == "" {
		m.Genesis = "genesis.json"
	}
	m.Dir = filepath.Dir(path)
	return &m, nil
}

// WorkloadGasMatches reports whether the dump's workload blocks have the gas
// a caller asks for (0: dumpgen's default, the gas target).
func (m *Manifest) WorkloadGasMatches(want uint64) bool {
	norm := func(g uint64) uint64 {
		if g == m.GasTarget {
			return 0
		}
		return g
	}
	return norm(m.WorkloadGas) == norm(want)
}

// GenesisPath is the path of the dump's genesis file.
func (m *Manifest) GenesisPath() string {
	return m.Path(m.Genesis)
}

// Path resolves a file named in the manifest against its directory.
func (m *Manifest) Path(file string) string {
	if filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(m.Dir, file)
}

// Populations returns the paths of the population files, in import order.
func (m *Manifest) Populations() []string {
	var out []string
	for _, f := range m.Files {
		if f.Role == RolePopulation {
			out = append(out, m.Path(f.File))
		}
	}
	return out
}

// PopulationHead returns the last block of the population files, 0 when the
// manifest lists none.
func (m *Manifest) PopulationHead() uint64 {
	var head uint64
	for _, f := range m.Files {
		if f.Role == RolePopulation {
			head = max(head, f.LastBlock)
		}
	}
	return head
}

// PopulationHeadHash returns the hash of the population's last block, which
// commits to every block before it and to the genesis. ok is false when the
// manifest lists no population or a population file without its head hash
// (a manifest made by hand for a chain dumpgen did not write).
func (m *Manifest) PopulationHeadHash() (hash common.Hash, ok bool) {
	var head uint64
	for _, f := range m.Files {
		if f.Role != RolePopulation {
			continue
		}
		if f.HeadHash == (common.Hash{}) {
			return common.Hash{}, false
		}
		if !ok || f.LastBlock > head {
			hash, head, ok = f.HeadHash, f.LastBlock, true
		}
	}
	return hash, ok
}

// Workload returns the entry and path of the named workload's file.
func (m *Manifest) Workload(name string) (File, string, error) {
	for _, f := range m.Files {
		if f.Role == RoleWorkload && f.Workload == name {
			return f, m.Path(f.File), nil
		}
	}
	return File{}, "", fmt.Errorf("%s: no workload %q", filepath.Join(m.Dir, "manifest.json"), name)
}

// Lookup returns the entry of a block file given by name or path (only its
// base name counts).
func (m *Manifest) Lookup(path string) (File, bool) {
	for _, f := range m.Files {
		if f.File == filepath.Base(path) {
			return f, true
		}
	}
	return File{}, false
}

// Target returns the named file's entry, or the last population file's if name
// is empty: the file whose end a datadir's head is checked against. A dump
// whose population is in the genesis has no population file: its target is
// the genesis block.
func (m *Manifest) Target(name string) (*File, error) {
	if name == "" && m.GenesisPlaced() {
		return &File{File: "the genesis", Role: RolePopulation, HeadRoot: m.GenesisRoot, HeadHash: m.GenesisHash}, nil
	}
	var found *File
	for i := range m.Files {
		f := &m.Files[i]
		if (name == "" && f.Role == RolePopulation) || f.File == name {
			found = f
		}
	}
	if found == nil {
		if name == "" {
			return nil, errors.New("no population file")
		}
		return nil, fmt.Errorf("no file %q", name)
	}
	return found, nil
}
