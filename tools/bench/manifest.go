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
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Manifest holds the keys of a dumpgen manifest.json the harness uses.
type Manifest struct {
	Trie           string         `json:"trie"`
	Entries        int            `json:"entries"`
	WorkloadBlocks int            `json:"workload_blocks"`
	GasTarget      uint64         `json:"gas_target"`
	WorkloadGas    uint64         `json:"workload_gas_target"` // 0 in dumps made before the key: the gas target
	Genesis        string         `json:"genesis"`
	Files          []ManifestFile `json:"files"`

	dir string // directory of the manifest and its files
}

// ManifestFile is one block file of a dump.
type ManifestFile struct {
	File       string `json:"file"`
	Role       string `json:"role"`
	Workload   string `json:"workload"`
	FirstBlock uint64 `json:"first_block"`
	LastBlock  uint64 `json:"last_block"`
	GasUsed    uint64 `json:"gas_used"`
	TxCount    int    `json:"tx_count"`
	SlotReads  uint64 `json:"slot_reads"`
	SlotWrites uint64 `json:"slot_writes"`
}

// readManifest reads a dump's manifest.json.
func readManifest(path string) (*Manifest, error) {
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
	m.dir = filepath.Dir(path)
	return &m, nil
}

// workloadGasMatches reports whether the dump's workload blocks have the
// gas a scale asks for (0: dumpgen's default, the gas target).
func (m *Manifest) workloadGasMatches(want uint64) bool {
	norm := func(g uint64) uint64 {
		if g == m.GasTarget {
			return 0
		}
		return g
	}
	return norm(m.WorkloadGas) == norm(want)
}

// genesisPath is the dump's genesis file.
func (m *Manifest) genesisPath() string {
	return m.path(m.Genesis)
}

// path resolves a file named in the manifest against its directory.
func (m *Manifest) path(file string) string {
	if filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(m.dir, file)
}

// populations returns the paths of the population files, in import order.
func (m *Manifest) populations() []string {
	var out []string
	for _, f := range m.Files {
		if f.Role == "population" {
			out = append(out, m.path(f.File))
		}
	}
	return out
}

// workload returns the file of the named workload.
func (m *Manifest) workload(name string) (ManifestFile, string, error) {
	for _, f := range m.Files {
		if f.Role == "workload" && f.Workload == name {
			return f, m.path(f.File), nil
		}
	}
	return ManifestFile{}, "", fmt.Errorf("%s: no workload %q", filepath.Join(m.dir, "manifest.json"), name)
}

// fileByPath returns the manifest entry of a block file given by path, if the
// manifest beside it lists it.
func (m *Manifest) fileByPath(path string) (ManifestFile, bool) {
	for _, f := range m.Files {
		if f.File == filepath.Base(path) {
			return f, true
		}
	}
	return ManifestFile{}, false
}
