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
	"strconv"

	"github.com/ethereum/go-ethereum/beacon/engine"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// enginePayload is one engine_newPayloadVN call: the fixture formats
// blockchain_test_engine and blockchain_test_engine_x list them as
// engineNewPayloads, and payload sets hold them as JSON-RPC requests.
type enginePayload struct {
	Params          []json.RawMessage `json:"params"`
	Version         jsonVersion       `json:"newPayloadVersion"`
	ValidationError string            `json:"validationError"`
}

// jsonVersion is an Engine API method version, written as a number or as a
// decimal string ("4") depending on the fixture release.
type jsonVersion int

func (v *jsonVersion) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("version %q is not a number", s)
		}
		*v = jsonVersion(n)
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("version %s is not a number", b)
	}
	*v = jsonVersion(n)
	return nil
}

// maxPayloadVersion is the newest engine_newPayload version geth serves
// (V5 is Amsterdam's, with the block access list).
const maxPayloadVersion = 5

// block builds the payload's block as geth's engine API does before it
// executes it, checking the payload's block hash against the block's.
// Versions 3 and up carry the blob versioned hashes and the parent beacon
// root, 4 and up the execution requests.
func (p *enginePayload) block() (*types.Block, error) {
	v := int(p.Version)
	if v < 1 || v > maxPayloadVersion {
		return nil, fmt.Errorf("engine_newPayloadV%d is not a version geth has (1 to %d)", v, maxPayloadVersion)
	}
	want := 1
	switch {
	case v >= 4:
		want = 4
	case v == 3:
		want = 3
	}
	if len(p.Params) != want {
		return nil, fmt.Errorf("engine_newPayloadV%d takes %d params, the payload has %d", v, want, len(p.Params))
	}
	var data engine.ExecutableData
	if err := json.Unmarshal(p.Params[0], &data); err != nil {
		return nil, fmt.Errorf("execution payload: %v", err)
	}
	var (
		hashes     []common.Hash
		beaconRoot *common.Hash
		requests   [][]byte
	)
	if v >= 3 {
		if err := json.Unmarshal(p.Params[1], &hashes); err != nil {
			return nil, fmt.Errorf("expected blob versioned hashes: %v", err)
		}
		if hashes == nil {
			hashes = []common.Hash{}
		}
		beaconRoot = new(common.Hash)
		if err := json.Unmarshal(p.Params[2], beaconRoot); err != nil {
			return nil, fmt.Errorf("parent beacon block root: %v", err)
		}
	}
	if v >= 4 {
		var reqs []hexutil.Bytes
		if err := json.Unmarshal(p.Params[3], &reqs); err != nil {
			return nil, fmt.Errorf("execution requests: %v", err)
		}
		requests = make([][]byte, len(reqs))
		for i, r := range reqs {
			requests[i] = r
		}
	}
	return engine.ExecutableDataToBlock(data, hashes, beaconRoot, requests)
}

// payloadNumber is the block number a payload states, for error messages
// about a payload that does not decode as a whole.
func payloadNumber(p *enginePayload) string {
	if len(p.Params) == 0 {
		return "?"
	}
	var head struct {
		Number *hexutil.Uint64 `json:"blockNumber"`
	}
	if json.Unmarshal(p.Params[0], &head) != nil || head.Number == nil {
		return "?"
	}
	return strconv.FormatUint(uint64(*head.Number), 10)
}
