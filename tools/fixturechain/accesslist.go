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
	"strings"

	"github.com/ethereum/go-ethereum/core/types/bal"
)

// fixtureAccessList is a block's EIP-7928 access list as execution-spec-tests
// writes it: geth's JSON field names, but quantities (slots, values, indices)
// with leading zeros ("0x00"), which geth's hex decoding refuses.
type fixtureAccessList struct {
	list bal.BlockAccessList
}

// UnmarshalJSON decodes the list after dropping the leading zeros of its
// quantities; addresses and code keep every digit.
func (l *fixtureAccessList) UnmarshalJSON(input []byte) error {
	var tree any
	if err := json.Unmarshal(input, &tree); err != nil {
		return err
	}
	blob, err := json.Marshal(trimQuantities(tree, ""))
	if err != nil {
		return err
	}
	return json.Unmarshal(blob, &l.list)
}

// verbatimFields hold byte strings, not quantities.
var verbatimFields = map[string]bool{"address": true, "newCode": true}

// trimQuantities returns the JSON tree with the leading zeros of every hex
// quantity removed; key is the field the value is under.
func trimQuantities(v any, key string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = trimQuantities(e, k)
		}
		return v
	case []any:
		for i, e := range v {
			v[i] = trimQuantities(e, key)
		}
		return v
	case string:
		if verbatimFields[key] || !strings.HasPrefix(v, "0x") {
			return v
		}
		if digits := strings.TrimLeft(v[2:], "0"); digits != "" {
			return "0x" + digits
		}
		return "0x0"
	}
	return v
}
