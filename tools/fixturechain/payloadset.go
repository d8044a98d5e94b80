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
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params/forks"
)

// A payload set is a benchmark as Engine API calls: JSON-RPC requests, one
// per line, of engine_newPayloadVN and engine_forkchoiceUpdatedVN, replayed
// against a node started from a given genesis. NethermindEth/gas-benchmarks
// lays each test out as three files of one name, run in order:
//
//	setup/NNNNNN/<test>.txt     state the benchmark needs
//	testing/NNNNNN/<test>.txt   the measured block
//	cleanup/NNNNNN/<test>.txt   what follows it
//
// A .txt file outside such a layout is a set of its own.

// payloadPhases are the directories of a set's files, in replay order.
var payloadPhases = []string{"setup", "testing", "cleanup"}

// payloadFile is one file of a payload set.
type payloadFile struct {
	path  string
	phase int // index in payloadPhases, or 0 outside the layout
}

// payloadSet is a named payload set: its files in replay order.
type payloadSet struct {
	name  string
	files []payloadFile
}

// groupPayloadSets gathers the .txt files into payload sets by name, sorted.
func groupPayloadSets(paths []string) []*payloadSet {
	byName := make(map[string]*payloadSet)
	for _, path := range paths {
		name, phase := strings.TrimSuffix(filepath.Base(path), ".txt"), 0
		if p := phaseOf(path); p >= 0 {
			phase = p
		} else {
			name = strings.TrimSuffix(path, ".txt") // a set of its own
		}
		set := byName[name]
		if set == nil {
			set = &payloadSet{name: strings.TrimSuffix(filepath.Base(path), ".txt")}
			byName[name] = set
		}
		set.files = append(set.files, payloadFile{path: path, phase: phase})
	}
	sets := make([]*payloadSet, 0, len(byName))
	for _, set := range byName {
		sort.SliceStable(set.files, func(i, j int) bool { return set.files[i].phase < set.files[j].phase })
		sets = append(sets, set)
	}
	sort.Slice(sets, func(i, j int) bool { return sets[i].name < sets[j].name })
	return sets
}

// phaseOf is the phase of a file at <phase>/<NNNNNN>/<test>.txt, or -1.
func phaseOf(path string) int {
	dir := filepath.Base(filepath.Dir(filepath.Dir(path)))
	for i, p := range payloadPhases {
		if dir == p {
			return i
		}
	}
	return -1
}

// rpcRequest is one line of a payload file.
type rpcRequest struct {
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
}

// payloadLine is a decoded newPayload call and where it was read.
type payloadLine struct {
	payload enginePayload
	file    string
	line    int
}

// read decodes the set's files: its newPayload calls, and the head of its
// last forkchoiceUpdated call (zero if there is none). A line that is not a
// whole JSON-RPC request, a truncated file among them, is an error naming
// the file, the line, the test and the block it follows.
func (s *payloadSet) read() ([]payloadLine, common.Hash, error) {
	var (
		payloads []payloadLine
		head     common.Hash
	)
	for _, f := range s.files {
		file, err := os.Open(f.path)
		if err != nil {
			return nil, common.Hash{}, err
		}
		scanner := bufio.NewScanner(file)
		scanner.Buffer(nil, 1<<30)
		for n := 1; scanner.Scan(); n++ {
			line := bytes.TrimSpace(scanner.Bytes())
			if len(line) == 0 {
				continue
			}
			if n == 1 && bytes.HasPrefix(line, []byte(lfsPointer)) {
				file.Close()
				return nil, common.Hash{}, skip(lfsReason, "%s", f.path)
			}
			var req rpcRequest
			if err := json.Unmarshal(line, &req); err != nil {
				file.Close()
				return nil, common.Hash{}, fmt.Errorf("%s line %d: test %q: not a whole JSON-RPC request (a truncated file?) after %s: %v",
					f.path, n, s.name, describeLast(payloads), err)
			}
			switch {
			case strings.HasPrefix(req.Method, "engine_newPayloadV"):
				var v jsonVersion
				if err := v.UnmarshalJSON([]byte(strings.TrimPrefix(req.Method, "engine_newPayloadV"))); err != nil {
					file.Close()
					return nil, common.Hash{}, fmt.Errorf("%s line %d: test %q: method %s: %v", f.path, n, s.name, req.Method, err)
				}
				payloads = append(payloads, payloadLine{payload: enginePayload{Params: req.Params, Version: v}, file: f.path, line: n})
			case strings.HasPrefix(req.Method, "engine_forkchoiceUpdatedV"):
				var state struct {
					Head common.Hash `json:"headBlockHash"`
				}
				if len(req.Params) == 0 || json.Unmarshal(req.Params[0], &state) != nil {
					file.Close()
					return nil, common.Hash{}, fmt.Errorf("%s line %d: test %q: %s without a forkchoice state", f.path, n, s.name, req.Method)
				}
				head = state.Head
			default:
				file.Close()
				return nil, common.Hash{}, fmt.Errorf("%s line %d: test %q: method %q is neither engine_newPayload nor engine_forkchoiceUpdated", f.path, n, s.name, req.Method)
			}
		}
		err = scanner.Err()
		file.Close()
		if err != nil {
			return nil, common.Hash{}, fmt.Errorf("%s: %v", f.path, err)
		}
	}
	return payloads, head, nil
}

