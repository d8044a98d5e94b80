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
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
)

// preAllocGroup is one file of a blockchain_test_engine_x release's
// pre_alloc directory: the pre-state and genesis environment that all tests
// naming its hash (preHash) start from.
type preAllocGroup struct {
	Network     string             `json:"network"`
	Pre         types.GenesisAlloc `json:"pre"`
	Environment struct {
		Coinbase      common.Address        `json:"currentCoinbase"`
		GasLimit      math.HexOrDecimal64   `json:"currentGasLimit"`
		Timestamp     math.HexOrDecimal64   `json:"currentTimestamp"`
		Random        *math.HexOrDecimal256 `json:"currentRandom"`
		Difficulty    *math.HexOrDecimal256 `json:"currentDifficulty"`
		BaseFee       *math.HexOrDecimal256 `json:"currentBaseFee"`
		ExcessBlobGas *math.HexOrDecimal64  `json:"currentExcessBlobGas"`
		BlobGasUsed   *math.HexOrDecimal64  `json:"currentBlobGasUsed"`
	} `json:"environment"`
}

// genesis returns the group's genesis as execution-spec-tests builds it for
// engine_x tests: the environment's fields at block 0, extra data 0x00.
func (g *preAllocGroup) genesis() *core.Genesis {
	env := g.Environment
	gen := &core.Genesis{
		Coinbase:   env.Coinbase,
		GasLimit:   uint64(env.GasLimit),
		Timestamp:  uint64(env.Timestamp),
		ExtraData:  []byte{0},
		Difficulty: new(big.Int),
		Alloc:      g.Pre,
	}
	if env.Difficulty != nil {
		gen.Difficulty = (*big.Int)(env.Difficulty)
	}
	if env.Random != nil {
		gen.Mixhash = common.BigToHash((*big.Int)(env.Random))
	}
	if env.BaseFee != nil {
		gen.BaseFee = (*big.Int)(env.BaseFee)
	}
	gen.ExcessBlobGas, gen.BlobGasUsed = optionalUint64(env.ExcessBlobGas), optionalUint64(env.BlobGasUsed)
	return gen
}

// preAllocs finds and reads the pre-allocation groups of engine_x fixture
// files: the pre_alloc directory beside the directory tree a file is in (a
// release lays out blockchain_tests_engine_x/{pre_alloc,benchmark,...}). A
// group is read once and kept. It is safe for use by one goroutine.
type preAllocs struct {
	mu     sync.Mutex
	groups map[string]*preAllocGroup // by file path
}

// lookup returns the group with the given hash for the fixture file, or a
// skip error saying why there is none.
func (p *preAllocs) lookup(fixtureFile, hash string) (*preAllocGroup, error) {
	path, err := findPreAlloc(fixtureFile, hash)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if g, ok := p.groups[path]; ok {
		return g, nil
	}
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(blob, []byte(lfsPointer)) {
		return nil, skip(preAllocLFSReason, "%s", path)
	}
	g := new(preAllocGroup)
	if err := json.Unmarshal(blob, g); err != nil {
		return nil, fmt.Errorf("%s: not a pre-allocation group: %v", path, err)
	}
	if p.groups == nil {
		p.groups = make(map[string]*preAllocGroup)
	}
	p.groups[path] = g
	return g, nil
}

// preAllocLFSReason is the skip reason of the tests whose pre-allocation
// group file is a Git LFS pointer.
const preAllocLFSReason = "pre-allocation group is a Git LFS pointer (git lfs pull fetches it)"

// findPreAlloc looks for pre_alloc/<hash>.json in the fixture file's
// directory and each directory above it.
func findPreAlloc(fixtureFile, hash string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(fixtureFile))
	if err != nil {
		return "", err
	}
	for {
		path := filepath.Join(dir, "pre_alloc", hash+".json")
		if _, err := os.Stat(path); err == nil {
			return path, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", skip("pre-allocation group missing (no pre_alloc/<preHash>.json above the file)", "%s: preHash %s", fixtureFile, hash)
		}
		dir = parent
	}
}
