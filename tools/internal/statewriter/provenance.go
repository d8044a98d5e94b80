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

package statewriter

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"statelab/tools/internal/fsutil"
)

// WriterVersion names what the writer writes. It changes whenever the
// datadir written for the same source and config would differ, so that a
// datadir written by another version is not taken for this one's.
const WriterVersion = "statewriter/1"

// ProvenanceFile is the file in the root of a written datadir that records
// how it was made. geth ignores it.
const ProvenanceFile = "statewriter.json"

// Provenance records how a datadir was written: by which writer, from which
// population, and what came out.
type Provenance struct {
	Writer         string          `json:"writer"`
	Population     json.RawMessage `json:"population"`     // the population as its maker describes it
	PopulationHash common.Hash     `json:"populationHash"` // keccak256 of Population
	GroupDepth     int             `json:"groupDepth,omitempty"`
	BlockSize      int             `json:"blockSize"`
	GenesisHash    common.Hash     `json:"genesisHash"`
	StateRoot      common.Hash     `json:"stateRoot"`
}

// PopulationHash returns the hash a provenance record gives a population's
// description.
func PopulationHash(population []byte) common.Hash {
	return crypto.Keccak256Hash(populationJSON(population))
}

// populationJSON returns the description as recorded: nil is JSON's null.
func populationJSON(population []byte) json.RawMessage {
	if population == nil {
		return json.RawMessage("null")
	}
	return population
}

// writeProvenance records the provenance of the datadir at dir.
func writeProvenance(dir string, p Provenance) error {
	blob, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return fsutil.WriteBytesAtomic(filepath.Join(dir, ProvenanceFile), append(blob, '\n'))
}

// ReadProvenance reads the provenance record of the datadir at dir.
func ReadProvenance(dir string) (*Provenance, error) {
	path := filepath.Join(dir, ProvenanceFile)
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("datadir %s has no provenance record: %w", dir, err)
	}
	p := new(Provenance)
	if err := json.Unmarshal(blob, p); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return p, nil
}

// Matches reports why the datadir's provenance is not that of a datadir
// written now from the population at the given group depth (zero on MPT)
// and block size (zero: the default), or nil if it is.
func (p *Provenance) Matches(population []byte, groupDepth, blockSize int) error {
	if blockSize == 0 {
		blockSize = DefaultBlockSize
	}
	switch {
	case p.Writer != WriterVersion:
		return fmt.Errorf("written by %s, not %s", p.Writer, WriterVersion)
	case p.PopulationHash != PopulationHash(population):
		return fmt.Errorf("holds population %s, not %s", p.Population, population)
	case p.GroupDepth != groupDepth:
		return fmt.Errorf("has group depth %d, not %d", p.GroupDepth, groupDepth)
	case p.BlockSize != blockSize:
		return fmt.Errorf("has block size %d, not %d", p.BlockSize, blockSize)
	}
	return nil
}
