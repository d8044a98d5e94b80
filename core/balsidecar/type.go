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

package balsidecar

import (
	"errors"
	"strconv"
)

// Type says what a sidecar carries per listed account and slot, and so how
// import applies it. A file of a higher type serves a lower one (Downgrade).
type Type uint8

// Sidecar types. The numbers are those of the BAL study (seed 004): 2 was
// never defined.
const (
	TypeKeys         Type = 1 // addresses and storage keys: state fetched in parallel
	TypeSlotValues   Type = 3 // plus pre-block slot values, injected
	TypeFullPrestate Type = 4 // plus pre-block account values, injected
)

// errType is ParseType's error; callers name the flag or field it came from.
var errType = errors.New("BAL type must be 1, 3 or 4")

// ParseType parses a type as flags and files write it: "1", "3" or "4".
func ParseType(s string) (Type, error) {
	n, err := strconv.ParseUint(s, 10, 8)
	if err != nil || !Type(n).Valid() {
		return 0, errType
	}
	return Type(n), nil
}

// Valid reports whether t is a type this package knows.
func (t Type) Valid() bool {
	return t == TypeKeys || t == TypeSlotValues || t == TypeFullPrestate
}

// String returns t as ParseType reads it.
func (t Type) String() string {
	return strconv.Itoa(int(t))
}