// describeLast names the last payload read, for errors about what follows it.
func describeLast(payloads []payloadLine) string {
	if len(payloads) == 0 {
		return "no block"
	}
	return "block " + payloadNumber(&payloads[len(payloads)-1].payload)
}

// convert builds the set's chain on the genesis. The first block must be a
// child of the genesis, or the set was made for another genesis: an error
// naming the test, the block and both hashes. Each payload must use the
// newPayload version of its block's fork in the genesis' config.
func (s *payloadSet) convert(genesis *core.Genesis, genesisFile string) (*chain, error) {
	payloads, head, err := s.read()
	if err != nil {
		return nil, err
	}
	if len(payloads) == 0 {
		return nil, skip("no blocks", "%s", s.name)
	}
	var (
		genesisHash = genesis.ToBlock().Hash()
		parent      = genesisHash
		blocks      = make([]*types.Block, 0, len(payloads))
	)
	for i := range payloads {
		p := &payloads[i]
		where := fmt.Sprintf("%s line %d: test %q: block %s", p.file, p.line, s.name, payloadNumber(&p.payload))
		block, err := p.payload.block()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if i == 0 && block.ParentHash() != genesisHash {
			return nil, fmt.Errorf("%s: its parent is %x, but the genesis %s hashes to %x: the payload set was made for another genesis",
				where, block.ParentHash(), genesisFile, genesisHash)
		}
		if want := payloadVersionOf(genesis, block.Header()); int(p.payload.Version) != want {
			return nil, fmt.Errorf("%s: sent as engine_newPayloadV%d, but the genesis %s puts it in %s, which takes engine_newPayloadV%d",
				where, p.payload.Version, genesisFile, genesis.Config.LatestFork(block.Time()), want)
		}
		if block.ParentHash() != parent {
			return nil, skip("not one chain (side blocks or reorgs)", "%s: block %d", s.name, block.NumberU64())
		}
		parent = block.Hash()
		blocks = append(blocks, block)
	}
	if head != (common.Hash{}) && head != parent {
		return nil, skip("last block is not the expected head", "%s: forkchoice head %x, last block %x", s.name, head, parent)
	}
	return &chain{name: s.name, genesis: genesis, blocks: blocks}, nil
}

// payloadVersionOf is the engine_newPayload version geth takes for a block
// of the header's fork.
func payloadVersionOf(genesis *core.Genesis, h *types.Header) int {
	switch fork := genesis.Config.LatestFork(h.Time); {
	case fork >= forks.Amsterdam:
		return 5
	case fork >= forks.Prague:
		return 4
	case fork >= forks.Cancun:
		return 3
	case fork >= forks.Shanghai:
		return 2
	default:
		return 1
	}
}

// readGenesis reads a geth genesis file (geth init's input).
func readGenesis(path string) (*core.Genesis, error) {
	blob, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(blob, []byte(lfsPointer)) {
		return nil, fmt.Errorf("--genesis %s is a Git LFS pointer, not the genesis (git lfs pull fetches it)", path)
	}
	genesis := new(core.Genesis)
	if err := json.Unmarshal(blob, genesis); err != nil {
		return nil, fmt.Errorf("--genesis %s: not a geth genesis file: %v", path, err)
	}
	if genesis.Config == nil {
		return nil, fmt.Errorf("--genesis %s: no chain config", path)
	}
	return genesis, nil
}
