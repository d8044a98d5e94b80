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

package dumpmanifest

import (
	"encoding/json"
)

// GenesisPopulation describes a population placed in the genesis state, as
// dumpgen datadir writes it: what a written datadir's provenance records,
// and what bench compares before it reuses one. Its JSON is the record.
type GenesisPopulation struct {
	Placement string `json:"placement"` // PlacementGenesis
	Trie      string `json:"trie"`
	Fork      string `json:"fork"`            // the manifest's: "" for the trie's default rules
	Shape     string `json:"shape,omitempty"` // "mainnet", or "": dumpgen's
	Entries   uint64 `json:"entries"`
	Seed      uint64 `json:"seed"`
	GasTarget uint64 `json:"gasTarget"`

	Fixtures map[string]string `json:"fixtures,omitempty"` // merged benchmark tests: name, chain directory
}

// JSON returns the description as a datadir's provenance records it.
func (p GenesisPopulation) JSON() []byte {
	blob, err := json.Marshal(p)
	if err != nil {
		panic(err) // strings and numbers only
	}
	return blob
}

// GenesisPopulation returns the description of the manifest's population
// placed in the genesis.
func (m *Manifest) GenesisPopulation() GenesisPopulation {
	var seed uint64
	if m.Seed != nil {
		seed = *m.Seed
	}
	var (
		shape    string
		fixtures map[string]string
	)
	if m.Population != nil {
		shape, fixtures = m.Population.Shape, m.Population.Fixtures
	}
	return GenesisPopulation{
		Placement: PlacementGenesis,
		Trie:      m.Trie.String(),
		Fork:      m.Fork,
		Shape:     shape,
		Entries:   uint64(m.Entries),
		Seed:      seed,
		GasTarget: m.GasTarget,
		Fixtures:  fixtures,
	}
}

// GenesisPlaced reports whether the manifest's population is in the genesis.
func (m *Manifest) GenesisPlaced() bool {
	return m.Population != nil && m.Population.Placement == PlacementGenesis
}
