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
	"errors"
	"fmt"
	"os"

	"github.com/ethereum/go-ethereum/common"
)

// manifest holds the stable keys of a dumpgen manifest.json.
type manifest struct {
	Genesis string         `json:"genesis"`
	Files   []manifestFile `json:"files"`
}

type manifestFile struct {
	File       string      `json:"file"`
	Role       string      `json:"role"`
	Workload   string      `json:"workload"`
	FirstBlock uint64      `json:"first_block"`
	LastBlock  uint64      `json:"last_block"`
	HeadRoot   common.Hash `json:"head_root"`
	HeadHash   common.Hash `json:"head_hash"`
}

func readManifest(path string) (*manifest, error) {
	if path == "" {
		return nil, errors.New("--manifest is required")
	}
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(blob, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(m.Files) == 0 {
		return nil, fmt.Errorf("%s lists no files", path)
	}
	return &m, nil
}

// target returns the named file, or the last population file if name is empty.
func (m *manifest) target(name string) (*manifestFile, error) {
	var found *manifestFile
	for i := range m.Files {
		f := &m.Files[i]
		if (name == "" && f.Role == "population") || f.File == name {
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
